import Testing
@testable import SQLGenYAML

/// YAML nested 100,000 deep in every construct that nests is an error; nested to the limit, it is
/// read on a 512 KiB stack.
@Suite struct NestingDepthTests {
    private static func nested(_ levels: Int) -> [String] {
        [
            String(repeating: "[", count: levels) + String(repeating: "]", count: levels),
            String(repeating: "{a: ", count: levels) + "1" + String(repeating: "}", count: levels),
            // Block mappings indent one more space a level: text grows with the square of the depth.
            (0..<min(levels, 2_000)).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " 1",
            String(repeating: "- ", count: levels) + "x",
        ]
    }

    @Test(arguments: nested(100_000))
    func pastTheLimitIsAnError(text: String) {
        let message = onSmallStack { () -> String? in
            do throws(YAMLError) {
                _ = try YAML.parse(text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message?.contains("nesting is too deep") == true)
    }

    @Test(arguments: nested(YAMLParser.maxDepth - 1))
    func atTheLimitIsReadOnASmallStack(text: String) {
        let parsed = onSmallStack { (try? YAML.parse(text)) != nil }
        #expect(parsed)
    }
}
