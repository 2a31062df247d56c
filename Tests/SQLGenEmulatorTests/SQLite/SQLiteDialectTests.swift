@testable import SQLGenEmulator
import SQLGenLanguage
import Testing

/// SQLite's spelling of the dialect: the SQL the executor wrote itself before the dialect existed.
@Suite struct SQLiteDialectTests {
    let dialect = SQLiteDialect()

    @Test func conditionsAndClauses() {
        var params: [SQLValue] = []
        #expect(dialect.limitClause(limit: nil, offset: 0, params: &params) == " LIMIT ? OFFSET ?")
        #expect(dialect.limitClause(limit: 5, offset: 2, params: &params) == " LIMIT ? OFFSET ?")
        #expect(params == [.integer(-1), .integer(0), .integer(5), .integer(2)])
        #expect(dialect.textContains("t1.\"title\"") == "instr(t1.\"title\", ?) > 0")
        #expect(dialect.textStartsWith("c", byteCount: 3) == "substr(c, 1, 3) = ?")
        #expect(dialect.textEndsWith("c", byteCount: 0) == "(0 = 0 OR substr(c, -1) = ?)")
        #expect(dialect.like("c", ignoreCase: true) == "lower(c) LIKE lower(?)")
        #expect(dialect.regexMatch("c", ignoreCase: false) == "sqlgen_regexp(c, ?, 0)")
        #expect(!dialect.acceptsRegex("(unclosed", ignoreCase: false))
        #expect(dialect.listContains("c") == "EXISTS (SELECT 1 FROM json_each(c) WHERE value = ?)")
        #expect(dialect.column("t2", StoreColumn(name: "a", sqlName: #"a"b"#, typeName: "String", isList: false, isNonNull: false, isEnum: false,
                                                 defaultValue: nil, isUnique: false)) == #"t2."a""b""#)
    }

    @Test func writes() {
        #expect(dialect.upsertClause(conflict: [#""id""#], updated: []) == #" ON CONFLICT ("id") DO NOTHING"#)
        #expect(dialect.upsertClause(conflict: [#""id""#], updated: [#""title""#]) == #" ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title""#)
        #expect(dialect.insertOrReplace(into: #""movie""#, columns: [#""id""#, #""title""#]) == #"INSERT OR REPLACE INTO "movie" ("id", "title") VALUES (?, ?)"#)
        #expect(dialect.listUpdate(.remove, of: "x") == "(SELECT json_group_array(value) FROM (SELECT value FROM json_each(COALESCE(x, '[]')) WHERE value NOT IN (SELECT value FROM json_each(?))))")
        #expect(dialect.literal(.text("it's")) == "'it''s'")
        #expect(dialect.literal(.blob([0xAB, 0x01])) == "X'AB01'")
        #expect(dialect.literal(.real(.nan)) == "NULL")
        var params: [SQLValue] = []
        #expect(dialect.vectorDistance("v", to: [.double(1)], method: "L2", params: &params) == "sqlgen_vector_distance(v, ?, ?)")
        #expect(params == [.text("[1.0]"), .text("L2")])
        #expect(dialect.nativeParameter(3) == "?3")
    }

    @Test("SQLite's result codes become the kinds the emulator tells apart")
    func errorKinds() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY, code TEXT UNIQUE);
            CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id));
            INSERT INTO parent VALUES (1, 'a');
            """)
        func kind(_ sql: String) -> DatabaseError.Kind? {
            do {
                try database.run(sql)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind("INSERT INTO parent VALUES (1, 'b')") == .uniqueViolation)
        #expect(kind("INSERT INTO parent VALUES (2, 'a')") == .uniqueViolation)
        #expect(kind("INSERT INTO child VALUES (9)") == .constraintViolation)
        #expect(kind("INSERT INTO child VALUES (NULL)") == .constraintViolation)
        #expect(kind("SELECT nothing FROM parent") == .other)
    }
}
