import SQLGenLanguage
import Testing

@Suite struct LexerTests {
    /// All tokens of `text` (comments included) as kind and value pairs.
    func tokens(_ text: String, comments: Bool = false) throws -> [(TokenKind, String)] {
        var lexer = Lexer(Source(text), includeComments: comments)
        var result: [(TokenKind, String)] = []
        while true {
            let token = try lexer.next()
            if token.kind == .endOfFile { return result }
            result.append((token.kind, lexer.value(of: token)))
        }
    }

    func kinds(_ text: String) throws -> [TokenKind] { try tokens(text).map(\.0) }

    func lexError(_ text: String) -> String? {
        var lexer = Lexer(Source(text))
        do {
            while try lexer.next().kind != .endOfFile {}
            return nil
        } catch {
            return error.message
        }
    }

    @Test func punctuators() throws {
        #expect(try kinds("! $ & ( ) ... : = @ [ ] { | }") == [.bang, .dollar, .amp, .parenL, .parenR, .spread, .colon, .equals, .at, .bracketL, .bracketR, .braceL, .pipe, .braceR])
    }

    @Test func ignoredTokens() throws {
        #expect(try kinds("\u{FEFF} ,,\t\r\n{ # comment\r\n}\u{FEFF}") == [.braceL, .braceR])
        #expect(try tokens("# one\n{ #two", comments: true).map(\.1) == [" one", "{", "two"])
    }

    @Test func namesAreASCII() throws {
        #expect(try tokens("_a9 B_ z").map(\.1) == ["_a9", "B_", "z"])
        #expect(lexError("café") == "Syntax Error: Unexpected character: U+00E9.")
    }

    @Test func numbers() throws {
        #expect(try tokens("0 -0 12 -3 1.5 0.0e-0 1E10 -1.5e+3").map(\.0) == [.int, .int, .int, .int, .float, .float, .float, .float])
        #expect(try tokens("-1.5e+3").map(\.1) == ["-1.5e+3"])
        #expect(lexError("00") == "Syntax Error: Invalid number, unexpected digit after 0: \"0\".")
        #expect(lexError("1.") == "Syntax Error: Invalid number, expected digit but got: <EOF>.")
        #expect(lexError("1.e2") == "Syntax Error: Invalid number, expected digit but got: \"e\".")
        #expect(lexError(".5") == "Syntax Error: Invalid number, expected digit before \".\", did you mean \"0.5\"?")
        #expect(lexError("0x1") == "Syntax Error: Invalid number, expected digit but got: \"x\".")
        #expect(lexError("1.2.3") == "Syntax Error: Invalid number, expected digit but got: \".\".")
        #expect(lexError("1\"a\"") == nil) // a string may follow a number
    }

    @Test func stringEscapes() throws {
        let text = #""a\"b\\c\/d\b\f\n\r\t \u00e9 \u{1F600} \uD83D\uDE00 \u{0}""#
        #expect(try tokens(text).map(\.1) == ["a\"b\\c/d\u{8}\u{C}\n\r\t é 😀 😀 \u{0}"])
        #expect(try tokens("\"\"").map(\.1) == [""])
        #expect(try tokens("\"unicode ✓ 😀\"").map(\.1) == ["unicode ✓ 😀"])
        #expect(lexError(#""\uD800""#) == #"Syntax Error: Invalid Unicode escape sequence: "\uD800"."#)
        #expect(lexError(#""\uDE00\uD83D""#) == #"Syntax Error: Invalid Unicode escape sequence: "\uDE00"."#)
        #expect(lexError(#""\u{D800}""#) == #"Syntax Error: Invalid Unicode escape sequence: "\u{D800}"."#)
        #expect(lexError(#""\u{é}""#) == #"Syntax Error: Invalid Unicode escape sequence: "\u{é"."#)
        #expect(lexError(#""\u12"#) == #"Syntax Error: Invalid Unicode escape sequence: "\u12"."#)
        #expect(lexError(#""\q""#) == #"Syntax Error: Invalid character escape sequence: "\q"."#)
        #expect(lexError("\"a\nb\"") == "Syntax Error: Unterminated string.")
    }

    @Test func blockStrings() throws {
        #expect(try tokens("\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\"").map(\.1) == ["Hello,\n  World!\n\nYours,\n  GraphQL."])
        #expect(try tokens(#""""contains \""" and \n""""#).map(\.1) == [#"contains """ and \n"#])
        #expect(try tokens("\"\"\"a\r\n  b\r  c\"\"\"").map(\.1) == ["a\nb\nc"])
        #expect(try tokens("\"\"\"   \n\t\n\"\"\"").map(\.1) == [""])
        #expect(try tokens("\"\"\"\"\"\"").map(\.0) == [.blockString])
        // One line of text after dedenting (the usual description layout), and text on the first line.
        #expect(try tokens("\"\"\"\n    text  é\n  \"\"\"").map(\.1) == ["text  é"])
        #expect(try tokens("\"\"\"  first \n   \n\"\"\"").map(\.1) == ["  first "])
        #expect(try tokens("\"\"\"\n\t\ttab\n\"\"\"").map(\.1) == ["tab"])
        #expect(lexError("\"\"\" \\\"\"\"") == "Syntax Error: Unterminated string.")
    }

    @Test func dedentBlockStringLines() {
        #expect(BlockString.dedentBlockStringLines(["", "  a", "    b", "  ", ""]) == ["a", "  b"])
        #expect(BlockString.dedentBlockStringLines(["  first", "    second"]) == ["  first", "second"])
        #expect(BlockString.dedentBlockStringLines(["  ", "\t"]) == [])
        #expect(BlockString.value(ofRaw: "\n  x \\\"\"\"\r\n  y\n") == "x \"\"\"\ny")
    }

    @Test func unexpectedCharacters() {
        #expect(lexError("?") == "Syntax Error: Unexpected character: \"?\".")
        #expect(lexError("\u{7}") == "Syntax Error: Unexpected character: U+0007.")
        #expect(lexError("'a'") == "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?")
        #expect(lexError("..") == "Syntax Error: Unexpected \"..\", did you mean \"...\"?")
        #expect(lexError("\u{A0}") == "Syntax Error: Unexpected character: U+00A0.")
    }

    @Test func invalidUTF8IsAnErrorNotACrash() {
        for bytes: [UInt8] in [[0xFF], [0x22, 0xC3, 0x22], [0x22, 0x22, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x22, 0x22], [0x23, 0xF8, 0x0A], [0xE2, 0x82]] {
            var lexer = Lexer(Source(bytes: bytes))
            #expect(throws: GraphQLError.self) {
                while try lexer.next().kind != .endOfFile {}
            }
        }
    }

    @Test func rangesAndEndOfFile() throws {
        var lexer = Lexer(Source("  { abc }", id: SourceID(3)))
        let brace = try lexer.next()
        #expect(brace.range == SourceRange(start: 2, end: 3, source: SourceID(3)))
        let name = try lexer.next()
        #expect((name.start, name.end) == (4, 7))
        _ = try lexer.next()
        let end = try lexer.next()
        #expect(end.kind == .endOfFile && end.start == 9)
        #expect(try lexer.next().kind == .endOfFile)
    }
}
