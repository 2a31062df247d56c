import Testing
import SQLGenLanguage
@testable import SQLGenCore

/// Many diagnostics in one file cost time in proportion to the file: the lines of a source are
/// indexed once, and unknown keys past the first hundred get one warning together.
@Suite struct DiagnosticScaleTests {
    @Test func fortyThousandUnknownKeysGiveAHundredWarningsAndOneSummary() throws {
        let keys = (0..<40_000).map { "unknown\($0): 1" }.joined(separator: "\n")
        let config = try parseConnector("connectorId: c\n" + keys + "\n")
        #expect(config.warnings.count == ConfigReader.maxUnknownKeyWarnings + 1)
        #expect(config.warnings[99].rendered() == """
        /project/connector.yaml:101:1: warning: unknown key 'unknown99' in connector.yaml; expected 'connectorId', 'generate' or 'sqlgen'
        unknown99: 1
        ^
        """)
        #expect(headline(config.warnings[100]) == "/project/connector.yaml:102:1: warning: 39900 more unknown keys in connector.yaml, from 'unknown100' on")
    }

    /// With a scan from the start per diagnostic this took hours (it took minutes at 40,000).
    @Test(.timeLimit(.minutes(1)))
    func aHundredAndFiftyThousandUnknownKeysAreReadInLinearTime() throws {
        let keys = (0..<150_000).map { "k\($0): 1" }.joined(separator: "\n")
        let config = try parseConnector("connectorId: c\n" + keys + "\n")
        #expect(config.warnings.count == ConfigReader.maxUnknownKeyWarnings + 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func locationsOfEveryLineOfALargeSourceAreLinear() {
        let lineCount = 200_000
        let source = Source(String(repeating: "type T { a: Int }\r\n", count: lineCount))
        var lastLine = 0
        for line in stride(from: 1, through: lineCount, by: 1) {
            let offset = (line - 1) * 19 + 9
            let location = source.location(at: offset)
            lastLine = location.line
            if location.column != 10 || source.lineText(line) != "type T { a: Int }" {
                Issue.record("line \(line): \(location)")
                return
            }
        }
        #expect(lastLine == lineCount)
    }

    @Test func locationsMatchTheLineBreakRules() {
        let source = Source("a\r\nbé\rc\nd")
        let expected: [(Int, Int)] = [(1, 1), (1, 2), (1, 2), (2, 1), (2, 2), (2, 3), (2, 3), (3, 1), (3, 2), (4, 1), (4, 2)]
        for (offset, location) in expected.enumerated() {
            #expect(source.location(at: offset) == SourceLocation(line: location.0, column: location.1), "offset \(offset)")
        }
        #expect([1, 2, 3, 4, 5].map(source.lineText) == ["a", "bé", "c", "d", ""])
    }
}
