import Foundation
import GoldenWKNDSDK
@testable import SQLConnect
import Testing

/// The WKND golden package (AEM persisted queries, unions that AEM may send without `__typename`)
/// run on SQLConnect.
@Suite struct WKNDSDKTests {
    private typealias Results = AdventureBySlugQuery.Data.AdventureModelResults

    private func connector(_ transport: FakeTransport) -> WkndConnector {
        WkndConnector(dataConnect: transport.client(WkndConnector.connectorConfig))
    }

    private func describe(_ reference: Results.Reference?) -> String {
        switch reference {
        case .adventureModel(let adventure)?: return "adventure \(adventure.slug ?? "?")"
        case ._unknown(let other)?: return "other \(other.__typename ?? "?")"
        case nil: return "null"
        }
    }

    @Test("A persisted query runs by its AEM name; unions decode with or without __typename")
    func adventureBySlug() async throws {
        let item = #"{"_path":"/adventures/bali","slug":"bali-surf-camp","price":5000,"groupSize":6,"primaryImage":{"_dynamicUrl":"/x.jpg"},"# +
            #""description":{"json":[{"nodeType":"paragraph"}],"plaintext":"Surf\n\nCamp","html":null}}"#
        let references = #"[{"_path":"/adventures/costa-rica","slug":"costa-rica","__typename":"AdventureModel"},{},null]"#
        let transport = FakeTransport(#"{"data":{"adventureList":{"items":[\#(item),null],"_references":\#(references)}}}"#)
        let result = try await connector(transport).adventureBySlugQuery.execute(slug: "bali-surf-camp") { $0.imageWidth = 640 }
        #expect(transport.requests.first?.operationName == "adventure-by-slug")
        #expect(transport.lastVariables == #"{"slug":"bali-surf-camp","imageWidth":640}"#)
        let list = try #require(result.data?.adventureList)
        #expect(list._references?.map(describe) == ["adventure costa-rica", "other ?", "null"])
        let bali = try #require(list.items.first ?? nil)
        #expect(list.items.count == 2 && list.items[1] == nil)
        #expect(bali.price == 5000 && bali.groupSize == 6 && bali.description?.plaintext == "Surf\n\nCamp")
        guard case .imageRef(let image)? = bali.primaryImage else {
            Issue.record("an image reference without __typename is an ImageRef by its members")
            return
        }
        #expect(image._dynamicUrl == "/x.jpg" && image.__typename == nil)
    }

    @Test("Without __typename, a value with none of a case's own members is _unknown, as is another __typename")
    func unknownReference() throws {
        let json = #"{"adventureList":{"items":[{"primaryImage":{"_other":1}},{"primaryImage":{"__typename":"DocumentRef","_dynamicUrl":"/c"}}]}}"#
        let data = try JSONDecoder().decode(AdventureBySlugQuery.Data.self, from: Data(json.utf8))
        let typeNames = data.adventureList.items.map { item -> String in
            guard case ._unknown(let other)? = item?.primaryImage else { return "not _unknown" }
            return other.__typename ?? "none"
        }
        #expect(typeNames == ["none", "DocumentRef"])
    }

    @Test("The environment chooses the transport; a bad setting fails the first request with its error")
    func environmentTransport() async throws {
        #expect(WkndConnector.environmentTransport(environment: [:]) is AEMTransport)
        #expect(WkndConnector.environmentTransport(environment: ["AEM_HOST": "localhost:4503", "AEM_SCHEME": "http"]) is AEMTransport)
        let failing = WkndConnector.environmentTransport(environment: ["AEM_HOST": "bad host!"])
        #expect(failing is WkndUnconfiguredTransport)
        let request = try OperationRequest(connector: WkndConnector.connectorConfig, operationName: "adventures-all", kind: .query, variables: AdventuresAllQuery.Variables())
        #expect(await thrownError { _ = try await failing.send(request) } != nil)
        let wknd = connector(FakeTransport())
        wknd.useAEM(try AEMConfiguration(environment: ["AEM_HOST": "author.example.com"]))
        #expect(wknd.dataConnect.transport is AEMTransport)
        wknd.useEmulator(port: 9)
        #expect(wknd.dataConnect.transport is AEMTransport && WkndConnector.aemConfiguration == "wknd-shared")
    }
}
