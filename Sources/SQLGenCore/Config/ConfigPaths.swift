import Foundation

/// Path arithmetic shared by the configuration readers (no file system access).
enum ConfigPaths {
    /// `path` made absolute against the current directory, with `.` and `..` removed.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` as written in a file in `directory`: absolute paths stay, relative ones start there.
    static func resolve(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") { return absolute(path) }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).standardizedFileURL.path
    }

    /// The folder holding `path`.
    static func parent(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    /// Whether `path` is `ancestor` or inside it.
    static func isInside(_ path: String, _ ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor.hasSuffix("/") ? ancestor : ancestor + "/")
    }
}
