import CoverageSDK
import Foundation
import SQLConnect

/// The Data Connect coverage connector against the emulator: keyword-named fields and variables,
/// recursive filters, a composite key, aliases, enums in lists, and unset versus null.
@MainActor
enum EmulatorCoverage {
    static var pageSize = 10

    static func run(port: Int) async throws {
        let connector = CoverageConnector()
        connector.useEmulator(port: port)
        _ = try await connector.deleteAuthorsMutation.execute(where: Author_Filter { $0.name = String_Filter { $0.in = ["Ada", "Bob", "Cy"] } })
        let ada = try await createAuthors(connector)
        try await filters(connector)
        try await books(connector, ada: ada)
        try await unsetAndNull(connector, ada: ada)
    }

    private static func createAuthors(_ connector: CoverageConnector) async throws -> AuthorKey {
        let created = try await connector.createAuthorMutation.execute(name: "Ada") { vars in
            vars.status = .PUBLISHED
            vars.tags = ["math", "poet"]
            vars.statuses = [.DRAFT, .PUBLISHED]
            vars.default = "d"
            vars.protocol = "p"
            vars.`self` = "s"
            vars.Type = "t"
            vars.Data = "data"
            vars.Variables = "v"
            vars.OperationResult = "o"
            vars.task = Task_.DONE
            vars.result = ._UNKNOWN_
        }
        _ = try await connector.createAuthorMutation.execute(name: "Bob") { $0.status = .DRAFT }
        _ = try await connector.createAuthorMutation.execute(name: "Cy") { vars in
            vars.status = .ARCHIVED
            vars.tags = nil
        }
        guard let ada = created.data?.author_insert else { throw CoverageFailure("no key for Ada") }
        return ada
    }

    private static func names(_ connector: CoverageConnector, _ filter: Author_Filter) async throws -> [String] {
        let result = try await connector.filterAuthorsQuery.execute(fetchPolicy: .serverOnly) { vars in
            vars.where = filter
            vars.orderBy = [Author_Order { $0.name = .ASC }]
            vars.limit = pageSize
        }
        return result.data?.authors.map(\.name) ?? []
    }

    private static func filters(_ connector: CoverageConnector) async throws {
        let either = Author_Filter { $0._or = [Author_Filter { $0.name = String_Filter { $0.eq = "Ada" } }, Author_Filter { $0._not = Author_Filter { $0.status = Status_Filter { $0.eq = .DRAFT } } }] }
        check(try await names(connector, either) == ["Ada", "Cy"], "_or with a nested _not")
        let twice = Author_Filter { $0._not = Author_Filter { $0._not = Author_Filter { $0.name = String_Filter { $0.eq = "Bob" } } } }
        check(try await names(connector, twice) == ["Bob"], "_not of _not")
        let withBooks = Author_Filter { $0.books_on_author = Book_ListFilter { $0.exist = Book_Filter { $0.title = String_Filter { $0.eq = "Notes" } } } }
        check(try await names(connector, withBooks) == [], "a relation filter before any book exists")
        let all = try await connector.filterAuthorsQuery.execute(fetchPolicy: .serverOnly) { $0.where = Author_Filter { $0.name = String_Filter { $0.eq = "Ada" } } }
        let ada = all.data?.authors.first
        check(ada?.`self` == "s" && ada?.Type == "t" && ada?.Data == "data" && ada?.Variables == "v", "fields named self, Type, Data, Variables")
        check(ada?.default == "d" && ada?.protocol == "p" && ada?.OperationResult == "o", "fields named default, protocol, OperationResult")
        check(ada?.task == .DONE && ada?.result == ._UNKNOWN_ && Result_.knownCases == [.PASSED, .FAILED, ._UNKNOWN_, .knownCases_],
              "enums named Task and Result, values named _UNKNOWN and knownCases")
        check(ada?.tags == ["math", "poet"] && ada?.statuses == [.DRAFT, .PUBLISHED] && ada?.status == .PUBLISHED, "lists and enums")
        let counted = try await connector.countAuthorsQuery.execute(fetchPolicy: .serverOnly) { vars in
            vars.statuses = [.PUBLISHED, .ARCHIVED]
            vars.tags = ["math"]
        }
        check(counted.data?.authors.first?._count == 1, "enum list and string list variables in an aggregate")
        let named = try await connector.authorNamesQuery.execute(fetchPolicy: .serverOnly).data?.authors ?? []
        check(named.map(\.authorKey) == ["Ada", "Bob", "Cy"] && named.first?.authorKey_.id == ada?.id, "an alias named like the key property")
    }

    private static func books(_ connector: CoverageConnector, ada: AuthorKey) async throws {
        let added = try await connector.addBookMutation.execute(author: ada, isbn: "1", title: "Notes") { vars in
            vars.ref = try? LocalDate(year: 1843, month: 9, day: 1)
            vars.rating = 4.5
        }
        guard let book = added.data?.book_insert else { throw CoverageFailure("no key for the book") }
        _ = try await connector.addReviewMutation.execute(book: book, stars: 3)
        _ = try await connector.addReviewMutation.execute(book: book, stars: 5) { $0.text = "first program" }
        let fetched = try await connector.getBookQuery.execute(fetchPolicy: .serverOnly, key: book).data?.book
        check(fetched?.title == "Notes" && fetched?.author.name == "Ada", "a composite key variable and its relation")
        check(fetched?.reviews_on_book.map(\.stars) == [5, 3] && fetched?.reviews_on_book.first?.text == "first program", "reviews by stars")
        check(fetched?.published == (try? LocalDate(year: 1843, month: 9, day: 1)), "a date through a variable named ref")
        let withBooks = Author_Filter { $0.books_on_author = Book_ListFilter { $0.exist = Book_Filter { $0.title = String_Filter { $0.eq = "Notes" } } } }
        check(try await names(connector, withBooks) == ["Ada"], "a relation filter through Book_ListFilter")
        let bob = try await connector.filterAuthorsQuery.execute(fetchPolicy: .serverOnly) { $0.where = Author_Filter { $0.name = String_Filter { $0.eq = "Bob" } } }
        guard let bobID = bob.data?.authors.first?.id else { throw CoverageFailure("no Bob") }
        let pair = try await connector.authorPairQuery.execute(fetchPolicy: .serverOnly, first: ada.id, second: bobID).data
        check(pair?.author?.name == "Ada" && pair?.first?.name == "Ada" && pair?.second?.name == "Bob" && pair?.second?.status == .DRAFT, "aliases of one field")
    }

    private static func unsetAndNull(_ connector: CoverageConnector, ada: AuthorKey) async throws {
        _ = try await connector.updateAuthorMutation.execute(id: ada.id) { $0.default = nil }
        let after = try await connector.filterAuthorsQuery.execute(fetchPolicy: .serverOnly) { $0.where = Author_Filter { $0.name = String_Filter { $0.eq = "Ada" } } }
        check(after.data?.authors.first?.default == nil, "a variable set to nil clears the column")
        check(after.data?.authors.first?.protocol == "p", "an unset variable leaves the column as it was")
    }
}

struct CoverageFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
