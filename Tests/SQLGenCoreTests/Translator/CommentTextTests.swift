import Testing
@testable import SQLGenCore

/// Descriptions go into `///` comments: a carriage return would end the comment there (Swift
/// breaks lines at CR as at LF) and put the rest of the line in the code; a NUL is refused anywhere.
@Suite struct CommentTextTests {
    @Test(arguments: [
        ("one line", ["one line"]),
        ("a\nb", ["a", "b"]),
        ("a\rlet injected = 1", ["a", "let injected = 1"]),
        ("a\r\nb\n\rc", ["a", "b", "", "c"]),
        ("nul\u{0} here", ["nul\u{FFFD} here"]),
        ("", [""]),
    ])
    func splitsAtEveryLineBreakSwiftKnows(text: String, lines: [String]) {
        #expect(CommentText.lines(text) == lines)
    }

    @Test func aDescriptionWithACarriageReturnStaysInItsComment() throws {
        let ir = try GeneratorEdgeCaseTests.connector(
            schema: #"type Query { "Title\rpublic let injected = 1\u0000" movie: String "Kinds\rof them" kind: Kind } enum Kind { A }"#,
            operations: #""Lists\rthem" query movies { movie kind }"#)
        let files = SDKTranslator(connector: ir).files()
        for file in files where file.path.hasSuffix(".swift") {
            #expect(!file.contents.utf8.contains(0x0D) && !file.contents.utf8.contains(0), "\(file.path)")
        }
        let operation = files.first { $0.path == "Sources/Operations/Operations.swift" }?.contents ?? ""
        #expect(operation.contains("/// Title\n"), "\(operation)")
        #expect(operation.contains("/// public let injected = 1\u{FFFD}\n"))
        #expect(operation.contains("/// Lists\n"))
        #expect(operation.contains("/// them\n"))
    }
}
