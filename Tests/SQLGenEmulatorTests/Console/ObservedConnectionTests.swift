import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema
import Testing

/// How the console sees the SQL of a run: every statement once per execution, with the
/// parameters bound when it ran and the rows it stepped through.
@Suite("Emulator console: observed statements")
struct ObservedConnectionTests {
    static func connection(_ log: StatementLog) throws -> any SQLConnection {
        let base = try SQLiteBackend(path: ":memory:").openWriter()
        try base.execute("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')")
        return observed(base, log: log)
    }

    @Test("A cached statement run twice is two entries, each with its own parameters and rows")
    func eachExecutionIsRecorded() throws {
        let log = StatementLog()
        let connection = try Self.connection(log)
        #expect(try connection.query("SELECT b FROM t WHERE a >= ?", [2]) == [[.text("y")], [.text("z")]])
        #expect(try connection.query("SELECT b FROM t WHERE a >= ?", [3]) == [[.text("z")]])
        #expect(try connection.run("UPDATE t SET b = ? WHERE a = ?", ["w", 1]) == 1)
        #expect(log.statements == [
            ConsoleStatement(sql: "SELECT b FROM t WHERE a >= ?", parameters: [2], rows: 2),
            ConsoleStatement(sql: "SELECT b FROM t WHERE a >= ?", parameters: [3], rows: 1),
            ConsoleStatement(sql: "UPDATE t SET b = ? WHERE a = ?", parameters: ["w", 1], rows: 0),
        ])
    }

    @Test("Parameters bound one by one and as bytes are recorded; cleared bindings are forgotten")
    func singleBindings() throws {
        let log = StatementLog()
        let connection = try Self.connection(log)
        let statement = try connection.prepare("SELECT ?1, ?2")
        try statement.bind(.integer(7), at: 2)
        try Array("hé".utf8).withUnsafeBytes { try statement.bind(bytes: $0, isText: true, at: 1, borrowed: false) }
        #expect(try statement.step())
        statement.reset()
        statement.clearBindings()
        _ = try statement.step()
        #expect(log.statements.map(\.parameters) == [[.text("hé"), .integer(7)], []])
    }

    @Test("Past its capacity the log counts statements without keeping them")
    func capacity() throws {
        let log = StatementLog(capacity: 2)
        let connection = try Self.connection(log)
        for value in 1...5 { _ = try connection.query("SELECT a FROM t WHERE a = ?", [.integer(Int64(value))]) }
        #expect(log.statements.count == 2 && log.omitted == 3)
    }

    @Test("A console run of native SQL shows the statement as the database ran it, with the operation's parameters")
    func nativeSQLRun() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL(operations: """
            query byGenre($genre: String!) @auth(level: PUBLIC) {
              movies: _select(sql: "SELECT title FROM movie WHERE genre = $1 ORDER BY title", params: [$genre])
            }
            """)
        defer { harness.remove() }
        let run = await harness.engine.consoleRun(ConsoleRunRequest(connector: "test", name: "byGenre", variables: .object([JSONMember("genre", .string("action"))]),
                                                                    caller: .signedOut))
        #expect(run.status == 200)
        let native = run.statements.first { $0.sql.contains("FROM movie WHERE genre =") }
        #expect(native?.parameters == [.text("action")] && native?.rows == 2, "\(run.statements)")
    }

    @Test("Native SQL stays native through the console's connection: PostgreSQL's ? operator is not read as a parameter",
          .enabled(if: TestDatabase.isPostgreSQL, "the ? operator is PostgreSQL's"))
    func nativeSQLKeepsQuestionMarks() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL(operations: """
            query tagged($genre: String!) @auth(level: PUBLIC) {
              movies: _select(sql: "SELECT title FROM movie WHERE '{\\"a\\": 1}'::jsonb ? 'a' AND genre = $1", params: [$genre])
            }
            """)
        defer { harness.remove() }
        let run = await harness.engine.consoleRun(ConsoleRunRequest(connector: "test", name: "tagged", variables: .object([JSONMember("genre", .string("drama"))]),
                                                                    caller: .admin))
        #expect(run.status == 200, "\(String(decoding: run.body, as: UTF8.self))")
        #expect(run.statements.contains { $0.sql.contains("::jsonb ? 'a'") && $0.rows == 1 }, "\(run.statements)")
    }

    @Test("Describing variables: inputs by type, required only when non-null without a default")
    func variables() throws {
        let schema = SchemaBuilder.build(documents: [try Parser.parse(Source("""
            type Query { a: Int }
            enum Color { RED GREEN }
            scalar UUID
            input Point { x: Int!, y: Int }
            """, name: "schema"))]).schema
        let document = try Parser.parse(Source("query q($a: Int!, $b: Float = 1.5, $c: [String!], $d: Color, $e: Point!, $f: Boolean, $g: UUID) { a }", name: "q"))
        guard case .operation(let operation)? = document.definitions.first else { Issue.record("no operation"); return }
        let variables = ConsoleVariable.describe(operation.variableDefinitions, schema: schema)
        #expect(variables.map { "\($0.name) \($0.input.rawValue) \($0.isRequired)" } == [
            "a int true", "b float false", "c json false", "d choice false", "e json true", "f boolean false", "g text false",
        ])
        #expect(variables[1].defaultValue == "1.5")
        #expect(variables[3].choices == ["RED", "GREEN"])
        #expect(variables[4].fields == ["x: Int!", "y: Int"])
    }
}
