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

    /// The parser records the depth it met; it is what measuring the definitions gives, and it
    /// is measured again once the definitions change.
    @Test func theParsedDepthIsTheMeasuredDepth() throws {
        let documents = Self.documents(depth: 30) + Self.documents(depth: 3) + [
            "query($v: [[Int]] = [[1]]) { a { b(x: {y: [1]}) { ...F } } } fragment F on T { c }",
            "type T @d(a: [[1]]) { f(a: [[Int!]] = [[{b: [2]}]]): [T] } input I { x: [[[Int]]] = [] } enum E { V @d(a: {b: [[1]]}) }",
            "directive @d(a: [[[I]]]) on FIELD scalar S @d(a: [1]) extend schema @d(a: [[1]]) union U = A | B",
            "{ a @include(if: true) { ... on T @d(a: [[[1]]]) { b } ... @skip(if: false) { c { d } } } }",
        ]
        for text in documents {
            let parsed = try Parser.parse(Source(text))
            let measured = Document(definitions: parsed.definitions).nestingDepth
            #expect(parsed.nestingDepth == measured, "\(text)")
            var changed = parsed
            changed.definitions += try Parser.parse(Source(String(repeating: "{ a ", count: 40) + String(repeating: "}", count: 40))).definitions
            #expect(changed.nestingDepth == max(measured, 40))
        }
    }
}
