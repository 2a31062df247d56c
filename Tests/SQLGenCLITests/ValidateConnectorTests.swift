import Foundation
import Testing

/// `sqlgen validate` in connector mode: the same checks as `sqlgen generate`, nothing written.
@Suite struct ValidateConnectorTests {
    @Test func validatesTheConnectorOfTheCurrentFolder() async throws {
        let folder = try GenerateCommandTests.makeConnector()
        let result = try await SQLGen.run(["validate"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("1 operation valid"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "validate writes nothing")
    }

    @Test func reportsErrorsLikeGenerateAndAsJSON() async throws {
        let folder = try GenerateCommandTests.makeConnector(queries: "query listMovies @auth(level: PUBLIC) { movies { titel } }")
        let result = try await SQLGen.run(["validate", "--config", "connector.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("connector/queries.gql:1:50: error: Cannot query field \"titel\" on type \"Movie\"."), "\(result.stderr)")
        let json = try await SQLGen.run(["validate", "--json"], in: folder)
        #expect(json.status == 1)
        let problems = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(problems?.first?["line"] as? Int == 1)
        #expect(problems?.first?["column"] as? Int == 50)
        #expect(problems?.first?["rule"] as? String == "FieldsOnCorrectTypeRule")
    }
}
