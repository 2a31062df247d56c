import Foundation
import SQLGenLanguage

/// Replaces a file's contents all at once: the bytes go to a temporary file in the same folder,
/// which is then renamed over the target, so a reader (or a crash) never sees a half-written file.
/// An existing file keeps its permissions.
public enum AtomicFileWriter {
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to `path`; a symbolic link is followed, so its target is replaced, not the link.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
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

    /// Writes `bytes` to `path` only if the file does not already hold exactly them, so unchanged
    /// outputs keep their modification time (build systems and watchers stay quiet). Creates
    /// missing parent folders when `createFolders` is set. Returns whether it wrote.
    @discardableResult
    public static func writeIfChanged(_ bytes: [UInt8], to path: String, createFolders: Bool = false) throws(WriteError) -> Bool {
        if FileBytes.read(path) == bytes {
            return false
        }
        if createFolders {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create folder '\(folder.path)'")
            }
        }
        try write(bytes, to: path)
        return true
    }
}
