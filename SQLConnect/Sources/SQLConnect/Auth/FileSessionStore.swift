import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A token in a file readable only by the user (0600, in a 0700 folder), replaced atomically.
/// The default folder is `<application support>/<service>` (`~/.local/share/<service>` on Linux).
public struct FileSessionStore: SessionStore {
    /// The token file.
    public let file: URL

    /// The token of `service` in `directory/<service>` (default: the user's application support
    /// folder), so services sharing a directory keep their tokens apart.
    public init(service: String, directory: URL? = nil) {
        let parent = directory ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
        file = parent.appendingPathComponent(service, isDirectory: true).appendingPathComponent("session-token")
    }

    public func loadToken() throws -> String? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    public func saveToken(_ token: String) throws {
        let directory = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".session-token-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw DataConnectError.configuration(key: "SessionStore", message: "Cannot write \(temporary.path).")
        }
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
            // rename(2) replaces the old token atomically.
            guard rename(temporary.path, file.path) == 0 else {
                throw DataConnectError.configuration(key: "SessionStore", message: "Cannot replace \(file.path) (errno \(errno)).")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
    }
}
