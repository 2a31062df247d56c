import Foundation

/// A stored response body and when it arrived.
struct CacheEntry: Sendable {
    let storedAt: Date
    let body: Data
}

/// Where the client keeps successful query responses, keyed by request ID.
protocol CacheStore: Sendable {
    func read(_ key: String) -> CacheEntry?
    func write(_ key: String, _ entry: CacheEntry)
    func removeAll()
}

/// Results in process memory.
final class MemoryCacheStore: CacheStore {
    private let entries = Locked<[String: CacheEntry]>([:])

    func read(_ key: String) -> CacheEntry? {
        entries.withLock { $0[key] }
    }

    func write(_ key: String, _ entry: CacheEntry) {
        entries.withLock { $0[key] = entry }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}

/// One file per result, written atomically: the first line is the store time (seconds since 1970),
/// the rest the response body. Unreadable or malformed files are misses.
final class FileCacheStore: CacheStore {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    /// `<caches>/SQLConnect/<hash of the connector identity>`.
    static func defaultDirectory(identity: String) -> URL {
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("SQLConnect", isDirectory: true)
            .appendingPathComponent(String(SHA256.hexDigest(identity).prefix(32)), isDirectory: true)
    }

    private func file(_ key: String) -> URL {
        directory.appendingPathComponent(key + ".cache")
    }

    func read(_ key: String) -> CacheEntry? {
        guard let contents = try? Data(contentsOf: file(key)),
              let newline = contents.firstIndex(of: UInt8(ascii: "\n")),
              let seconds = Double(String(decoding: contents[contents.startIndex..<newline], as: UTF8.self)),
              seconds.isFinite
        else { return nil }
        return CacheEntry(storedAt: Date(timeIntervalSince1970: seconds), body: Data(contents[(newline + 1)...]))
    }

    func write(_ key: String, _ entry: CacheEntry) {
        var contents = Data("\(entry.storedAt.timeIntervalSince1970)\n".utf8)
        contents.append(entry.body)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try contents.write(to: file(key), options: .atomic)
        } catch {
            // A cache that cannot be written is only a slower cache.
        }
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }
}
