@testable import SQLGenEmulator
import SQLGenAEM
import SQLGenJSON
import SQLGenSchema
import Testing

/// Reading stored fragments and deriving the multi-line text formats, without a server.
@Suite("AEM content")
struct AEMContentTests {
    @Test("JCR typed values become numbers, booleans and arrays by field kind")
    func typedValues() {
        #expect(AEMContentReader.typed(.string("{Long}6"), field: AEMField(name: "groupSize", kind: .integer, isMultiple: false)) == .int(6))
        #expect(AEMContentReader.typed(.string("{Double}5000.00"), field: AEMField(name: "price", kind: .float, isMultiple: false)) == .double(5000))
        #expect(AEMContentReader.typed(.double(152.59), field: AEMField(name: "price", kind: .float, isMultiple: false)) == .double(152.59))
        #expect(AEMContentReader.typed(.string("{Date}1988-09-26T14:09:00.000-07:00"), field: AEMField(name: "birthDay", kind: .dateTime, isMultiple: false))
            == .string("1988-09-26T14:09:00.000-07:00"))
        #expect(AEMContentReader.typed(.string("[Influencer,Photographer]"), field: AEMField(name: "occupations", kind: .enumeration(values: []), isMultiple: true))
            == .array([.string("Influencer"), .string("Photographer")]))
        #expect(AEMContentReader.typed(.string("{Boolean}true"), field: AEMField(name: "featured", kind: .boolean, isMultiple: false)) == .bool(true))
    }

    @Test("an unknown model or a missing path is an error naming the fragment")
    func badContent() {
        let model = AEMModel(typeName: "AdventureModel", name: "adventure", path: "/conf/x/adventure", title: "Adventure", fields: [])
        #expect(throws: EmulatorError.self) {
            try AEMContentReader.fragments(.array([.object([JSONMember("_path", .string("/content/dam/a")), JSONMember("model", .string("/conf/x/other"))])]), models: [model])
        }
        #expect(throws: EmulatorError.self) { try AEMContentReader.fragments(.array([.object([])]), models: [model]) }
        #expect(throws: EmulatorError.self) { try AEMContentReader.fragments(.object([]), models: [model]) }
    }

    @Test("rich text: plaintext, markdown and the JSON node tree from HTML")
    func richText() {
        let html = "<p>A <b>bold</b> and <i>quiet</i>&nbsp;<a href=\"https://adobe.com\" target=\"_blank\">link</a></p>\n<ul>\n<li>One</li>\n<li>Two &amp; three</li>\n</ul>\n<h2>Head</h2>"
        let nodes = AEMRichText.parse(html)
        #expect(AEMRichText.plaintext(nodes).hasPrefix("A bold and quiet link\n\nOne\n\nTwo & three\n\n"))
        #expect(AEMRichText.markdown(nodes).contains("- One\n- Two & three\n"))
        #expect(AEMRichText.markdown(nodes).hasSuffix("## Head\n\n"))
        guard case .array(let blocks) = AEMRichText.json(nodes) else {
            Issue.record("json is not an array")
            return
        }
        #expect(blocks.map { $0["nodeType"] } == [.string("paragraph"), .string("unordered-list"), .string("header")])
        let link = blocks[0]["content"]?.arrayValue?.last
        #expect(link?["nodeType"] == .string("link"))
        #expect(link?["data"]?["target"] == .string("_blank"))
        #expect(link?["value"] == .string("link"))
        #expect(link?["content"] == nil)
        #expect(blocks[2]["style"] == .string("h2"))
        #expect(AEMRichText.referencedPaths(AEMRichText.parse("<p><a href=\"/content/dam/a/b\">x</a><img src=\"/content/dam/a/c.png\"/><a href=\"/content/dam/a/b\">again</a></p>"))
            == ["/content/dam/a/b", "/content/dam/a/c.png"])
    }

    @Test("date-times compare as instants across offsets; AEM date filters use them")
    func times() {
        #expect(AEMTime.compare("1988-09-26T14:09:00.000-07:00", "1988-09-26T21:09:00Z") == 0)
        #expect(AEMTime.compare("1988-09-26", "1988-09-27") < 0)
        #expect(AEMTime.compare("10:30", "09:45:10") > 0)
        let filter = AEMFilter(models: [:], fragmentAt: { _ in nil })
        let expression = JSONValue.object([JSONMember("value", .string("1990-01-01T00:00:00Z")), JSONMember("_operator", .string("BEFORE"))])
        #expect(filter.expression(.string("1988-09-26T14:09:00.000-07:00"), expression, kind: .dateTime))
        #expect(!filter.expression(.null, expression, kind: .dateTime))
    }

    @Test("array modes: AT_LEAST_ONCE, ALL, ALL_OR_EMPTY, INSTANCES and exact values")
    func arrayModes() {
        let filter = AEMFilter(models: [:], fragmentAt: { _ in nil })
        let values: [JSONValue] = [.string("Artist"), .string("Photographer")]
        func check(_ members: [JSONMember], _ array: [JSONValue] = values) -> Bool {
            filter.arrayFilter(array, .object([JSONMember("_expressions", .array([.object(members)]))]), kind: .string)
        }
        #expect(check([JSONMember("value", .string("Artist"))]))
        #expect(!check([JSONMember("value", .string("Artist")), JSONMember("_apply", .string("ALL"))]))
        #expect(check([JSONMember("value", .string("Artist")), JSONMember("_apply", .string("ALL_OR_EMPTY"))], []))
        #expect(!check([JSONMember("value", .string("Artist")), JSONMember("_apply", .string("ALL"))], []))
        #expect(check([JSONMember("value", .string("t")), JSONMember("_operator", .string("CONTAINS")), JSONMember("_apply", .string("INSTANCES")), JSONMember("_instances", .int(2))]))
        #expect(check([JSONMember("values", .array(values))]))
        #expect(!check([JSONMember("values", .array([.string("Artist")]))]))
    }

    @Test("placeholder PNG chunks carry valid CRCs; cursors round-trip through base64")
    func placeholders() {
        let png = AEMPlaceholderImage.png(width: 10, height: 3)
        let length = Int(png[8]) << 24 | Int(png[9]) << 16 | Int(png[10]) << 8 | Int(png[11])
        let body = Array(png[12..<(16 + length)])
        let stored = png[(16 + length)..<(20 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(AEMPlaceholderImage.crc32(body) == stored)
        #expect(AEMPlaceholderImage.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        for text in ["", "a", "ab", "abc", "cf:0e8a45cb-4c28-4edd-abbf-a6f5d79e81ac"] {
            #expect(AEMBase64.decode(AEMBase64.encode(Array(text.utf8))) == Array(text.utf8))
        }
        #expect(AEMBase64.encode(Array("admin:admin".utf8)) == "YWRtaW46YWRtaW4=")
        #expect(AEMBase64.decode("not base64!") == nil)
    }
}
