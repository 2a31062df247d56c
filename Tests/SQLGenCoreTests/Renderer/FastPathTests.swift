import Testing
@testable import SQLGenCore

/// The byte-wise fast paths of naming, literals and layout give exactly what the general
/// (Unicode) algorithms they stand in for give.
@Suite struct FastPathTests {
    static let names: [String] = {
        var names = ["", "_", "-", "a", "A", "URL", "URLList", "friendly-flix", "ListMovies", "movie_insert", "__typename", "x.y z",
                     "9lives", "ÉtéMovies", "straße", "ǅungla", "a-é", "ID", "iOS", "_2fa"]
        // Every short string over an alphabet of the cases that matter.
        let alphabet: [Character] = ["a", "Z", "_", "-", "1", "é"]
        var current = [""]
        for _ in 0..<4 {
            current = current.flatMap { prefix in alphabet.map { prefix + String($0) } }
            names += current
        }
        return names
    }()

    @Test func namingMatchesTheGeneralAlgorithm() {
        for name in Self.names {
            #expect(SwiftNaming.upperCamel(name) == SwiftNaming.unicodeUpperCamel(name), "\(name)")
            #expect(SwiftNaming.lowerCamel(name) == SwiftNaming.unicodeLowerCamel(SwiftNaming.unicodeUpperCamel(name)), "\(name)")
        }
    }

    @Test func stringLiteralsEscapeWhatNeedsIt() {
        #expect(SwiftLiteral.string("plain é 😀") == "\"plain é 😀\"")
        #expect(SwiftLiteral.string("a\"b\\c\nd\te\u{7F}\u{01}") == #""a\"b\\c\nd\te\u{7f}\u{1}""#)
    }

    @Test func blankLinesFollowTheLayoutRules() {
        var writer = CodeWriter()
        writer.blank()
        writer.line("struct A {")
        writer.blank()
        writer.push()
        writer.line("let é = 1")
        writer.blank()
        writer.blank()
        writer.line("")
        writer.blank()
        writer.pop()
        writer.line("}")
        #expect(writer.text == "struct A {\n    let é = 1\n\n\n}\n")
    }

    @Test func deepIndentationIsWhole() {
        var writer = CodeWriter()
        for _ in 0..<21 { writer.push() }
        writer.line("x")
        writer.startLine()
        writer.endLine()
        #expect(writer.text == String(repeating: " ", count: 84) + "x\n")
    }
}
