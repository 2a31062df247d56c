import Foundation
import SQLGenLanguage
import Testing

/// graphql-core 3.3.2's recorded behaviour on the corpus's curated documents.
@Suite(.tags(.conformance))
struct ConformanceTests {
    static let syntaxErrors = loadCases("syntax-errors.json", as: SyntaxErrorCase.self)
    static let validDocuments = loadCases("valid-documents.json", as: ValidDocumentCase.self)

    @Test func corpusCasesAreLoaded() {
        #expect(Self.syntaxErrors.count == 83)
        #expect(Self.validDocuments.count == 104)
    }

    @Test(arguments: syntaxErrors)
    func syntaxError(_ testCase: SyntaxErrorCase) {
        let source = Source(testCase.document)
        do {
            let document = try Parser.parse(source, options: testCase.parse_options.options)
            Issue.record("parsed without error: \(document.definitions.count) definitions")
        } catch {
            #expect(error.message == doubleQuoted(testCase.expected.message))
            let locations = error.locations(in: source).map { CorpusLocation(line: $0.line, column: $0.column) }
            #expect(locations == testCase.expected.locations)
            #expect(error.ranges.allSatisfy { $0.source == source.id })
        }
    }

    @Test(arguments: validDocuments)
    func validDocument(_ testCase: ValidDocumentCase) throws {
        let options = testCase.parse_options.options
        let document = try Parser.parse(Source(testCase.document), options: options)
        #expect(!document.definitions.isEmpty)
        // graphql-core's printed form must parse to the same tree (layout aside).
        var noLocation = options
        noLocation.noLocation = true
        noLocation.maxTokens = nil
        noLocation.maxLexicalTokens = nil
        noLocation.maxComments = nil
        noLocation.maxSourceLength = nil
        let original = try Parser.parse(Source(testCase.document), options: noLocation)
        let reparsed = try Parser.parse(Source(testCase.expected_printed), options: noLocation)
        #expect(original == reparsed)
    }

    /// Edge cases recorded from graphql-core 3.3.2 for this project (descriptions, extensions,
    /// limits with comments, reserved names): same outcome, message and location.
    static let edgeCases = loadCases("edge-cases.json", as: EdgeCase.self)

    @Test func edgeCasesAreLoaded() {
        #expect(Self.edgeCases.count == 53)
    }

    @Test(arguments: edgeCases)
    func edgeCase(_ testCase: EdgeCase) {
        let source = Source(testCase.document)
        do {
            _ = try Parser.parse(source, options: testCase.parse_options.options)
            #expect(testCase.expected.ok == true, "parsed, but graphql-core fails with \(testCase.expected.message ?? "")")
        } catch {
            #expect(error.message == testCase.expected.message.map(doubleQuoted))
            let locations = error.locations(in: source).map { CorpusLocation(line: $0.line, column: $0.column) }
            #expect(locations == testCase.expected.locations)
        }
    }
}
