import Testing
@testable import SQLGenYAML

@Suite struct LocationTests {
    @Test func everyNodeHasItsLineAndColumn() throws {
        let text = """
        # comment
        connectorId: "friendly-flix"
        generate:
          swiftSdk:
            - outputDir: ../app
              package: P
            - x
        empty:
        """
        let root = try YAML.parse(text)
        #expect(root.mark.line == 2 && root.mark.column == 1)
        let connector = try #require(root.pair(for: "connectorId"))
        #expect(connector.key.line == 2 && connector.key.column == 1)
        #expect(connector.value.line == 2 && connector.value.column == 14)
        let generate = try #require(root.pair(for: "generate"))
        #expect(generate.value.line == 4 && generate.value.column == 3)
        let list = try #require(generate.value["swiftSdk"])
        #expect(list.line == 5 && list.column == 5)
        let first = try #require(list.items?.first)
        #expect(first.line == 5 && first.column == 7)
        let package = try #require(first.pair(for: "package"))
        #expect(package.key.line == 6 && package.key.column == 7)
        #expect(package.value.line == 6 && package.value.column == 16)
        let second = try #require(list.items?.last)
        #expect(second.line == 7 && second.column == 7)
        // An empty value is placed just after its colon.
        let empty = try #require(root.pair(for: "empty"))
        #expect(empty.value.isNull && empty.value.line == 8 && empty.value.column == 7)
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try YAML.parse("é€😀: x")
        let pair = try #require(root.pairs?.first)
        #expect(pair.value.column == 6)
        let error = try #require(parseError("ü: \"open"))
        #expect(error.line == 1 && error.column == 4)
    }

    @Test func blockScalarAndNullInSequenceLocations() throws {
        let list = try YAML.parse("-\n- >\n  y")
        #expect(list.items?[0].isNull == true)
        #expect(list.items?[0].line == 1 && list.items?[0].column == 1)
        #expect(list.items?[1].line == 2 && list.items?[1].column == 3)
    }

    @Test func crlfKeepsLines() throws {
        let root = try YAML.parse("a: 1\r\nb: 2\r\n")
        #expect(root["b"]?.line == 2 && root["b"]?.column == 4)
    }
}
