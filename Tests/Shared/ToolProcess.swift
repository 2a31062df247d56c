import Foundation

/// Runs an executable SwiftPM built beside the test bundle, as a user would run it.
enum ToolProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built executable `name` (in the same products folder as the test bundle).
    static func executableURL(named name: String) -> URL {
        var url = Bundle.main.bundleURL
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            url = bundle.bundleURL.deletingLastPathComponent()
        }
        let candidate = url.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        // swift-testing on Linux runs from the products folder itself.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs `executable arguments...` in `directory`, feeding `input` on standard input (with
    /// `environment` instead of the test's own when given).
    ///
    /// The wait happens on a thread of its own: blocking one of the few threads of Swift's
    /// cooperative pool would stall every other test that runs at the same time.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
                    environment: [String: String]? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try runBlocking(executable, arguments, in: directory, input: input, environment: environment))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func runBlocking(_ executable: URL, _ arguments: [String], in directory: URL?, input: String?, environment: [String: String]?) throws -> Result {
        // Generation records go to the test's own folder, removed with it.
        var environment = environment ?? ProcessInfo.processInfo.environment
        if environment["SQLGEN_CACHE_DIR"] == nil, let directory { environment["SQLGEN_CACHE_DIR"] = directory.path + "/.sqlgen-cache" }
        #if os(Linux)
        if let spawned = try PosixSpawn.run(executable.path, arguments, in: directory?.path, input: Array((input ?? "").utf8), environment: environment) {
            return Result(status: spawned.status, stdout: String(decoding: spawned.stdout, as: UTF8.self), stderr: String(decoding: spawned.stderr, as: UTF8.self))
        }
        #endif
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A fresh temporary folder for one test (removed with the test process's folder).
    static func temporaryDirectory() throws -> URL {
        let url = TestFolders.root.appendingPathComponent("sqlgen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
