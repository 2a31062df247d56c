import Foundation
import Testing

/// Runs the `sqlgen` executable that SwiftPM built next to the test bundle.
enum SQLGen {
    typealias Result = ToolProcess.Result

    /// The built `sqlgen` binary (in the same products folder as the test bundle).
    static var executableURL: URL { ToolProcess.executableURL(named: "sqlgen") }

    /// Runs `sqlgen arguments...` in `directory`, feeding `input` on standard input (with
    /// `environment` instead of the test's own when given).
    static func run(_ arguments: [String], in directory: URL? = nil, input: String? = nil, environment: [String: String]? = nil) async throws -> Result {
        try await ToolProcess.run(executableURL, arguments, in: directory, input: input, environment: environment)
    }

    /// A fresh temporary folder for one test.
    static func temporaryDirectory() throws -> URL {
        try ToolProcess.temporaryDirectory()
    }
}

@Suite struct CLIBasicsTests {
    @Test func versionPrintsAndExitsZero() async throws {
        let result = try await SQLGen.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("sqlgen "))
    }

    @Test func unknownCommandExitsTwoAndNamesIt() async throws {
        let result = try await SQLGen.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("frobnicate"))
    }

    @Test func helpListsCommands() async throws {
        let result = try await SQLGen.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("format"))
    }
}
