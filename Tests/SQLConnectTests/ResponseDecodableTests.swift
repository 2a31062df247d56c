import Foundation
import Testing
@testable import SQLConnect

/// Result types decoding through `ResponseRecordDecodable` behave as the synthesized `Decodable`
/// they replace: the same values, the same errors and coding paths, with SQLConnect's decoder and with
/// `JSONDecoder`.
@Suite struct ResponseDecodableTests {
    /// Every property of the generated form read into the synthesized one, then compared.
    private func expectSameValues(_ generated: GeneratedFilmsData, _ synthesized: FilmsData, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(FilmsData(generated) == synthesized, sourceLocation: sourceLocation)
    }

    /// The error `decodeResult` throws for `json` as `type`.
    private func failure<Value: Decodable & Sendable>(_ type: Value.Type, _ json: String) -> DecodingFailure? {
        do {
            _ = try ResponseDecoding.decodeResult(type, from: Data(json.utf8))
        } catch DataConnectError.decoding(let failure) {
            return failure
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test("Every scalar kind at every position decodes as with synthesized Decodable")
    func sameValues() throws {
        let body = Data(WireFixtures.filmsJSON.utf8)
        let generated = try #require(try ResponseDecoding.decodeResult(GeneratedFilmsData.self, from: body))
        let synthesized = try #require(try ResponseDecoding.decodeResult(FilmsData.self, from: body))
        expectSameValues(generated, synthesized)
        #expect(generated.films[0].formats == [.WIDESCREEN, ._UNKNOWN("IMAX_3D")])
        #expect(generated.films[0].views == Int64.max)
        #expect(generated.films[1].ownerId == nil && generated.featured == nil && generated.missing == nil)
    }

    @Test("A record's generic read gives what its typed reads give, optional scalars included")
    func genericReads() throws {
        let generated = try #require(try ResponseDecoding.decodeResult(GeneratedFilmsData.self, from: Data(WireFixtures.filmsJSON.utf8)))
        for film in generated.films {
            #expect(film.__record[11] as String == film.title)
            #expect(film.__record[4] as Int64? == film.views)
            #expect(film.__record[2] as UUID? == film.ownerId)
            #expect(film.__record[6] as Double? == film.rating)
        }
    }

    @Test("Bad input gives the same error and coding path", arguments: WireFixtures.errorCases)
    func sameErrors(original: String, replacement: String, path: String, messagePart: String) throws {
        let json = WireFixtures.filmsJSON.replacingOccurrences(of: original, with: replacement)
        let generated = try #require(failure(GeneratedFilmsData.self, json))
        let synthesized = try #require(failure(FilmsData.self, json))
        #expect(generated.description == synthesized.description)
        #expect(generated.codingPath == path)
        #expect(generated.message.contains(messagePart), "\(generated.message)")
    }

    @Test("A missing member names its key in the path")
    func missingMember() throws {
        let json = WireFixtures.filmsJSON.replacingOccurrences(of: #""rank":3,"#, with: "")
        let generated = try #require(failure(GeneratedFilmsData.self, json))
        #expect(generated.description == failure(FilmsData.self, json)?.description)
        #expect(generated.codingPath == "data.films[0].rank")
    }

    /// `filmsJSON` in the forms `JSONDecoder` reads: dashed UUIDs, `Int64` as numbers.
    private static let foundationJSON = WireFixtures.filmsJSON
        .replacingOccurrences(of: #""views":"9223372036854775807","likes":"-42""#, with: #""views":9223372036854775807,"likes":-42"#)
        .replacingOccurrences(of: #""counters":["1",2,"-9223372036854775808"],"matrix":[["1","2"],[],["3"]]"#, with: #""counters":[1,2,-9223372036854775808],"matrix":[[1,2],[],[3]]"#)
        .replacingOccurrences(of: #""total":"123456789012345678""#, with: #""total":123456789012345678"#)
        .replacingOccurrences(of: WireFixtures.id1, with: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
        .replacingOccurrences(of: WireFixtures.id2, with: "6BA7B811-9DAD-11D1-80B4-00C04FD430C8")
        .replacingOccurrences(of: WireFixtures.id3, with: "01234567-89AB-CDEF-0123-456789ABCDEF")
        .replacingOccurrences(of: "0123456789abcdef0123456789abcdef", with: "01234567-89AB-CDEF-0123-456789ABCDEF")

    /// The `data` member of `foundationJSON`, as an app caches it.
    private static func cachedData(_ json: String = foundationJSON) throws -> Data {
        guard case .object(let envelope) = try JSONParser.parse(Data(json.utf8)), let data = envelope["data"] else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no data"))
        }
        return Data(data.node.serialized().utf8)
    }

    @Test("JSONDecoder decodes cached data as it decodes synthesized Decodable")
    func jsonDecoder() throws {
        let data = try Self.cachedData()
        let generated = try JSONDecoder().decode(GeneratedFilmsData.self, from: data)
        expectSameValues(generated, try JSONDecoder().decode(FilmsData.self, from: data))
        #expect(generated.total == 123_456_789_012_345_678)
        #expect(generated.films[0].tags[1] == WireFixtures.uuid(WireFixtures.id3))
    }

    @Test("JSONDecoder's errors keep their coding path")
    func jsonDecoderErrors() throws {
        let data = try Self.cachedData(Self.foundationJSON.replacingOccurrences(of: #""stars":5"#, with: #""stars":"5""#))
        var paths: [String] = []
        for decode in [{ _ = try JSONDecoder().decode(GeneratedFilmsData.self, from: data) }, { _ = try JSONDecoder().decode(FilmsData.self, from: data) }] {
            do {
                try decode()
                Issue.record("expected a type mismatch")
            } catch DecodingError.typeMismatch(_, let context) {
                paths.append(ResponseDecoding.path(context.codingPath, root: "data"))
            }
        }
        #expect(paths == ["data.films[0].reviews[0].stars", "data.films[0].reviews[0].stars"])
    }

    @Test("Unions decode by __typename, any other type as _unknown, with either decoder")
    func unions() throws {
        let json = #"[{"__typename":"Movie","title":"Alien"},{"__typename":"Actor"},{"__typename":"Director","name":"x"}]"#
        for results in [try WireDecoder.decode([GeneratedSearchResult].self, from: Data(json.utf8)), try JSONDecoder().decode([GeneratedSearchResult].self, from: Data(json.utf8))] {
            guard results.count == 3, case .movie(let movie) = results[0], case .actor(let actor) = results[1], case ._unknown(let other) = results[2] else {
                Issue.record("unexpected \(results)")
                continue
            }
            #expect(movie.title == "Alien" && actor.name == nil && other.__typename == "Director")
        }
        let missing = try #require(failure(GeneratedSearchResult.self, #"{"data":{"title":"Alien"}}"#))
        #expect(missing.codingPath == "data.__typename")
    }

    @Test("Without __typename, the type is the first whose own members are present")
    func inferredTypeName() throws {
        let json = #"[{"_dynamicUrl":"/a.jpg"},{"_path":"/b"},{"__typename":"DocumentRef","_dynamicUrl":"/c"}]"#
        let references = try WireDecoder.decode([GeneratedReference].self, from: Data(json.utf8))
        guard case .imageRef(let image) = references[0], case ._unknown = references[1], case ._unknown = references[2] else {
            Issue.record("unexpected \(references)")
            return
        }
        #expect(image._dynamicUrl == "/a.jpg")
    }
}
