import Foundation
import SQLGenLanguage

/// Files read from disk, kept while their size and modification time stay the same: validating a
/// connector after each keystroke reads its hundreds of closed files with one `stat` each.
final class DiskFiles {
    private struct Entry {
        var size: Int
        var modified: timespec
        var bytes: [UInt8]
    }

    private var entries: [String: Entry] = [:]
    /// Larger files are not read (no GraphQL file is this large; `/proc/kcore` says it is larger).
    static let maximumSize = 64 << 20

    func bytes(_ path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maximumSize else {
            entries[path] = nil
            return nil
        }
        let modified = Self.modificationTime(info)
        if let entry = entries[path], entry.size == Int(info.st_size), entry.modified == modified { return entry.bytes }
        guard let bytes = FileBytes.read(path) else { return nil }
        entries[path] = Entry(size: Int(info.st_size), modified: modified, bytes: bytes)
        return bytes
    }

    private static func modificationTime(_ info: stat) -> timespec {
        #if canImport(Darwin)
        info.st_mtimespec
        #else
        info.st_mtim
        #endif
    }
}

private func == (lhs: timespec, rhs: timespec) -> Bool {
    lhs.tv_sec == rhs.tv_sec && lhs.tv_nsec == rhs.tv_nsec
}
