import SQLGenLanguage
import Testing

/// The parser and printer on input nested 100,000 deep (an error, never a crash), and on input
/// as deep as the limit allows, on a 512 KiB stack: deep input is parsed again on a stack of its
/// own (`DeepStack`).
@Suite struct NestingLimitTests {
    /// Selection sets, list values, object values and list types, `depth` levels each.
    static func documents(depth: Int) -> [String] {
        let inner = depth - 1
        return [
            String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth),
            "{ f(a: " + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + ") }",
            "{ f(a: " + String(repeating: "{a: ", count: inner) + "1" + String(repeating: "}", count: inner) + ") }",
            "query($v: " + String(repeating: "[", count: inner) + "Int" + String(repeating: "]", count: inner) + ") { a }",
            "type T { f(a: " + String(repeating: "[", count: inner) + "Int" + String(repeating: "]", count: inner) + " = 1): Int }",
        ]
    }

    @Test(arguments: documents(depth: 100_000))
    func nestingPastTheLimitIsASyntaxError(text: String) {
        let message = onSmallStack { () -> String? in
            do throws(GraphQLError) {
                _ = try Parser.parse(Source(text))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
    }

    @Test(arguments: documents(depth: 200))
    func nestingAtTheLimitParsesAndPrintsOnASmallStack(text: String) throws {
        let printed = onSmallStack { () -> String? in
            guard let document = try? Parser.parse(Source(text)) else { return nil }
            return Printer.print(document)
        }
        let document = try #require(printed.flatMap { try? Parser.parse(Source($0)) })
        #expect(document.nestingDepth >= 199)
    }

    @Test func nestingIsMeasuredWithoutFollowingSpreads() throws {
        let document = try Parser.parse(Source("query($v: [[Int]] = [[1]]) { a { b(x: {y: [1]}) { ...F } } } fragment F on T { c }"))
        #expect(document.definitions.map(\.nestingDepth) == [4, 1])
        #expect(document.nestingDepth == 4)
    }
}
