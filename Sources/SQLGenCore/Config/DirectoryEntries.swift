import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension String {
    /// Byte order of the UTF-8 text, by `memcmp` (a generic comparison of the views is slow).
    func utf8Precedes(_ other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { a in
            right.withUTF8 { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return a.count < b.count }
                let order = memcmp(first, second, Swift.min(a.count, b.count))
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }
}

/// A folder's entries read with `readdir`, their kinds from the entry itself where the file system
/// gives it: a connector's folders are listed on every `--watch` run, and Foundation's listing
/// asks for each entry's attributes one by one.
struct DirectoryEntries {
    enum Kind {
        case file, directory
        /// Not followed: a walk that follows links to folders can loop.
        case linkToDirectory
        case other
    }

    struct Entry {
        var name: String
        var kind: Kind
    }

    /// The entries of `directory` (without `.` and `..`), or nil when it cannot be read.
    static func list(_ directory: String) -> [Entry]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(Entry(name: name, kind: kind(Int32(entry.pointee.d_type), path: directory + "/" + name)))
        }
        return entries
    }

    private static func kind(_ type: Int32, path: String) -> Kind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK), Int32(DT_UNKNOWN): return kindByStat(path, link: type == Int32(DT_LNK))
        default: return .other
        }
    }

    /// What a link points at (or an entry of a file system that does not say) by `lstat`/`stat`.
    private static func kindByStat(_ path: String, link: Bool) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        if isLink, stat(path, &info) != 0 { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return isLink ? .linkToDirectory : .directory
        default: return .other
        }
    }
}

/// Folder listings and walks kept between runs of a session: a folder's entries change only when
/// its own modification time does, so a walk whose folders all look the same finds the same files.
final class DirectoryListings {
    private var listings: [String: (fingerprint: FileFingerprint, entries: [DirectoryEntries.Entry])] = [:]
    private var walks: [WalkKey: (folders: [(path: String, fingerprint: FileFingerprint)], files: [String])] = [:]
    /// The folders listed by the walk in progress, with their fingerprints (nil: not to be trusted).
    private var listed: [(path: String, fingerprint: FileFingerprint?)] = []
    /// What a watcher saw change since the last run; nil: anything may have.
    var changes: FileChanges?

    private struct WalkKey: Hashable {
        var root: String
        var excluded: Set<String>
    }

    /// The entries of `directory`, sorted by name (byte order).
    func entries(of directory: String) -> [DirectoryEntries.Entry]? {
        if let known = listings[directory], changes?.listingMayHaveChanged(directory) == false {
            listed.append((directory, known.fingerprint))
            return known.entries
        }
        let fingerprint = FileFingerprint(path: directory)
        if let fingerprint, let known = listings[directory], known.fingerprint == fingerprint {
            listed.append((directory, fingerprint))
            return known.entries
        }
        let started = Date()
        guard let entries = DirectoryEntries.list(directory)?.sorted(by: { $0.name.utf8Precedes($1.name) }) else {
            listings[directory] = nil
            listed.append((directory, nil))
            return nil
        }
        // A link's target can change without the folder changing: such listings are read again.
        let trusted = fingerprint.flatMap { $0.isRecent(comparedTo: started) ? nil : $0 }
        let hasLinks = entries.contains { $0.kind == .linkToDirectory }
        listings[directory] = trusted.flatMap { hasLinks ? nil : ($0, entries) }
        listed.append((directory, hasLinks ? nil : trusted))
        return entries
    }

    /// The result of `walk` for (`root`, `excluded`), walked again only when a folder it listed changed.
    func files(under root: String, excluding excluded: Set<String>, walk: () -> [String]) -> [String] {
        let key = WalkKey(root: root, excluded: excluded)
        if let known = walks[key], known.folders.allSatisfy({ isUnchanged($0.path, $0.fingerprint) }) {
            return known.files
        }
        listed = []
        let files = walk()
        var folders: [(path: String, fingerprint: FileFingerprint)] = []
        for folder in listed {
            guard let fingerprint = folder.fingerprint else {
                walks[key] = nil
                return files
            }
            folders.append((folder.path, fingerprint))
        }
        walks[key] = (folders, files)
        return files
    }

    private func isUnchanged(_ folder: String, _ fingerprint: FileFingerprint) -> Bool {
        changes?.listingMayHaveChanged(folder) == false || FileFingerprint(path: folder) == fingerprint
    }
}
