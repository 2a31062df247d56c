import Foundation

/// Where tests put their temporary files: one folder per test process, removed when the process
/// exits, so a test that fails or is cancelled before its own cleanup leaves nothing behind.
/// Every test target compiles its own copy into the one test process, so creating the folder
/// never empties it (another target's tests may be using it).
enum TestFolders {
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return url
    }()
}
