import SQLGenEmulator
import SQLGenLanguage
import Testing

/// Which error code a violated constraint gives comes from the database's kind of failure, not
/// from words in its message.
@Suite("Emulator: constraint errors")
struct ConstraintErrorTests {
    static let schema = """
    type Thing @table {
      code: String! @col(name: "UNIQUE_code")
      label: String @unique
    }
    """

    @Test("A required column whose name holds UNIQUE set to null is a failed precondition; a duplicate is ALREADY_EXISTS")
    func codesFollowTheKindOfViolation() async throws {
        let engine = try TestDatabase.engine(schemaSources: [Source(Self.schema, name: "schema.gql")], operationSources: [], connectorId: "test",
                                        databasePath: ":memory:")
        let created = await engine.executeDocument(#"mutation { thing_insert(data: {code: "a", label: "one"}) }"#, operationName: nil, variables: .object([]))
        let id = try #require(created.result.json["data", "thing_insert", "id"]?.stringValue)
        let cleared = await engine.executeDocument("mutation { thing_update(id: \"\(id)\", data: {code: null}) }", operationName: nil, variables: .object([]))
        #expect(cleared.result.json["errors", 0, "extensions", "code"] == .string("FAILED_PRECONDITION"))
        let duplicate = await engine.executeDocument(#"mutation { thing_insert(data: {code: "b", label: "one"}) }"#, operationName: nil, variables: .object([]))
        #expect(duplicate.result.json["errors", 0, "extensions", "code"] == .string("ALREADY_EXISTS"))
    }
}
