import Foundation

/// Replaces a file's contents all at once: the bytes go to a temporary file in the same folder,
/// which is then renamed over the target, so a reader (or a crash) never sees a half-written file.
/// An existing file keeps its permissions.
enum AtomicFileWriter {
    struct WriteError: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to `path`; a symbolic link is followed, so its target is replaced, not the link.
    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).sqlgen-\(UUID().uuidString).tmp")
        var attributes: [FileAttributeKey: Any] = [:]
        if let existing = try? FileManager.default.attributesOfItem(atPath: url.path), let permissions = existing[.posixPermissions] {
            attributes[.posixPermissions] = permissions
        }
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes), attributes: attributes) else {
            throw WriteError(path: path, reason: "cannot create a temporary file in '\(folder.path)'")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
