@testable import SQLGenEmulator
import SQLGenJSON
import Testing

/// CEL and the emulator's JSON at 100,000 levels (an error) and at their limits (evaluated,
/// written and compared on a 512 KiB stack): chains count as nesting, so no tree is deeper.
@Suite("CEL and JSON nesting limits")
struct ExpressionDepthTests {
    private static let hundredThousand = 100_000

    @Test(arguments: [
        String(repeating: "a || ", count: hundredThousand) + "a",
        String(repeating: "x.", count: hundredThousand) + "y",
        "x" + String(repeating: "[0]", count: hundredThousand),
        String(repeating: "-", count: hundredThousand) + "1.0",
        String(repeating: "{'a': ", count: hundredThousand) + "1" + String(repeating: "}", count: hundredThousand),
        String(repeating: "true ? ", count: hundredThousand) + "1" + String(repeating: " : 2", count: hundredThousand),
    ])
    func hostileNestingIsAnError(text: String) {
        #expect(throws: CELError.self) { try CELParser.parse(text) }
    }

    /// Chains right at the limit: parsed, the tree walked for references and evaluated.
    @Test(arguments: [
        String(repeating: "a || ", count: CELParser.maxDepth - 2) + "b",
        "m" + String(repeating: ".m", count: CELParser.maxDepth - 2),
        String(repeating: "!", count: CELParser.maxDepth - 2) + "b",
        // A list literal takes two levels: its own and its items' expression.
        "size(" + String(repeating: "[", count: CELParser.maxDepth / 2 - 2) + String(repeating: "]", count: CELParser.maxDepth / 2 - 2) + ") == 1",
    ])
    func expressionsAtTheLimitEvaluateOnASmallStack(text: String) throws {
        let nested: CELValue = .map([("m", .null)])
        let bindings: [String: CELValue] = ["a": .json(.bool(false)), "b": .json(.bool(true)), "m": nested]
        let result = onSmallStack { () -> JSONValue? in
            guard let expression = try? CELParser.parse(text) else { return nil }
            _ = expression.references("vars")
            return try? CELEvaluator(bindings: bindings).evaluate(expression).json
        }
        #expect(result != nil)
    }

    @Test func chainsOneLinkPastTheLimitAreRefused() {
        #expect(throws: CELError.self) { try CELParser.parse(String(repeating: "a || ", count: CELParser.maxDepth + 1) + "a") }
        #expect(throws: CELError.self) { try CELParser.parse("m" + String(repeating: ".m", count: CELParser.maxDepth + 1)) }
    }

    @Test func jsonPastTheLimitIsAnErrorAndAtItIsWrittenOnASmallStack() throws {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: "[", count: Self.hundredThousand)) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(String(repeating: #"{"a":"#, count: Self.hundredThousand)) }
        let deepest = String(repeating: #"{"a":["#, count: 63) + "1" + String(repeating: "]}", count: 63)
        let written = onSmallStack { () -> Bool in
            guard let value = try? JSONParser.parse(deepest) else { return false }
            return value.jsonText == deepest && value == value
        }
        #expect(written)
    }
}
