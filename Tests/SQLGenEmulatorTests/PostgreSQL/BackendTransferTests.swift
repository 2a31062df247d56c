import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// `--export` of one database imports into the other and exports again byte for byte: SQLite to
/// PostgreSQL and back.
@Suite("Export and import between SQLite and PostgreSQL", .enabled(if: !TestDatabase.url.isEmpty, "needs SQLGEN_TEST_DATABASE_URL"))
struct BackendTransferTests {
    /// Every column type; `Any` objects with keys in the order jsonb keeps them (shorter first),
    /// since PostgreSQL stores `Any` as jsonb and SQLite keeps the text as sent.
    static let seed = """
    mutation {
      o: owner_insert(data: {handle: "ann"})
      a: thing_insert(data: {id: "c0000000000000000000000000000001", ownerHandle: "ann", name: "ünï", count: -7, big: "9223372036854775807",
        ratio: 0.1, flag: true, day: "2024-02-29", at: "2024-05-01T10:00:00.123456Z", extra: {a: [1, 2.5, null], bb: {c: "x"}}, mood: SAD,
        tags: ["a", "b c"], stamps: ["2024-01-01T00:00:00Z"], ids: ["d0000000000000000000000000000001"]})
      b: thing_insert(data: {id: "c0000000000000000000000000000002", ownerHandle: "ann", parentId: "c0000000000000000000000000000001", name: "two"})
    }
    """

    private func engine(_ database: EmulatorDatabase) throws -> EmulatorEngine {
        try EmulatorEngine(schemaSources: QueryFeatureHarness.sources(PostgreSQLBackendTests.typesSchema), connectors: [HostedConnector(id: "x", operationSources: [])],
                           database: database)
    }

    @Test func anExportMovesBetweenTheDatabasesUnchanged() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, directory in
            let sqlite = try engine(.sqlite(path: path))
            let seeded = await sqlite.executeDocument(Self.seed, operationName: nil, variables: .object([]))
            #expect(seeded.result.errors.isEmpty, "\(seeded.result.json.jsonText)")
            let exported = try await sqlite.exportData().serialized()

            let postgresPath = directory.appendingPathComponent("postgres").path
            defer { TestDatabase.drop(path: postgresPath) }
            let postgres = try engine(.postgresql(url: TestDatabase.url, schema: TestDatabase.schema(for: postgresPath)))
            #expect(try await postgres.importData(try JSONParser.parse(exported)) == 3)
            let fromPostgres = try await postgres.exportData().serialized()
            #expect(String(decoding: fromPostgres, as: UTF8.self) == String(decoding: exported, as: UTF8.self))

            let again = try engine(.sqlite(path: directory.appendingPathComponent("again.sqlite").path))
            #expect(try await again.importData(try JSONParser.parse(fromPostgres)) == 3)
            #expect(try await again.exportData().serialized() == exported)
        }
    }
}
