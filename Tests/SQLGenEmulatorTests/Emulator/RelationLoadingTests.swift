import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// Relations loaded for many parents at once (one query per level, each parent's limit and offset
/// applied while reading), checked against answers computed here from the inserted rows. Runs on
/// a database file, so queries go through the read-only connections.
@Suite("Emulator: relation loading across many parents")
struct RelationLoadingTests {
    static let schema = """
    type Shelf @table { name: String!, position: Int! }
    type Book @table { shelf: Shelf!, title: String!, rank: Int!, pages: Int }
    type Reader @table { name: String! }
    type Loan @table(key: ["book", "reader"]) { book: Book!, reader: Reader!, days: Int! }
    """

    static let operations = """
    query shelfBooks($limit: Int, $offset: Int) @auth(level: PUBLIC) {
      shelfs(orderBy: [{position: ASC}]) { name books_on_shelf(orderBy: [{rank: DESC}], limit: $limit, offset: $offset) { title } }
    }
    """

    struct Book {
        var shelf: Int
        var title: String
        var rank: Int
        var pages: Int
    }

    static let shelfCount = 40

    /// Books per shelf vary from 0 to 8; they are inserted interleaved across shelves (as rows
    /// written over time), so a shelf's books are not neighbours in the table. Ranks repeat, so
    /// ordering by rank relies on insertion order to break ties.
    static let books: [Book] = {
        var books: [Book] = []
        for round in 0..<8 {
            for shelf in 0..<shelfCount where round < (shelf * 7) % 9 {
                books.append(Book(shelf: shelf, title: "s\(shelf)-b\(round)", rank: (shelf * 5 + round * 3) % 4, pages: 100 + round))
            }
        }
        return books
    }()

    static func shelfID(_ shelf: Int) -> String { String(format: "00000000-0000-0000-0000-%012d", shelf) }

    static func seed() -> String {
        let shelves = (0..<shelfCount).map { "{ id: \"\(shelfID($0))\", name: \"shelf \($0)\", position: \(shelfCount - $0) }" }
        let books = Self.books.map { "{ shelfId: \"\(shelfID($0.shelf))\", title: \"\($0.title)\", rank: \($0.rank), pages: \($0.pages) }" }
        return "mutation { shelf_insertMany(data: [\(shelves.joined(separator: " "))]) book_insertMany(data: [\(books.joined(separator: " "))]) }"
    }

    /// An engine on a fresh database file, seeded; the caller removes `directory`.
    static func engine() async throws -> (EmulatorEngine, URL) {
        let directory = TestFolders.root.appendingPathComponent("sqlgen-relations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let engine = try TestDatabase.engine(schemaSources: [Source(schema, name: "schema.gql")],
                                        operationSources: [Source(operations, name: "queries.gql", id: SourceID(1))],
                                        connectorId: "test", databasePath: directory.appendingPathComponent("db.sqlite").path)
        _ = try await engine.runSeed(seed(), name: "seed")
        return (engine, directory)
    }

    /// The titles each shelf (in `position` order) should list: `where`, ordered by rank (then
    /// insertion), then the shelf's own offset and limit.
    static func expected(minimumRank: Int = 0, descending: Bool, offset: Int, limit: Int?) -> [[String]] {
        (0..<shelfCount).reversed().map { shelf in
            let mine = books.enumerated().filter { $0.element.shelf == shelf && $0.element.rank >= minimumRank }
            let sorted = mine.sorted { left, right in
                if left.element.rank != right.element.rank {
                    return descending ? left.element.rank > right.element.rank : left.element.rank < right.element.rank
                }
                return left.offset < right.offset
            }
            let sliced = sorted.dropFirst(offset).prefix(limit ?? Int.max)
            return sliced.map(\.element.title)
        }
    }

    static func titles(_ json: JSONValue, _ key: String = "books_on_shelf") -> [[String]] {
        (json["data", "shelfs"]?.arrayValue ?? []).map { shelf in
            (shelf[key]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        }
    }

    static func run(_ engine: EmulatorEngine, _ query: String) async throws -> JSONValue {
        let response = await engine.executeDocument(query, operationName: nil, variables: .object([]))
        let json = response.result.json
        #expect(json["errors"] == nil, "\(json.jsonText)")
        return json
    }

    @Test func limitOffsetOrderAndWhereApplyPerParent() async throws {
        let (engine, directory) = try await Self.engine()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(arguments: String, minimumRank: Int, descending: Bool, offset: Int, limit: Int?)] = [
            ("", 0, false, 0, nil),
            ("limit: 3", 0, false, 0, 3),
            ("limit: 1", 0, false, 0, 1),
            ("limit: 0", 0, false, 0, 0),
            ("offset: 2", 0, false, 0 + 2, nil),
            ("offset: 1, limit: 2", 0, false, 1, 2),
            ("orderBy: [{rank: DESC}], limit: 3", 0, true, 0, 3),
            ("orderBy: [{rank: ASC}], offset: 2, limit: 2", 0, false, 2, 2),
            ("where: {rank: {ge: 2}}, orderBy: [{rank: DESC}], offset: 1, limit: 2", 2, true, 1, 2),
            ("offset: 50", 0, false, 50, nil),
        ]
        for test in cases {
            let arguments = test.arguments.isEmpty ? "" : "(\(test.arguments))"
            let json = try await Self.run(engine, "{ shelfs(orderBy: [{position: ASC}]) { books_on_shelf\(arguments) { title } } }")
            // Plain ordering is by rank only when asked; without orderBy, insertion order.
            let expected: [[String]]
            if test.arguments.contains("orderBy") {
                expected = Self.expected(minimumRank: test.minimumRank, descending: test.descending, offset: test.offset, limit: test.limit)
            } else {
                expected = (0..<Self.shelfCount).reversed().map { shelf in
                    Self.books.filter { $0.shelf == shelf && $0.rank >= test.minimumRank }.map(\.title).dropFirst(test.offset).prefix(test.limit ?? Int.max).map { $0 }
                }
            }
            #expect(Self.titles(json) == expected, "books_on_shelf\(arguments)")
        }
        // Two aliases of one relation with different pages, side by side.
        let json = try await Self.run(engine, """
        { shelfs(orderBy: [{position: ASC}]) { first: books_on_shelf(orderBy: [{rank: DESC}], limit: 2) { title } rest: books_on_shelf(orderBy: [{rank: DESC}], offset: 2) { title } } }
        """)
        let all = Self.expected(descending: true, offset: 0, limit: nil)
        #expect(Self.titles(json, "first") == all.map { Array($0.prefix(2)) })
        #expect(Self.titles(json, "rest") == all.map { Array($0.dropFirst(2)) })
    }

    @Test func selectedColumnsReferencesAndViaRelations() async throws {
        let (engine, directory) = try await Self.engine()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Only some columns selected; a reference back to the parent; no id selected anywhere.
        let json = try await Self.run(engine, """
        { books(orderBy: [{title: ASC}], limit: 5) { title shelf { name books_on_shelf(limit: 1) { pages } } } }
        """)
        let sorted = Self.books.sorted { $0.title < $1.title }.prefix(5)
        let books = json["data", "books"]?.arrayValue ?? []
        #expect(books.map { $0["title"]?.stringValue } == sorted.map(\.title))
        for (book, expected) in zip(books, sorted) {
            #expect(book["shelf", "name"] == .string("shelf \(expected.shelf)"))
            let first = Self.books.first { $0.shelf == expected.shelf }
            #expect(book["shelf", "books_on_shelf", 0, "pages"] == first.map { .int(Int64($0.pages)) })
            #expect(book["shelf", "books_on_shelf"]?.arrayValue?.count == 1)
        }
        // A selection of no columns at all still lists every row, with its children.
        let bare = try await Self.run(engine, "{ shelfs(orderBy: [{position: ASC}]) { __typename books_on_shelf(limit: 2) { __typename } } }")
        let shelves = bare["data", "shelfs"]?.arrayValue ?? []
        #expect(shelves.count == Self.shelfCount)
        #expect(shelves.map { $0["books_on_shelf"]?.arrayValue?.count ?? -1 } == Self.expected(descending: false, offset: 0, limit: 2).map(\.count))
        #expect(shelves.first?["books_on_shelf", 0, "__typename"] == .string("Book"))
        // A many-to-many relation through a join table, limited per parent.
        _ = try await Self.run(engine, """
        mutation { r1: reader_insert(data: {id: "00000000-0000-0000-0000-0000000000a1", name: "ann"})
                   r2: reader_insert(data: {id: "00000000-0000-0000-0000-0000000000a2", name: "bob"}) }
        """)
        let titles = Self.books.prefix(3).map(\.title)
        for (index, title) in titles.enumerated() {
            let ids = try await Self.run(engine, "{ books(where: {title: {eq: \"\(title)\"}}) { id } }")
            guard case .string(let bookID)? = ids["data", "books", 0, "id"] else { Issue.record("no book \(title)"); continue }
            for reader in ["a1", "a2"] where index < 2 || reader == "a2" {
                _ = try await Self.run(engine, """
                mutation { loan_insert(data: {bookId: "\(bookID)", readerId: "00000000-0000-0000-0000-0000000000\(reader)", days: \(index)}) }
                """)
            }
        }
        let loans = try await Self.run(engine, """
        { readers(orderBy: [{name: ASC}]) { name all: books_via_Loan { title } two: books_via_Loan(limit: 2, offset: 1) { title } } }
        """)
        let readers = loans["data", "readers"]?.arrayValue ?? []
        #expect(readers.map { $0["all"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [] } == [Array(titles.prefix(2)), titles])
        #expect(readers.map { $0["two"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? [] } == [[titles[1]], Array(titles.dropFirst())])
    }

    @Test func concurrentHostedQueriesShareTheReadConnections() async throws {
        let (engine, directory) = try await Self.engine()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Far more requests at once than read connections: the others wait their turn.
        let answers = await withTaskGroup(of: (Int, [[String]]).self) { group in
            for request in 0..<48 {
                group.addTask {
                    let limit = request % 4 + 1
                    let response = await engine.respond(connector: "test", name: "shelfBooks", OperationRequest(variables: .json(.object([
                        JSONMember("limit", .int(Int64(limit))), JSONMember("offset", .int(1)),
                    ])), caller: Caller())).response
                    return (limit, Self.titles(response.result.json))
                }
            }
            var answers: [(Int, [[String]])] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 48)
        for (limit, titles) in answers {
            #expect(titles == Self.expected(descending: true, offset: 1, limit: limit), "limit \(limit)")
        }
    }
}
