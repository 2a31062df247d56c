@testable import SQLGenEmulator
import SQLGenJSON
import Testing

/// `--import` checks each row as a mutation's data is checked, and names the row and the column;
/// a bad row imports nothing. Before, an unknown enum value or a string for a list was stored as
/// it came, a row that was not an object or a column that does not exist was skipped, a repeated
/// key silently replaced the row before it, and a missing column came back as a database error.
@Suite struct ImportValidationTests {
    static let schema = """
        enum Mood { HAPPY SAD }
        type Note @table { title: String! @col(dataType: "varchar(5)"), mood: Mood, moods: [Mood!], tags: [String!], rank: Int @default(value: 0) }
        """
    static let id = "00000000-0000-0000-0000-000000000001"

    private func importing(_ rows: String) async throws -> (error: String?, count: Int) {
        let engine = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources(Self.schema), operationSources: [], connectorId: "x", databasePath: ":memory:")
        var message: String?
        do {
            _ = try await engine.importData(try JSONParser.parse(Array(#"{"version": 1, "tables": {"Note": \#(rows)}}"#.utf8)))
        } catch let error as EmulatorError {
            message = error.message
        }
        let exported = try await engine.exportData()
        return (message, exported["tables", "Note"]?.arrayValue?.count ?? -1)
    }

    @Test(arguments: [
        (#"[{"id": "\#(id)", "title": "a", "mood": "GLAD"}]"#, "import: Note[0].mood: Mood has no value \"GLAD\""),
        (#"[{"id": "\#(id)", "title": "a", "moods": ["HAPPY", 3]}]"#, "import: Note[0].moods: Mood has no value 3"),
        (#"[{"id": "\#(id)", "title": "a", "moods": "HAPPY"}]"#, "import: Note[0].moods must be a list"),
        (#"[{"id": "\#(id)", "title": "a", "tags": "x"}]"#, "import: Note[0].tags must be a list"),
        (#"[{"id": "\#(id)", "title": "a", "colour": "red"}]"#, "import: Note[0]: \"colour\" is not a column of Note"),
        (#"[{"id": "\#(id)"}]"#, "import: Note[0]: \"title\" is required (non-null, and no database default fills it)"),
        (#"[{"id": "\#(id)", "title": null}]"#, "import: Note[0]: \"title\" is required (non-null, and no database default fills it)"),
        (#"[{"id": "\#(id)", "title": "toolong"}]"#,
         "import: Note[0]: \"title\" holds at most 5 characters (@col(dataType:)), not 7: value too long for type character varying(5)."),
        (#"[5]"#, "import: Note[0] must be an object of columns"),
        (#"{"id": "\#(id)"}"#, "import: Note must be a list of rows"),
        (#"[{"id": "\#(id)", "title": "a"}, {"id": "\#(id)", "title": "b"}]"#, "import: Note[1] has the key of Note[0]"),
    ])
    func aBadRowIsNamedAndNothingIsImported(_ rows: String, _ expected: String) async throws {
        let (error, count) = try await importing(rows)
        #expect(error == expected)
        #expect(count == 0)
    }

    @Test func goodRowsImport() async throws {
        let (error, count) = try await importing(#"[{"id": "\#(Self.id)", "title": "a", "mood": "SAD", "moods": ["HAPPY"], "tags": [], "rank": 3}, {"id": "00000000-0000-0000-0000-000000000002", "title": "b", "rank": 1}]"#)
        #expect(error == nil)
        #expect(count == 2)
    }
}
