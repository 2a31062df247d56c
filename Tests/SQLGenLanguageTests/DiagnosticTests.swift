import Testing
@testable import SQLGenLanguage

@Suite struct DiagnosticTests {
    @Test("An error whose first range lies in text no file holds is reported at its next range, not as a bare note")
    func firstRangeOutsideEverySource() {
        let file = Source(bytes: Array("type Query {\n  hello: String\n}\n".utf8), name: "webhook.gql", id: SourceID(1))
        let expanded = SourceRange(start: 0, end: 4, source: SourceID(7))
        let inFile = SourceRange(start: 5, end: 10, source: SourceID(1))
        let error = GraphQLError("There can be only one type named \"Query\".", ranges: [expanded, inFile])
        let diagnostics = Diagnostic.from(error, sources: [file])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.rendered().hasPrefix("webhook.gql:1:6: error: There can be only one type named \"Query\".") == true)
    }
}
