import Foundation
import SQLGenLanguage
import Testing

/// The printer against graphql-core 3.3.2's `print_ast` on the whole corpus: the 104 valid
/// documents, and every input behind `expected/printed/` (copied under `Fixtures/printed/`).
@Suite(.tags(.conformance))
struct PrinterConformanceTests {
    static let printedURL = fixturesURL.appendingPathComponent("printed")
    static let validDocuments = loadCases("printed/valid-documents.json", as: ValidDocumentCase.self)
    static let corpusFiles = PrintedCorpusFile.all(in: printedURL)

    @Test func fixturesAreLoaded() {
        #expect(Self.validDocuments.count == 104)
        #expect(Self.corpusFiles.count == 76)
        #expect(Self.corpusFiles.filter { $0.expectedError != nil }.count == 3)
    }

    @Test(arguments: validDocuments)
    func validDocumentPrintsLikeGraphQLCore(_ testCase: ValidDocumentCase) throws {
        let options = testCase.parse_options.options
        let document = try Parser.parse(Source(testCase.document), options: options)
        let printed = Printer.print(document)
        #expect(printed == testCase.expected_printed)
        try expectRoundTrip(original: testCase.document, printed: printed, options: options)
    }

    @Test(arguments: corpusFiles)
    func corpusFilePrintsLikeGraphQLCore(_ file: PrintedCorpusFile) throws {
        let input = try Data(contentsOf: file.inputURL)
        let source = Source(bytes: [UInt8](input), name: file.path)
        if let expectedError = file.expectedError {
            #expect(throws: GraphQLError.self) { _ = try Parser.parse(source) }
            do {
                _ = try Parser.parse(source)
            } catch {
                #expect(error.message == doubleQuoted(expectedError.message))
                let locations = error.locations(in: source).map { CorpusLocation(line: $0.line, column: $0.column) }
                #expect(locations == expectedError.locations)
            }
            return
        }
        let expected = try Data(contentsOf: file.expectedURL)
        let document = try Parser.parse(source)
        var printed = Printer.printUTF8(document)
        printed.append(0x0A)
        #expect(printed == [UInt8](expected), "first difference at byte \(firstDifference(printed, [UInt8](expected)))")
        try expectRoundTrip(original: source.text, printed: String(decoding: printed, as: UTF8.self), options: ParseOptions())
    }

    /// `parse(print(doc)) == parse(doc)`, ignoring locations.
    private func expectRoundTrip(original: String, printed: String, options: ParseOptions) throws {
        var options = options
        options.noLocation = true
        // Printing changes token and comment counts and length; the limits are not under test here.
        options.maxTokens = nil
        options.maxLexicalTokens = nil
        options.maxComments = nil
        options.maxSourceLength = nil
        let before = try Parser.parse(Source(original), options: options)
        let after = try Parser.parse(Source(printed), options: options)
        #expect(before == after)
    }

    private func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        var index = 0
        while index < min(lhs.count, rhs.count), lhs[index] == rhs[index] { index += 1 }
        return index
    }
}

/// One input file of the corpus's `expected/printed/` tree with its expected printed form or error.
struct PrintedCorpusFile: Sendable, CustomTestStringConvertible {
    struct ExpectedError: Decodable, Sendable {
        var message: String
        var locations: [CorpusLocation]
    }

    /// Relative path of the input, e.g. `dataconnect/quickstart-js/schema/schema.gql`.
    var path: String
    var inputURL: URL
    var expectedURL: URL
    var expectedError: ExpectedError?
    var testDescription: String { path }

    /// Every `expected/<path>.printed.graphql` or `expected/<path>.error.json` with its `inputs/<path>`.
    static func all(in folder: URL) -> [PrintedCorpusFile] {
        let expectedFolder = folder.appendingPathComponent("expected")
        guard let enumerator = FileManager.default.enumerator(atPath: expectedFolder.path) else { return [] }
        var files: [PrintedCorpusFile] = []
        while let relative = enumerator.nextObject() as? String {
            let expectedURL = expectedFolder.appendingPathComponent(relative)
            if relative.hasSuffix(".printed.graphql") {
                let path = String(relative.dropLast(".printed.graphql".count))
                files.append(PrintedCorpusFile(path: path, inputURL: folder.appendingPathComponent("inputs").appendingPathComponent(path), expectedURL: expectedURL))
            } else if relative.hasSuffix(".error.json") {
                let path = String(relative.dropLast(".error.json".count))
                let error = (try? Data(contentsOf: expectedURL)).flatMap { try? JSONDecoder().decode(ExpectedError.self, from: $0) }
                files.append(PrintedCorpusFile(path: path, inputURL: folder.appendingPathComponent("inputs").appendingPathComponent(path), expectedURL: expectedURL, expectedError: error))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
