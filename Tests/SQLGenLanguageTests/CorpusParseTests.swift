import Foundation
import SQLGenLanguage
import Testing

/// Every real schema and operation in the corpus parses, and the lexer agrees with the parser.
@Suite(.tags(.conformance))
struct CorpusParseTests {
    /// The corpus inputs the printer tests also use (one copy for both), without the AEM and
    /// Data Connect folders, which hold comment-only files that do not parse.
    static let files: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: corpusInputsURL.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".graphql") || $0.hasSuffix(".graphqls") }
            .filter { path in ["derived/", "fixtures/", "operations/", "schemas/"].contains { path.hasPrefix($0) } }
            .sorted()
    }()

    static func source(_ path: String) throws -> Source {
        let url = corpusInputsURL.appendingPathComponent(path)
        return Source(bytes: Array(try Data(contentsOf: url)), name: path, id: SourceID(7))
    }

    @Test func allCorpusFilesArePresent() {
        #expect(Self.files.count == 23)
    }

    @Test(arguments: files)
    func parses(_ path: String) throws {
        let source = try Self.source(path)
        let document = try Parser.parse(source)
        #expect(!document.definitions.isEmpty)
        #expect(document.range == SourceRange(start: 0, end: source.bytes.count, source: SourceID(7)))
        for definition in document.definitions {
            #expect(definition.range.source == SourceID(7))
            #expect(definition.range.start < definition.range.end)
        }
        // Layout does not matter with `noLocation`: the same text parses to equal trees.
        var options = ParseOptions()
        options.noLocation = true
        #expect(try Parser.parse(source, options: options) == Parser.parse(source, options: options))
    }

    @Test func largeSchemaHasExpectedDefinitionCount() throws {
        // graphql-core reports 1,624 definitions and 61,142 tokens for the current GitHub schema.
        let source = try Self.source("schemas/github-octokit/schema.graphql")
        #expect(try Parser.parse(source).definitions.count == 1624)
        var lexer = Lexer(source)
        var tokens = 0
        while try lexer.next().kind != .endOfFile { tokens += 1 }
        #expect(tokens == 61142)
    }
}
