import Foundation
import SQLGenLanguage
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What `stat` says of a file: when a later look finds the same, the file holds the same bytes.
struct FileFingerprint: Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        (self.device, self.inode, self.size) = (device, inode, size)
        (self.modifiedSeconds, self.modifiedNanoseconds) = (modifiedSeconds, modifiedNanoseconds)
    }

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }

    /// Whether `path` is a symbolic link: a watcher of its folder does not see its target change.
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 || (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether a write in the same clock tick as `now` could leave the time unchanged (file system
    /// clocks advance in steps of a few milliseconds), so the fingerprint cannot be trusted yet.
    func isRecent(comparedTo now: Date) -> Bool {
        let modified = Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9
        return now.timeIntervalSince1970 - modified < 0.05
    }
}

/// The bytes of files read before, kept with their fingerprints: a file whose fingerprint is
/// unchanged is not read again. As git does with its index, a file modified just before it was
/// read is read again next time, since a second write in the same tick would not show.
final class FileSnapshots {
    private struct Snapshot {
        var fingerprint: FileFingerprint
        var bytes: [UInt8]
        /// A link's target changes unseen by a watcher of the link's folder.
        var isLink: Bool
        var folder: String
    }

    /// The files the last run read, in the order it read them: the next run reads them alike.
    private var snapshots = RunMemo<Snapshot>()
    /// What a watcher saw change since the last run; nil: anything may have.
    var changes: FileChanges?

    /// Starts a run: files the previous run did not read are forgotten.
    func beginRun() {
        snapshots.beginRun()
    }

    /// How many files are kept: those this run read, or until it reads one, those the last run read.
    var count: Int { snapshots.count > 0 ? snapshots.count : snapshots.previousCount }

    func contents(of path: String) -> [UInt8]? {
        let known = snapshots.previous(path)
        if let known, !known.isLink, let changes, !changes.mayHaveChanged(path, in: known.folder) {
            snapshots.record(path, known)
            return known.bytes
        }
        let fingerprint = FileFingerprint(path: path)
        if let fingerprint, let known, known.fingerprint == fingerprint {
            snapshots.record(path, known)
            return known.bytes
        }
        let started = Date()
        guard let bytes = FileBytes.read(path) else {
            snapshots.forget(path)
            return nil
        }
        if let fingerprint, !fingerprint.isRecent(comparedTo: started), FileFingerprint(path: path) == fingerprint {
            snapshots.record(path, Snapshot(fingerprint: fingerprint, bytes: bytes, isLink: FileFingerprint.isSymbolicLink(path),
                                            folder: FileChanges.folder(of: path)))
        } else {
            snapshots.forget(path)
        }
        return bytes
    }
}

/// The generated files a session last found on disk, with their fingerprints: a file whose new
/// contents are the same and whose fingerprint is unchanged is known to be unchanged unread.
final class GeneratedFileSnapshots {
    /// The package's files after the last run, by relative path (no path is built for the files a
    /// run leaves alone), and what each held, in the same order: a run lists its files as the last
    /// one did, so each is found by its place. Nil where the fingerprint was not trusted yet.
    private var paths: [String] = []
    private var known: [Known?] = []
    /// The folder `record` last recorded; each file's full path is kept, to `stat` it unbuilt.
    private var directory = ""
    /// Path → place in `paths`, built when a file is not at its place.
    private var positions: [String: Int]?
    /// The package's source folders after the last run: while the folders look the same and the
    /// files are the same, no stale file can have appeared. (The folders change with each run's
    /// own writes, so they are trusted even when just modified; a file put into the generated
    /// folder by hand in that same instant is found by the next run that changes it.)
    private var folders: [(path: String, fingerprint: FileFingerprint)] = []

    /// What a watcher saw change since the last run; nil: anything may have.
    var changes: FileChanges?

    /// The package's folder and its source folders, as the last run recorded them.
    var recordedFolders: [String] {
        directory.isEmpty ? [] : [directory] + folders.map { directory + "/" + $0.path }
    }

    func hasNoStaleFiles(in directory: String, keeping: [String]) -> Bool {
        !folders.isEmpty && keeping == paths && folders.allSatisfy { folder in
            let path = directory + "/" + folder.path
            return changes?.listingMayHaveChanged(path) == false || FileFingerprint(path: path) == folder.fingerprint
        }
    }

    /// Whether the package's file at `path`, the run's file number `index`, is known to hold
    /// `contents` already.
    func holds(_ contents: String, at path: String, index: Int, in directory: String) -> Bool {
        guard directory == self.directory, let place = place(of: path, at: index), let known = known[place], known.contents == contents else { return false }
        return changes?.mayHaveChanged(known.fullPath, in: known.folder) == false || FileFingerprint(path: known.fullPath) == known.fingerprint
    }

    private struct Known {
        var fingerprint: FileFingerprint
        var contents: String
        var fullPath: String
        var folder: String
    }

    /// Where the last run's files hold `path`: at `index` when the order is unchanged.
    private func place(of path: String, at index: Int) -> Int? {
        if index < paths.count, paths[index] == path { return index }
        if positions == nil { positions = Dictionary(zip(paths, paths.indices), uniquingKeysWith: { _, last in last }) }
        return positions?[path]
    }

    /// Records what the package in `directory` holds after a run (files that may still change
    /// within the file system's clock tick are left to be read next time). A file known to hold
    /// the same contents keeps its fingerprint: this run's `holds` checked it.
    func record(_ generated: [GeneratedFile], in directory: String) {
        let now = Date()
        var recorded: [Known?] = []
        recorded.reserveCapacity(generated.count)
        let sameFolder = directory == self.directory
        for (index, file) in generated.enumerated() {
            if sameFolder, let place = place(of: file.path, at: index), known[place]?.contents == file.contents {
                recorded.append(known[place])
                continue
            }
            let fullPath = directory + "/" + file.path
            if let fingerprint = FileFingerprint(path: fullPath), !fingerprint.isRecent(comparedTo: now) {
                recorded.append(Known(fingerprint: fingerprint, contents: file.contents, fullPath: fullPath, folder: FileChanges.folder(of: fullPath)))
            } else {
                recorded.append(nil)
            }
        }
        let paths = generated.map(\.path)
        let folderPaths = paths == self.paths && !folders.isEmpty ? folders.map(\.path) : PackageWriter.sourceFolders(in: directory)
        folders = folderPaths.compactMap { folder in FileFingerprint(path: directory + "/" + folder).map { (folder, $0) } }
        (self.paths, known, positions, self.directory) = (paths, recorded, nil, directory)
    }
}
