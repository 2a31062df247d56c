// Multi-line text compared with answers recorded from real AEM. Sources:
// - rattantv/prebook-loadtest lib/adventures.js @ 098cc3bb3d99ba9dfc5bd0d4e2f1e6485b539522 (adventure-by-slug, bali-surf-camp)
// - jihuang-adobe/Chatbot-UI chatbot-ui.js @ e5ad27b6ee0f8e3550c5583b3c4c8966b79fb365 (every adventure's description.plaintext)
// - AdobeDocs/experience-manager-learn.en help/headless-tutorial/graphql/how-to/rich-text.md (json, html, markdown, plaintext, link, image reference)
// - an AEMaaCS answer embedded in an adobecom Milo block (public GitHub text search for
//   `react-mini-app-unified-paywall_lrweb`; the index does not name its repository): line break, markdown
// - adobe/aem-guides-wknd-graphql react-app/src/utils/renderRichText.js (mapJsonRichText reads a link's `node.value`)
import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("AEM recorded responses")
struct AEMRecordedResponseTests {
    static func recorded(_ name: String) throws -> JSONValue {
        let url = AEMHarness.fixtures.appendingPathComponent("recorded").appendingPathComponent(name)
        return try JSONParser.parse([UInt8](Data(contentsOf: url)))
    }

    @Test("adventure-by-slug answers bali-surf-camp's description and itinerary as AEM did")
    func adventureBySlug() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let recorded = try Self.recorded("adventure-by-slug-bali.json")
        let reply = try await harness.run("adventure-by-slug", ";slug=bali-surf-camp")
        let item = reply.json?["data"]?["adventureList"]?["items"]?.arrayValue?.first
        #expect(item?["description"] == recorded["description"])
        #expect(item?["itinerary"] == recorded["itinerary"])
        let reference = reply.json?["data"]?["adventureList"]?["_references"]?.arrayValue?.first
        let expected = recorded["_references"]?.arrayValue?.first
        for key in ["_path", "slug", "title", "__typename"] { #expect(reference?[key] == expected?[key], "\(key)") }
        #expect(reference?["price"] == .double(3400) || reference?["price"] == .int(3400))
    }

    @Test("every adventure's plaintext is AEM's: paragraphs apart by a blank line, spaces kept")
    func plaintextOfEveryAdventure() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let query = #"{"query":"{ adventureList { items { _path description { plaintext } } } }"}"#
        let reply = try await harness.request("POST", "/content/_cq_graphql/wknd-shared/endpoint.json", body: query)
        var answered: [String: JSONValue] = [:]
        for item in reply.json?["data"]?["adventureList"]?["items"]?.arrayValue ?? [] {
            if let path = item["_path"]?.stringValue { answered[path] = item["description"]?["plaintext"] }
        }
        guard case .object(let expected)? = try Self.recorded("adventures-plaintext.json")["plaintext"] else {
            Issue.record("the recorded plaintext fixture has no \"plaintext\" object")
            return
        }
        #expect(expected.count == 15)
        for member in expected { #expect(answered[member.key] == member.value, "\(member.key)") }
    }

    /// The three derived formats of `html` against a recorded answer.
    static func expectFormats(_ html: String, plaintext: String, markdown: String, json: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let nodes = AEMRichText.parse(html)
        #expect(AEMRichText.plaintext(nodes) == plaintext, sourceLocation: sourceLocation)
        #expect(AEMRichText.markdown(nodes) == markdown, sourceLocation: sourceLocation)
        #expect(AEMRichText.json(nodes) == (try JSONParser.parse(Array(json.utf8))), sourceLocation: sourceLocation)
    }

    @Test("the tutorial's paragraph: a non-breaking space is a space, trailing spaces stay")
    func tutorialParagraph() throws {
        try Self.expectFormats("<p>This is a paragraph that includes <b>important</b> content.&nbsp;</p>\n",
                               plaintext: "This is a paragraph that includes important content. ",
                               markdown: "This is a paragraph that includes **important** content. \n\n ", json: #"""
        [{"nodeType":"paragraph","content":[{"nodeType":"text","value":"This is a paragraph that includes "},
          {"nodeType":"text","value":"important","format":{"variants":["bold"]}},{"nodeType":"text","value":" content. "}]}]
        """#)
    }

    @Test("a link carries its text in value, as Adobe's renderer reads it; an image is a reference without one")
    func linksAndImages() throws {
        // The tutorial shows the JSON; the HTML is the one that renders it.
        let link = AEMRichText.parse(#"<p>This is the first paragraph. <a href="http://www.adobe.com">An external link</a></p>"#)
        let recordedLink = try JSONParser.parse(Array(#"""
        [{"nodeType":"paragraph","content":[{"nodeType":"text","value":"This is the first paragraph. "},
          {"nodeType":"link","data":{"href":"http://www.adobe.com"},"value":"An external link"}]}]
        """#.utf8))
        #expect(AEMRichText.json(link) == recordedLink)
        let image = AEMRichText.parse(#"<p><img src="/content/dam/wknd/en/activities/climbing/sport-climbing.jpg"></p>"#)
        let recordedImage = try JSONParser.parse(Array(#"""
        [{"nodeType":"paragraph","content":[{"nodeType":"reference",
          "data":{"path":"/content/dam/wknd/en/activities/climbing/sport-climbing.jpg","mimetype":"image/jpeg"}}]}]
        """#.utf8))
        #expect(AEMRichText.json(image) == recordedImage)
    }

    @Test("a line break: a newline in plaintext and markdown, a line-break node with empty content in json")
    func lineBreak() throws {
        try Self.expectFormats("<p>Starting at<br>\n{formattedPrice}</p>\n", plaintext: "Starting at\n{formattedPrice}",
                               markdown: "Starting at\n {formattedPrice}\n\n ", json: #"""
        [{"nodeType":"paragraph","content":[{"nodeType":"text","value":"Starting at"},
          {"nodeType":"line-break","content":[]},{"nodeType":"text","value":" {formattedPrice}"}]}]
        """#)
        #expect(AEMRichText.markdown(AEMRichText.parse("<p>Upgrade</p>")) == "Upgrade\n\n")
    }
}
