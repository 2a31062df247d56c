import Foundation
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
    private var snapshots: [String: (fingerprint: FileFingerprint, bytes: [UInt8], run: Int)] = [:]
    private var run = 0
    /// Snapshots the current run read: when all were, none is dropped and none need visiting.
    private var used = 0

    /// Starts a run: files the previous run did not read are forgotten.
    func beginRun() {
        let previous = run
        if used != snapshots.count { snapshots = snapshots.filter { $0.value.run == previous } }
        run += 1
        used = 0
    }

    /// How many files are kept.
    var count: Int { snapshots.count }

    func contents(of path: String) -> [UInt8]? {
        let fingerprint = FileFingerprint(path: path)
        if let fingerprint, let index = snapshots.index(forKey: path), snapshots.values[index].fingerprint == fingerprint {
            if snapshots.values[index].run != run { used += 1 }
            snapshots.values[index].run = run
            return snapshots.values[index].bytes
        }
        let started = Date()
        guard let bytes = FileBytes.read(path) else {
            forget(path)
            return nil
        }
        if let fingerprint, !fingerprint.isRecent(comparedTo: started), FileFingerprint(path: path) == fingerprint {
            if snapshots[path]?.run != run { used += 1 }
            snapshots[path] = (fingerprint, bytes, run)
        } else {
            forget(path)
        }
        return bytes
    }

    private func forget(_ path: String) {
        if let removed = snapshots.removeValue(forKey: path), removed.run == run { used -= 1 }
    }
}

/// The generated files a session last found on disk, with their fingerprints: a file whose new
/// contents are the same and whose fingerprint is unchanged is known to be unchanged unread.
final class GeneratedFileSnapshots {
    /// By path relative to the package: no path is built for the files a run leaves alone.
    private var files: [String: (fingerprint: FileFingerprint, contents: String)] = [:]
    /// The package's files and source folders after the last run: while the folders look the
    /// same and the files are the same, no stale file can have appeared. (The folders change with
    /// each run's own writes, so they are trusted even when just modified; a file put into the
    /// generated folder by hand in that same instant is found by the next run that changes it.)
    private var paths: [String] = []
    private var folders: [(path: String, fingerprint: FileFingerprint)] = []

    func hasNoStaleFiles(in directory: String, keeping: [String]) -> Bool {
        !folders.isEmpty && keeping == paths && folders.allSatisfy { FileFingerprint(path: directory + "/" + $0.path) == $0.fingerprint }
    }

    /// Whether the package's file at `path` is known to hold `contents` already.
    func holds(_ contents: String, at path: String, in directory: String) -> Bool {
        guard let known = files[path], known.contents == contents else { return false }
        return FileFingerprint(path: directory + "/" + path) == known.fingerprint
    }

    /// Records what the package in `directory` holds after a run (files that may still change
    /// within the file system's clock tick are left to be read next time). A file known to hold
    /// the same contents keeps its fingerprint: this run's `holds` checked it.
    func record(_ generated: [GeneratedFile], in directory: String) {
        let now = Date()
        for file in generated {
            if let known = files[file.path], known.contents == file.contents { continue }
            if let fingerprint = FileFingerprint(path: directory + "/" + file.path), !fingerprint.isRecent(comparedTo: now) {
                files[file.path] = (fingerprint, file.contents)
            } else {
                files[file.path] = nil
            }
        }
        let paths = generated.map(\.path)
        if files.count > generated.count {
            let current = Set(paths)
            files = files.filter { current.contains($0.key) }
        }
        let folderPaths = paths == self.paths && !folders.isEmpty ? folders.map(\.path) : PackageWriter.sourceFolders(in: directory)
        folders = folderPaths.compactMap { folder in FileFingerprint(path: directory + "/" + folder).map { (folder, $0) } }
        self.paths = paths
    }
}
