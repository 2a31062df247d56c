import Foundation
import Testing
@testable import SQLGenLSP

@Suite struct WorkspaceTests {
    @Test func eachFileIsCheckedAgainstItsOwnConnector() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        // A Data Connect project of two connectors beside a plain GraphQL connector.
        let movies = try harness.completions("project/movies/queries.gql", "query q @auth(level: PUBLIC) { movies { | } }")
        #expect(movies.contains("year") && movies.contains("title"))
        let admin = try harness.completions("project/admin/admin.gql", "mutation m @auth(level: NO_ACCESS) { movie_update(|) }")
        #expect(admin.contains("data") && admin.contains("id"))
        let github = try harness.completions("github/ops/repo.graphql", "query R { viewer { | } }")
        #expect(github == ["login", "repositories", "__typename"])
        // The GraphQL connector is checked with the persisted-operation rules: a name is required.
        try harness.open("github/ops/repo.graphql", text: "{ viewer { login } }\n")
        #expect(harness.diagnostics("github/ops/repo.graphql").compactMap { $0["code"]?.stringValue } == ["PersistedOperationsNamedRule"])
        // Operation names are unique per connector, not per workspace.
        try harness.open("project/admin/admin.gql", text: "query listMovies @auth(level: PUBLIC) { movies { title } }\n")
        #expect(harness.diagnostics("project/admin/admin.gql").isEmpty)
    }

    @Test func aFileNoConnectorListsGetsSyntaxErrorsAndItsNeighboursSchema() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        try harness.open("github/scratch.graphql", text: "query { viewer { login ")
        #expect(harness.diagnostics("github/scratch.graphql").map(\.["message"]) == ["Syntax Error: Expected Name, found <EOF>."])
        #expect(try harness.completions("github/scratch.graphql", "query { viewer { |") == ["login", "repositories", "__typename"])
        harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(harness.uri("github/scratch.graphql"))]])
        #expect(harness.diagnostics("github/scratch.graphql").isEmpty)
    }

    @Test func aNewFileOnDiskJoinsItsConnector() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        try harness.open("github/ops/repo.graphql")
        #expect(harness.diagnostics("github/ops/repo.graphql").isEmpty)
        try "query Repo { viewer { login } }\n".write(toFile: harness.path("github/ops") + "/other.graphql", atomically: true, encoding: .utf8)
        harness.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(harness.uri("github/ops/other.graphql")), "type": 1]]])
        // The new file's operation is the second "Repo": the error is its own, the first a related place.
        let diagnostic = harness.diagnostics("github/ops/other.graphql").first
        #expect(diagnostic?["message"] == "There can be only one operation named \"Repo\".")
        #expect(diagnostic?["relatedInformation"][0]["location"]["uri"].string == harness.uri("github/ops/repo.graphql"))
    }

    /// Without file watching, a file made after its connector was loaded joins it when opened.
    @Test func aFileMadeLaterJoinsItsConnectorWhenOpened() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        try harness.open("github/ops/repo.graphql")
        #expect(harness.diagnostics("github/ops/repo.graphql").isEmpty)
        try "query Repo { viewer { login } }\n".write(toFile: harness.path("github/ops") + "/later.graphql", atomically: true, encoding: .utf8)
        try harness.open("github/ops/later.graphql")
        #expect(harness.diagnostics("github/ops/later.graphql").compactMap { $0["code"]?.stringValue } == ["UniqueOperationNamesRule"])
    }

    @Test func aBrokenConfigIsShownAndRetriedWhenSaved() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        let config = harness.path("github/connector.yaml")
        let good = try String(contentsOfFile: config, encoding: .utf8)
        try "connectorId: octo\nsqlgen: [\n".write(toFile: config, atomically: true, encoding: .utf8)
        try harness.open("github/ops/repo.graphql")
        #expect(!harness.diagnostics("github/connector.yaml").isEmpty)
        try good.write(toFile: config, atomically: true, encoding: .utf8)
        harness.notify("textDocument/didSave", ["textDocument": ["uri": .string(harness.uri("github/connector.yaml"))]])
        #expect(harness.diagnostics("github/connector.yaml").isEmpty)
        #expect(try harness.completions("github/ops/repo.graphql", "query R { viewer { | } }").contains("login"))
    }
}

@Suite struct LooseFileTests {
    /// Only GraphQL files no connector lists get syntax errors (a client may open others).
    @Test func otherFilesGetNoDiagnostics() throws {
        let harness = try ServerHarness(fixture: "workspace")
        defer { harness.close() }
        try harness.open("github/notes.md", text: "# { not GraphQL")
        #expect(harness.diagnostics("github/notes.md").isEmpty)
        #expect(!harness.sent.contains { $0["params"]?["uri"]?.stringValue == harness.uri("github/notes.md") })
    }
}
