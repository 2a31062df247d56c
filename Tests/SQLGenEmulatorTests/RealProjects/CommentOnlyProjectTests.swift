import Foundation
import SQLGenEmulator
import Testing

/// Projects whose schema and operation files hold only comments: the web codelab's start state
/// (with seed data for the tables the codelab asks you to write) and every project
/// `firebase init dataconnect` made from June 2024 to August 2025. Data Connect reads such a file
/// as one that defines nothing.
@Suite("Real projects: comment-only files (codelab-dataconnect-web, init-template-2024) in the emulator")
struct CommentOnlyProjectTests {
    @Test(arguments: ["examples/codelab-dataconnect-web", "realworld/init-template-2024"])
    func startsWithNoTablesAndNoOperations(_ path: String) async throws {
        let emulator = try await RealProject(path).start()
        defer { Task { await emulator.shutdown() } }
        #expect(try emulator.storedTableNames() == [])
        #expect(await emulator.engine.operationList().isEmpty)
        #expect(try await emulator.graphQL("query { __typename }").json?["data", "__typename"] == .string("Query"))
    }

    @Test
    func codelabSeedDataNamesTheTablesStillToWrite() async throws {
        let project = try RealProject("examples/codelab-dataconnect-web")
        let emulator = try await project.start()
        defer { Task { await emulator.shutdown() } }
        let seed = await #expect(throws: EmulatorError.self) { try await project.seed(emulator, "moviedata_insert.gql") }
        #expect(seed?.message == #"moviedata_insert.gql: anonymous operation: Cannot query field "movie_insertMany" on type "Mutation"."#)
        let embed = await #expect(throws: EmulatorError.self) { try await project.seed(emulator, "optional_vector_embed.gql") }
        #expect(embed?.message.contains(#"Cannot query field "movie_update""#) == true)
        let operation = try await emulator.get("ListMovies")
        #expect(operation.status == 404)
    }

    /// What the two tests above expect, shown on an engine given no files at all (which is what
    /// a comment-only file amounts to).
    @Test func anEngineWithoutDefinitionsServesNothingAndRefusesSeedsClearly() async throws {
        let project = try RealProject("examples/codelab-dataconnect-web")
        let emulator = try await EmulatorHarness(schema: [], operations: [], connector: project.connectorId)
        defer { Task { await emulator.shutdown() } }
        #expect(try emulator.storedTableNames() == [])
        let seed = await #expect(throws: EmulatorError.self) { try await project.seed(emulator, "moviedata_insert.gql") }
        #expect(seed?.message == #"moviedata_insert.gql: anonymous operation: Cannot query field "movie_insertMany" on type "Mutation"."#)
        #expect(try await emulator.get("ListMovies").status == 404)
    }
}
