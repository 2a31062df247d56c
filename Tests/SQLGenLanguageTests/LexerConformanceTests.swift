import Foundation
import SQLGenLanguage
import Testing

/// The lexer's token stream (comments included) equals graphql-core 3.3.2's on real documents:
/// kinds, values (strings unescaped, block strings dedented) and line/column positions.
@Suite(.tags(.conformance))
struct LexerConformanceTests {
    struct ExpectedToken: Decodable, Equatable, CustomStringConvertible {
        var kind: String
        var value: String?
        var line: Int
        var column: Int
        var description: String { "\(kind) \(value ?? "") \(line):\(column)" }
    }

    struct Streams: Decodable {
        var files: [String: [ExpectedToken]]
    }

    static let streams: [String: [ExpectedToken]] = {
        guard let data = try? Data(contentsOf: fixturesURL.appendingPathComponent("token-streams.json")),
              let streams = try? JSONDecoder().decode(Streams.self, from: data) else { return [:] }
        return streams.files
    }()

    /// graphql-core's names of token kinds.
    static func coreName(_ kind: TokenKind) -> String {
        switch kind {
        case .name, .int, .float, .string, .blockString, .comment: return kind.displayName
        default: return String(kind.displayName.dropFirst().dropLast())
        }
    }

    @Test func streamsAreLoaded() {
        #expect(Self.streams.count == 3)
    }

    @Test(arguments: streams.keys.sorted())
    func tokenStream(_ path: String) throws {
        let url = corpusInputsURL.appendingPathComponent(path)
        let source = Source(bytes: Array(try Data(contentsOf: url)))
        var lexer = Lexer(source, includeComments: true)
        var tokens: [ExpectedToken] = []
        while true {
            let token = try lexer.next()
            if token.kind == .endOfFile { break }
            let location = source.location(at: token.start)
            tokens.append(ExpectedToken(kind: Self.coreName(token.kind), value: token.kind.hasValue ? lexer.value(of: token) : nil,
                                        line: location.line, column: location.column))
        }
        let expected = Self.streams[path] ?? []
        #expect(tokens.count == expected.count)
        for (mine, theirs) in zip(tokens, expected) where mine != theirs {
            Issue.record("token \(mine) differs from graphql-core's \(theirs)")
            break
        }
    }
}
