@testable import SQLGenEmulator
import Testing

@Suite struct IdentifierQuotingTests {
    @Test(arguments: [
        ("movie", #""movie""#),
        ("", #""""#),
        (#"a"b"#, #""a""b""#),
        (#"""#, #""""""#),
        ("größe_é", #""größe_é""#),
        (#"x""y"#, #""x""""y""#),
    ])
    func quotesAndDoublesEmbeddedQuotes(identifier: String, quoted: String) throws {
        #expect(SQLiteDialect().quote(identifier) == quoted)
        // SQLite reads the quoted name back as the identifier itself.
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE \(SQLiteDialect().quote(identifier.isEmpty ? "empty" : identifier)) (x INTEGER)")
        #expect(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") == [[.text(identifier.isEmpty ? "empty" : identifier)]])
    }
}
