import Foundation

/// The file operations of a package write. Each counts as one step, and one of them can be made
/// to fail (`failingStep`), so tests can check that a failure at any step leaves the old package.
final class PackageDisk {
    struct Failure: Error {
        var reason: String
    }

    private let failingStep: Int?
    /// Steps taken so far.
    private(set) var steps = 0

    init(failingStep: Int? = nil) {
        self.failingStep = failingStep
    }

    private func step() throws(Failure) {
        defer { steps += 1 }
        if steps == failingStep { throw Failure(reason: "simulated failure at step \(steps)") }
    }

    private static func failure() -> Failure {
        Failure(reason: String(cString: strerror(errno)))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    func createDirectory(_ path: String) throws(Failure) {
        try step()
        if mkdir(path, 0o755) != 0 { throw Self.failure() }
    }

    /// Creates `path` and its missing ancestors; the folders it created, outermost first.
    func createFolders(_ path: String) throws(Failure) -> [String] {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !exists(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        var created: [String] = []
        for folder in missing.reversed() {
            do throws(Failure) {
                try createDirectory(folder)
            } catch {
                for made in created.reversed() { removeFolder(made) }
                throw error
            }
            created.append(folder)
        }
        return created
    }

    func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try step()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Self.failure() }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure()
            }
            offset += count
        }
    }

    func rename(_ source: String, _ destination: String) throws(Failure) {
        try step()
        if Foundation.rename(source, destination) != 0 { throw Self.failure() }
    }

    /// Undoes a rename, best effort (there is nothing left to fall back on).
    func renameBack(_ source: String, _ destination: String) {
        _ = Foundation.rename(source, destination)
    }

    /// Removes a folder and what it holds, best effort: a failure leaves a hidden folder behind.
    func removeTree(_ path: String) {
        guard (try? step()) != nil else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes an empty folder, best effort.
    func removeFolder(_ path: String) {
        _ = rmdir(path)
    }
}
