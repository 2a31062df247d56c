import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLGenLanguage

/// Where `sqlgen generate` keeps, between processes, a record of each package it wrote, so that
/// a run after a one-file change builds and renders only the operations that change touches.
/// A record is only ever a shortcut: a missing, damaged or outdated one means a full run.
public struct GenerationCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// `$SQLGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/sqlgen`, else `~/.cache/sqlgen`; nil with
    /// neither a cache folder nor a home.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["SQLGEN_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty { return cache + "/sqlgen" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/sqlgen" }
        return nil
    }

    /// The record of the package at `packageDirectory` (absolute), if one was kept and reads whole.
    func record(for packageDirectory: String) -> PackageRecord? {
        guard let bytes = Self.read(path(for: packageDirectory)) else { return nil }
        return try? PackageRecord(decoding: bytes)
    }

    /// Keeps `record`, replacing the last one at once (a temporary file renamed over it), or
    /// drops the old one when `record` is nil. Best effort: a cache that cannot be written only
    /// costs the next run its shortcut.
    func save(_ record: PackageRecord?, for packageDirectory: String) {
        let target = path(for: packageDirectory)
        guard let record else {
            unlink(target)
            return
        }
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        let temporary = target + ".\(getpid()).tmp"
        let bytes = record.encoded()
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
        prune()
    }

    /// Records kept at most; beyond, the least recently written go (packages long deleted, say).
    static let recordLimit = 256

    private func prune() {
        guard let entries = DirectoryEntries.list(directory) else { return }
        let records = entries.filter { $0.kind == .file && $0.name.hasSuffix(".record") }.map { directory + "/" + $0.name }
        guard records.count > Self.recordLimit else { return }
        let byAge = records.map { path in (path, FileFingerprint(path: path)?.modifiedSeconds ?? 0) }.sorted { $0.1 < $1.1 }
        for (path, _) in byAge.prefix(records.count - Self.recordLimit) { unlink(path) }
    }

    /// One file per package folder, named by a hash of its path.
    func path(for packageDirectory: String) -> String {
        let hash = ContentHash(packageDirectory)
        return directory + "/package-" + String(hash.high, radix: 16) + String(hash.low, radix: 16) + ".record"
    }

    static func read(_ path: String) -> [UInt8]? {
        FileBytes.read(path)
    }
}
