import Foundation
import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("Emulator: pattern.regex filters")
struct RegexFilterTests {
    @Test func regexMatchesLikePostgresTildeOperators() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run(#"""
        { folded: restaurants(where: {name: {pattern: {regex: "^(pasta|sushi)", ignoreCase: true}}}, orderBy: [{name: ASC}]) { name }
          exact: restaurants(where: {name: {pattern: {regex: "^(pasta|sushi)"}}}) { name }
          word: restaurants(where: {name: {pattern: {regex: "\\yBar\\y"}}}) { name }
          inverted: restaurants(where: {name: {pattern: {regex: "o", invert: true}}}, orderBy: [{name: ASC}]) { name }
          nested: restaurants(where: {reviews_on_restaurant: {exist: {comment: {pattern: {regex: "^gr", ignoreCase: true}}}}}, orderBy: [{name: ASC}]) { name } }
        """#)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(harness.column(json, "folded", "name").strings == ["Pasta Place", "Sushi Bar"])
        #expect(harness.column(json, "exact", "name").isEmpty)
        #expect(harness.column(json, "word", "name").strings == ["Sushi Bar"])
        #expect(harness.column(json, "inverted", "name").strings == ["Pasta Place", "Sushi Bar"])
        #expect(harness.column(json, "nested", "name").strings == ["Burger Joint", "Pasta Place"])
    }

    @Test func eachRunOfACachedStatementUsesItsOwnPattern() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let query = #"query Q($re: String, $fold: Boolean) { restaurants(where: {name: {pattern: {regex: $re, ignoreCase: $fold}}}, orderBy: [{name: ASC}]) { name } }"#
        let (_, first) = try await harness.run(query, #"{"re": "e$", "fold": false}"#)
        let (_, second) = try await harness.run(query, #"{"re": "^[bn]", "fold": true}"#)
        let (_, third) = try await harness.run(query, #"{"re": "^[bn]", "fold": false}"#)
        #expect(harness.column(first, "restaurants", "name").strings == ["Noodle House", "Pasta Place"])
        #expect(harness.column(second, "restaurants", "name").strings == ["Burger Joint", "Noodle House"])
        #expect(harness.column(third, "restaurants", "name").isEmpty)
    }

    @Test func anInvalidRegexIsTheClientsError() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (status, json) = try await harness.run(#"query Q($re: String) { restaurants(where: {name: {pattern: {regex: $re}}}) { name } }"#, #"{"re": "[unclosed"}"#)
        #expect(status == 200)
        // `restaurants` is non-null, so its error nulls `data`.
        #expect(json["data"] == .null)
        #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
        #expect(json["errors", 0, "message"]?.stringValue?.contains("Invalid regular expression \"[unclosed\"") == true)
    }
}

@Suite("Emulator: having")
struct HavingTests {
    @Test func havingFiltersGroupsOnRootLists() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        { busy: reviews(having: {_count: {ge: 2}}, orderBy: [{restaurantId: ASC}]) { restaurantId _count rating_avg }
          poor: reviews(having: {rating_avg: {lt: 3}, rating_max: {le: 2}}) { restaurantId rating_sum }
          none: reviews(having: {_count: {gt: 10}}) { _count } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(harness.column(json, "busy", "restaurantId").strings == ["a0000000000000000000000000000001", "a0000000000000000000000000000003"])
        #expect(harness.column(json, "busy", "_count") == [.int(2), .int(3)])
        #expect(harness.column(json, "busy", "rating_avg") == [.double(4.5), .double(5.0 / 3.0)])
        #expect(harness.column(json, "poor", "restaurantId").strings == ["a0000000000000000000000000000003"])
        #expect(harness.column(json, "poor", "rating_sum") == [.int(5)])
        #expect(json["data", "none"] == .array([]))
    }

    @Test func havingFiltersGroupsOfRelations() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        { restaurants(orderBy: [{name: ASC}]) { name reviews_on_restaurant(having: {_count: {gt: 1}}) { _count } } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        let counts = (json["data", "restaurants"]?.arrayValue ?? []).map { $0["reviews_on_restaurant"] ?? .null }
        let group = { (count: Int64) in JSONValue.array([.object([JSONMember("_count", .int(count))])]) }
        #expect(counts == [group(3), .array([]), group(2), .array([])])
    }

    @Test func havingWithoutAggregatesIsRefused() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run("{ reviews(having: {_count: {gt: 1}}) { rating } }")
        #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
        #expect(json["errors", 0, "message"]?.stringValue?.contains("\"having\"") == true)
    }
}

@Suite("Emulator: vector similarity", .enabled(if: TestDatabase.hasVector, "PostgreSQL without the vector extension refuses Vector columns (PostgreSQLBackendTests)"))
struct VectorSimilarityTests {
    @Test func methodsOrderByDistanceAndWithinBoundsIt() async throws {
        let harness = try await QueryFeatureHarness(fixture: "vectors")
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        { l2: restaurants_embedding_similarity(compare: [1, 0, 0], method: L2, limit: 2) { name }
          cosine: restaurants_embedding_similarity(compare: [2, 0, 0], method: COSINE, within: 0.2) { name }
          inner: restaurants_embedding_similarity(compare: [0, 1, 0]) { name }
          japanese: restaurants_embedding_similarity(compare: [1, 0, 0], method: L2, where: {cuisine: {eq: "japanese"}}) { name embedding } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(harness.column(json, "l2", "name").strings == ["Pasta Place", "Burger Joint"])
        #expect(harness.column(json, "cosine", "name").strings == ["Pasta Place", "Burger Joint"])
        // INNER_PRODUCT (the default) sorts by the negated dot product; a row without a vector comes last.
        #expect(harness.column(json, "inner", "name").strings == ["Sushi Bar", "Burger Joint", "Pasta Place", "Noodle House"])
        #expect(harness.column(json, "japanese", "name").strings == ["Sushi Bar", "Noodle House"])
        #expect(harness.column(json, "japanese", "embedding") == [.array([.double(0), .double(1), .double(0)]), .null])
    }

    @Test func dimensionMismatchAndEmbeddingsAreRefused() async throws {
        let harness = try await QueryFeatureHarness(fixture: "vectors")
        defer { harness.remove() }
        let (_, mismatch) = try await harness.run("{ restaurants_embedding_similarity(compare: [1, 0], method: L2) { name } }")
        #expect(mismatch["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
        #expect(mismatch["errors", 0, "message"]?.stringValue?.contains("2 dimensions") == true)
        let (_, embed) = try await harness.run(#"{ restaurants_embedding_similarity(compare_embed: {model: "textembedding-gecko@003", text: "noodles"}) { name } }"#)
        #expect(embed["errors", 0, "extensions", "code"] == .string("UNIMPLEMENTED"))
        #expect(embed["errors", 0, "message"]?.stringValue?.contains("Vertex AI") == true)
    }

    @Test("A vector of the wrong size is refused on insert and update (plain and through _update), and similarity queries still work")
    func sizeIsEnforcedOnWrite() async throws {
        let harness = try await QueryFeatureHarness(fixture: "vectors")
        defer { harness.remove() }
        for mutation in [
            #"mutation { restaurant_insert(data: {name: "Short", cuisine: "x", embedding: [1, 0]}) }"#,
            #"mutation { restaurant_updateMany(all: true, data: {embedding: [1, 0, 0, 0]}) }"#,
            #"mutation { restaurant_updateMany(all: true, data: {embedding_update: [{set: [1]}]}) }"#,
        ] {
            let (_, json) = try await harness.run(mutation)
            #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"), "\(mutation)")
            #expect(json["errors", 0, "message"]?.stringValue?.contains("Vector @col(size: 3): expected 3 dimensions") == true, "\(json.jsonText)")
        }
        let (_, ok) = try await harness.run(#"mutation { restaurant_insert(data: {name: "Right", cuisine: "x", embedding: [0, 0, 1]}) }"#)
        #expect(ok["errors"] == nil, "\(ok.jsonText)")
        let (_, after) = try await harness.run("{ restaurants_embedding_similarity(compare: [0, 0, 1], method: L2, limit: 1) { name } }")
        #expect(harness.column(after, "restaurants_embedding_similarity", "name").strings == ["Right"], "\(after.jsonText)")
    }
}
