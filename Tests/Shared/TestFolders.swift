import Foundation

/// Where tests put their temporary files: one folder per test process, removed when the process
/// exits, so a test that fails or is cancelled before its own cleanup leaves nothing behind.
enum TestFolders {
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return url
    }()
}
