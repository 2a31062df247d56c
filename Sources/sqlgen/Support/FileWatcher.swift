import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for changes in a set of folders (not their subfolders): inotify on Linux (no CPU while
/// idle), a cheap modification-time poll elsewhere.
final class FileWatcher {
    private let roots: [String]
    #if os(Linux)
    private var descriptor: Int32 = -1
    private var watched: Set<String> = []
    #endif
    private var lastSnapshot: [String: Date] = [:]

    init(folders roots: [String]) {
        self.roots = roots
        #if os(Linux)
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
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB)
        for folder in folders() where !watched.contains(folder) {
            if inotify_add_watch(descriptor, folder, mask) >= 0 { watched.insert(folder) }
        }
        #else
        lastSnapshot = snapshot()
        #endif
    }

    /// Blocks until something changes, then waits until saves stop for `quiet` seconds, so a burst
    /// of saves (an editor's write-rename-chmod) gives one regeneration.
    func waitForChange(quiet: TimeInterval = 0.05) {
        #if os(Linux)
        if descriptor >= 0 {
            drain(timeoutMilliseconds: -1)
            while drain(timeoutMilliseconds: Int32(quiet * 1000)) {}
            rewatch()
            return
        }
        #endif
        while true {
            Thread.sleep(forTimeInterval: 0.1)
            let current = snapshot()
            if current != lastSnapshot {
                lastSnapshot = current
                return
            }
        }
    }

    #if os(Linux)
    /// Reads pending events; false when none arrived within the timeout.
    @discardableResult
    private func drain(timeoutMilliseconds: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pollDescriptor, 1, timeoutMilliseconds)
        guard ready > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        _ = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return true
    }
    #endif

    private func folders() -> [String] { roots }

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
