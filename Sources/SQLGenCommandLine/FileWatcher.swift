import Foundation
import SQLGenCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for changes in a set of folders (not their subfolders): inotify on Linux (no CPU while
/// idle), a cheap modification-time poll elsewhere. On Linux it also says what changed, so a
/// `GeneratorSession` run looks only at those files.
public final class FileWatcher {
    private let roots: [String]
    #if os(Linux)
    private var descriptor: Int32 = -1
    /// Each watch's folder, and whether a change in it ends a wait (else it is only recorded).
    private var watches: [Int32: (folder: String, wakes: Bool)] = [:]
    private var recording: [String]
    private var changedPaths: Set<String> = []
    private var changedListings: Set<String> = []
    /// Events were lost (the queue overflowed, a folder went away): the changes are unknown.
    private var lostEvents = false
    #endif
    private var lastSnapshot: [String: Date] = [:]
    /// Nothing is known of what changed before the first wait: the watches were just made.
    private var isFresh = true

    /// Watches `roots`, whose changes end a wait, and `recording`, whose changes (a run's own
    /// writes, say) are only reported with the next ones.
    public init(folders roots: [String], recording: [String] = []) {
        self.roots = roots
        #if os(Linux)
        self.recording = recording
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        #endif
        rewatch()
    }

    deinit {
        #if os(Linux)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// Watches the folders.
    func rewatch() {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        let watched = Set(watches.values.map(\.folder))
        for (folder, wakes) in roots.map({ ($0, true) }) + recording.map({ ($0, false) }) where !watched.contains(folder) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0, watches[watch] == nil { watches[watch] = (folder, wakes) }
        }
        #else
        lastSnapshot = snapshot()
        #endif
    }

    /// Blocks until something changes, then waits until saves stop for `quiet` seconds, so a burst
    /// of saves (an editor's write-rename-chmod) gives one regeneration.
    public func waitForChange(quiet: TimeInterval = 0.05) {
        _ = waitForChanges(quiet: quiet)
    }

    /// As `waitForChange`, and what changed since the last wait: nil when the watcher cannot tell
    /// (the first wait, lost events, or no inotify).
    public func waitForChanges(quiet: TimeInterval = 0.05) -> FileChanges? {
        #if os(Linux)
        if descriptor >= 0 {
            while !drain(timeoutMilliseconds: -1) {}
            while drain(timeoutMilliseconds: Int32(quiet * 1000)) {}
            return takeChanges()
        }
        #endif
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let current = snapshot()
            if current != lastSnapshot {
                lastSnapshot = current
                return nil
            }
        }
    }

    #if os(Linux)
    private func takeChanges() -> FileChanges? {
        defer {
            (changedPaths, changedListings, lostEvents, isFresh) = ([], [], false, false)
        }
        guard !isFresh, !lostEvents else { return nil }
        return FileChanges(watchedFolders: Set(watches.values.map(\.folder)), changedPaths: changedPaths, changedListings: changedListings)
    }

    /// Reads pending events; true when one of them was in a folder whose changes end a wait.
    private func drain(timeoutMilliseconds: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pollDescriptor, 1, timeoutMilliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return buffer.withUnsafeBytes { record(events: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// Notes each `inotify_event` in `bytes`; true when one of them ends a wait.
    private func record(events bytes: UnsafeRawBufferPointer) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        let listingChanges = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        let lost = UInt32(IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
        var wakes = false
        var offset = 0
        while offset + header <= bytes.count {
            let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[(offset + header)..<min(bytes.count, offset + header + Int(event.len))])
            offset += header + Int(event.len)
            guard let watch = watches[event.wd] else {
                lostEvents = true
                wakes = true
                continue
            }
            wakes = wakes || watch.wakes
            if event.mask & lost != 0 { lostEvents = true }
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            guard !name.isEmpty else { continue }
            changedPaths.insert(watch.folder + "/" + name)
            if event.mask & listingChanges != 0 { changedListings.insert(watch.folder) }
        }
        return wakes
    }
    #endif

    private func snapshot() -> [String: Date] {
        var result: [String: Date] = [:]
        for root in roots {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { continue }
            for name in names {
                let path = root + "/" + name
                if let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date {
                    result[path] = date
                }
            }
        }
        return result
    }
}
