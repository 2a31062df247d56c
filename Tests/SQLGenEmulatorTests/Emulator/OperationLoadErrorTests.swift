import Foundation
import SQLGenLanguage
import Testing
@testable import SQLGenEmulator

/// Loading a connector whose operations validation gives up on: the error names the file that
/// holds the problem, not merely the connector's first file.
@Suite struct OperationLoadErrorTests {
    @Test func tooDeepFragmentsNameTheirFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = (0...1_000).map { index in
            index < 1_000 ? "fragment F\(index) on Movie { ...F\(index + 1) }" : "fragment F\(index) on Movie { title }"
        }.joined(separator: "\n")
        let first = Source("query listMovies @auth(level: PUBLIC) { movies { title } }\n", name: "a.gql", id: SourceID(1))
        let second = Source("query deep @auth(level: PUBLIC) { movies { ...F0 } }\n" + chain, name: "b.gql", id: SourceID(2))
        #expect {
            _ = try TestDatabase.engine(schemaSources: [Source("type Movie @table { title: String! }", name: "schema.gql")],
                                   operationSources: [first, second], connectorId: "c",
                                   databasePath: directory.appendingPathComponent("db.sqlite").path)
        } throws: { error in
            (error as? EmulatorError)?.message == "b.gql: Fragments nest selections more than 1000 levels deep. Validation aborted."
        }
    }
}
