import Testing
@testable import SQLGenLSP

@Suite struct CompletionTests {
    let file = "connector/queries.gql"

    func labels(_ marked: String) throws -> [String] {
        let harness = try ServerHarness()
        defer { harness.close() }
        return try harness.completions(file, marked)
    }

    @Test func definitionKeywordsAtTheTop() throws {
        #expect(try labels("|") == ["query", "mutation", "fragment"])
    }

    @Test func fieldsOfTheRootAndOfNestedTypesWithTheDerivedOnes() throws {
        let root = try labels("query q { |")
        #expect(root.contains("movies") && root.contains("movie") && root.contains("reviews") && root.contains("__typename"))
        let nested = try labels("query q { movies { id ti| } }")
        #expect(Array(nested.prefix(6)) == ["id", "title", "releaseYear", "genre", "rating", "aspectRatio"])
        #expect(nested.contains("reviews_on_movie") && nested.contains("_count") && nested.contains("__typename"))
    }

    @Test func fieldsCarryTheirTypeAndDescription() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let items = try harness.at("textDocument/completion", file, "query q { movies { | } }")["items"].array ?? []
        let title = items.first { $0["label"] == "title" }
        #expect(title?["detail"] == "String!")
        #expect(title?["documentation"]["value"] == "The title, as released.")
        #expect(title?["textEdit"]["range"]["start"] == ["line": 0, "character": 19])
    }

    @Test func argumentsOfAFieldWithoutThoseGiven() throws {
        #expect(try labels("query q { movies(limit: 3, |) { id } }") == ["where", "orderBy", "offset", "distinct", "having"])
    }

    @Test func inputFieldsInsideLiterals() throws {
        let filter = try labels("query q { movies(where: { genre: { | } }) { id } }")
        #expect(filter.contains("eq") && filter.contains("in") && filter.contains("isNull"))
        let unclosed = try labels("query q { movies(where: { genre: { |")
        #expect(unclosed == filter)
        let top = try labels("query q { movies(where: { title: {eq: \"x\"}, | }) { id } }")
        #expect(top.contains("genre") && top.contains("_and") && !top.contains("title"))
    }

    @Test func enumValuesAndVariablesThatFit() throws {
        let values = try labels("query q($ratio: AspectRatio, $n: Int) { movies(where: { aspectRatio: { eq: | } }) { id } }")
        #expect(values == ["ACADEMY", "WIDESCREEN", "ANAMORPHIC", "null", "$ratio"])
        let order = try labels("query q { movies(orderBy: [{ title: | }]) { id } }")
        #expect(order == ["ASC", "DESC", "null"])
    }

    @Test func variablesAfterTheDollarSign() throws {
        #expect(try labels("query q($genre: String, $n: Int) { movies(limit: $|) { id } }") == ["n", "genre"])
        #expect(try labels("query q($genre: String, $n: Int) { movies(limit: $g|) { id } }") == ["n", "genre"])
    }

    @Test func directivesValidAtThePosition() throws {
        let onField = try labels("query q { movies @|")
        #expect(onField.contains("include") && onField.contains("skip") && !onField.contains("auth"))
        let onQuery = try labels("query q @| { movies { id } }")
        #expect(onQuery.contains("auth") && !onQuery.contains("include"))
    }

    @Test func fragmentNamesAndTypeConditions() throws {
        let spreads = try labels("query q { movies { ...| } }")
        #expect(spreads == ["MovieSummary", "on"])
        #expect(try labels("query q { reviews { ...| } }") == ["on"])
        let conditions = try labels("fragment F on | ")
        #expect(conditions.contains("Movie") && conditions.contains("Query") && !conditions.contains("Movie_Filter"))
    }

    @Test func typesOfVariableDefinitions() throws {
        let types = try labels("query q($where: |")
        #expect(types.contains("Movie_Filter") && types.contains("String") && types.contains("AspectRatio") && !types.contains("Movie"))
        // The built-in scalars, then the user's own types, then what the dialect adds.
        #expect(Array(types.prefix(5)) == ["Boolean", "Float", "Int", "String", "AspectRatio"])
        #expect(try labels("query q($ids: [U|") == types)
    }

    @Test func nothingInsideStringsCommentsOrNames() throws {
        #expect(try labels("query q { movies(where: { title: { eq: \"ab|c\" } }) { id } }").isEmpty)
        #expect(try labels("# a comment |\nquery q { id }").isEmpty)
        #expect(try labels("query na|").isEmpty)
    }

    @Test func halfTypedDocumentsStillComplete() throws {
        // An unclosed brace before a new definition, a missing name, a stray character, an
        // unterminated string.
        let next = try labels("query a { movies { title \nquery b { movies { |")
        #expect(next.contains("title"))
        #expect(try labels("query { movie(key: {id: \"x\"}) { | } }").contains("releaseYear"))
        #expect(try labels("query q { movies { ? | } }").contains("genre"))
        #expect(try labels("query q { movies(where: { title: { eq: \"unterminated\n } }) { | } }").contains("genre"))
        #expect(try labels("query q { movies(where: { genre: { eq: } }) { | }").contains("rating"))
    }
}
