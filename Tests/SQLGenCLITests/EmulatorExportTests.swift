import Foundation
import Testing

/// `--export` writes every row when the emulator stops; `--import` of that file into a fresh
/// database serves the same rows.
@Suite("sqlgen emulator --export and --import")
struct EmulatorExportTests {
    typealias Emulator = EmulatorCommandTests

    /// Starts an emulator with `arguments`, asks for the Drama movies, stops it with SIGTERM: its
    /// exit status and the answer.
    static func runOnce(_ arguments: [String], in directory: URL) async throws -> (status: Int32, body: String) {
        let emulator = try Emulator.RunningEmulator(["--port", "0"] + arguments, in: directory)
        let port = try await emulator.port()
        let (_, body) = try await Emulator.post(port, "/graphql/execute.json/movies/listMoviesByGenre", #"{"variables": {"genre": "Drama"}}"#)
        kill(emulator.process.processIdentifier, SIGTERM)
        return (try await emulator.waitForExit(), body)
    }

    @Test func anExportImportsIntoAFreshDatabase() async throws {
        let directory = try Emulator.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Through a symbolic link: the file it names is replaced, the link stays.
        try Data("old".utf8).write(to: directory.appendingPathComponent("rows.json"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("export.json").path, withDestinationPath: "rows.json")
        let seeded = try await Self.runOnce(["--data-dir", "first", "--seed", "seed/movies.gql", "--export", "export.json"], in: directory)
        #expect(seeded.status == 0)
        #expect(seeded.body.contains("Casablanca"))
        let exported = try String(contentsOf: directory.appendingPathComponent("rows.json"), encoding: .utf8)
        #expect(exported.contains("Casablanca"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("export.json").path) == "rows.json")

        let imported = try await Self.runOnce(["--data-dir", "second", "--import", "rows.json"], in: directory)
        #expect(imported.status == 0)
        #expect(imported.body == seeded.body)
    }

    @Test func anExportToAFolderThatIsNotThereIsAnError() async throws {
        let directory = try Emulator.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await Self.runOnce(["--export", "missing/rows.json"], in: directory)
        #expect(run.status == 1)
    }
}
