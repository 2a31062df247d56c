import Foundation
import GoldenDecodingSDK
@testable import SQLConnect
import Testing

/// The decoding golden package (GraphQL over HTTP: unions, interfaces, keywords, deprecated
/// fields, every scalar read) run on SQLConnect.
@Suite struct DecodingSDKTests {
    private func connector(_ transport: FakeTransport) -> DecodingConnector {
        DecodingConnector(dataConnect: transport.client(DecodingConnector.connectorConfig))
    }

    private func describe(_ result: SearchQuery.Data.SearchResult) -> String {
        switch result {
        case .film(let film): return "film \(film.title)"
        case .person(let person): return "person \(person.name)"
        case ._unknown(let other): return "other \(other.__typename)"
        }
    }

    @Test("Unions decode by __typename through the client, any other type as _unknown; the document is sent")
    func unionThroughTheClient() async throws {
        let transport = FakeTransport(#"{"data":{"search":[{"__typename":"Film","title":"Alien"},{"__typename":"Person","name":"Ada"},{"__typename":"Studio"}]}}"#)
        let found = try await connector(transport).searchQuery.execute(fetchPolicy: .serverOnly, text: "a").data?.search ?? []
        #expect(found.map(describe) == ["film Alien", "person Ada", "other Studio"])
        #expect(transport.requests.first?.document == SearchQuery.document)
        #expect(transport.lastVariables == #"{"text":"a"}"#)
    }

    @Test("Unions decode alike with JSONDecoder; a missing __typename names its path")
    func unionWithEitherDecoder() throws {
        let json = Data(#"[{"__typename":"Film","title":"Alien"},{"__typename":"Person","name":"Ada"},{"__typename":"Studio"}]"#.utf8)
        for results in [try WireDecoder.decode([SearchQuery.Data.SearchResult].self, from: json), try JSONDecoder().decode([SearchQuery.Data.SearchResult].self, from: json)] {
            #expect(results.map(describe) == ["film Alien", "person Ada", "other Studio"])
        }
        do {
            _ = try ResponseDecoding.decodeResult(SearchQuery.Data.SearchResult.self, from: Data(#"{"data":{"title":"Alien"}}"#.utf8))
            Issue.record("expected a decoding error")
        } catch DataConnectError.decoding(let failure) {
            #expect(failure.codingPath == "data.__typename")
        }
    }

    @Test("Interfaces: a type with fields of its own gets its case, a member named `response` included")
    func interface() async throws {
        let transport = FakeTransport(
            #"{"data":{"node":{"__typename":"ResponseObject","id":"1","response":"ok"}}}"#,
            #"{"data":{"node":{"__typename":"Film","id":"2"}}}"#)
        let decoding = connector(transport)
        guard case .responseObject(let object)? = try await decoding.nodeQuery.execute(id: "1").data?.node else {
            Issue.record("expected a ResponseObject")
            return
        }
        #expect(object.response == "ok" && object.id == "1")
        guard case ._unknown(let base)? = try await decoding.nodeQuery.execute(id: "2").data?.node else {
            Issue.record("expected _unknown")
            return
        }
        #expect(base.__typename == "Film" && base.id == "2")
    }

    @Test("Every scalar read, keywords as names and an unknown enum value, with JSONDecoder as for cached data")
    func everyScalarRead() throws {
        let json = #"{"film":{"id":"1","uuid":"6F9619FF-8B86-D011-B42D-00C04FC964FF","budget":7,"score":1.5,"released":true,"title":"Alien","# +
            #""status":"SHELVED","statuses":["ACTIVE"],"tags":["a",null],"grid":[[1,2],null],"day":"2024-05-06","at":"2024-05-06T07:08:09Z","# +
            #""similar":[{"id":"3","title":"Aliens"}],"self":{"id":"2","default":3}}}"#
        let film = try #require(try JSONDecoder().decode(FilmQuery.Data.self, from: Data(json.utf8)).film)
        #expect(film.uuid == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF") && film.budget == 7 && film.views == nil)
        #expect(film.score == 1.5 && film.rating == nil && film.released && film.count == nil)
        #expect(film.status == ._UNKNOWN("SHELVED") && film.statuses == [.ACTIVE])
        #expect(film.tags == ["a", nil] && film.grid == [[1, 2], nil])
        #expect(film.day == (try LocalDate(string: "2024-05-06")) && film.extra == nil)
        #expect(film.similar.map(\.title) == ["Aliens"])
        #expect(film.`self`?.`default` == 3 && film.`self`?.response == nil)
    }

    @Test("Aliases name the property; a nullable list element stays optional")
    func aliases() async throws {
        let transport = FakeTransport(#"{"data":{"films":[{"id":"1","renamed":"Alien"},null]}}"#)
        let films = try await connector(transport).filmsQuery.execute().data?.films
        #expect(films?.map { $0?.renamed } == ["Alien", nil])
        #expect(transport.lastVariables == "{}")
    }
}
