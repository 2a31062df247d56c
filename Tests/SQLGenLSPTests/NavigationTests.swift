import Foundation
import Testing
@testable import SQLGenLSP

@Suite struct NavigationTests {
    let file = "connector/queries.gql"

    @Test func hoverShowsTheSignatureAndDescription() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let field = try harness.at("textDocument/hover", file, "query q { movies { ti|tle } }")
        #expect(field["contents"]["value"] == "```graphql\nMovie.title: String!\n```\n\nThe title, as released.")
        #expect(field["range"] == ["start": ["line": 0, "character": 19], "end": ["line": 0, "character": 24]])
        let argument = try harness.at("textDocument/hover", file, "query q { movies(li|mit: 2) { id } }")
        #expect(argument["contents"]?["value"]?.stringValue?.hasPrefix("```graphql\nlimit: Int = 100\n```") == true)
        let type = try harness.at("textDocument/hover", file, "query q($r: Aspect|Ratio) { movies { id } }")
        #expect(type["contents"]?["value"]?.stringValue?.contains("enum AspectRatio {") == true)
        let variable = try harness.at("textDocument/hover", file, "query q($n: Int) { movies(limit: $|n) { id } }")
        #expect(variable["contents"]["value"] == "```graphql\n$n: Int\n```")
        #expect(try harness.at("textDocument/hover", file, "query q { movies { id } } |").isNull)
    }

    @Test func definitionsOfFragmentsTypesFieldsAndVariables() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let fragment = try harness.at("textDocument/definition", file, "query q { movies { ...Movie|Summary } }")
        #expect(fragment == [["uri": .string(harness.uri("connector/fragments.gql")), "range": ["start": ["line": 1, "character": 9], "end": ["line": 1, "character": 21]]]])
        let field = try harness.at("textDocument/definition", file, "query q { movies { ge|nre } }")
        #expect(field == [["uri": .string(harness.uri("schema/schema.gql")), "range": ["start": ["line": 12, "character": 2], "end": ["line": 12, "character": 7]]]])
        let variable = try harness.at("textDocument/definition", file, "query q($n: Int) { movies(limit: $|n) { id } }")
        #expect(variable[0]["range"] == ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 10]])
    }

    @Test func derivedDefinitionsOpenTheReadOnlyView() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let derived = try harness.at("textDocument/definition", file, "query q($w: Movie_Fil|ter) { movies(where: $w) { id } }")
        let uri = try #require(derived[0]?["uri"]?.stringValue)
        let path = try #require(FileURI.path(of: uri))
        #expect(path.hasPrefix(FileURI.canonical(harness.folder + "/.views")))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = try #require(derived[0]?["range"]?["start"]?["line"]?.intValue)
        #expect(text.components(separatedBy: "\n")[line] == "input Movie_Filter {")
        #expect(!FileManager.default.isWritableFile(atPath: path) || getuid() == 0)
        let root = try harness.at("textDocument/definition", file, "query q { mov|ies { id } }")
        #expect(root[0]?["uri"]?.stringValue == uri)
    }

    @Test func referencesOfAFragment() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/fragments.gql")
        // Line 1 (after the description): `fragment MovieSummary on Movie {`.
        let position = LSPPosition(line: 1, character: 14)
        let result = harness.request("textDocument/references", ["textDocument": ["uri": .string(harness.uri("connector/fragments.gql"))],
                                                                 "position": position.json, "context": ["includeDeclaration": true]])["result"]
        let places = (result.array ?? []).map { "\($0["uri"]?.stringValue?.split(separator: "/").last ?? ""):\($0["range"]?["start"]?["line"]?.intValue ?? -1)" }
        #expect(places == ["fragments.gql:1", "queries.gql:3", "queries.gql:10"])
    }

    @Test func documentSymbolsOutlineOperationsAndFragments() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open(file)
        let symbols = harness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(harness.uri(file))]])["result"].array ?? []
        #expect(symbols.map(\.["name"]) == ["listMoviesByGenre", "getMovie"])
        #expect(symbols[0]["children"]?.arrayValue?.map(\.["name"]) == ["$genre", "$limit", "movies"])
        #expect(symbols[0]["children"]?[2]?["children"]?.arrayValue?.map(\.["name"]) == ["...MovieSummary", "rating"])
    }
}
