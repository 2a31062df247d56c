import Foundation
import GoldenWireSDK
@testable import SQLConnect
import Testing

/// Generated result types (the wire golden's `FilmsQuery.Data`) decode every scalar kind at every
/// position as the server sends it, and agree with synthesized `Decodable` on values, errors and
/// coding paths, with SQLConnect's decoder and with `JSONDecoder`.
@Suite struct WireResultsTests {
    private func films(_ json: String) async throws -> FilmsQuery.Data? {
        let transport = FakeTransport(json)
        let connector = WireConnector(dataConnect: transport.client(WireConnector.connectorConfig))
        return try await connector.filmsQuery.execute(fetchPolicy: .serverOnly).data
    }

    /// The decoding error `body` throws.
    private func failure(_ body: () async throws -> Void) async -> DecodingFailure? {
        switch await thrownError(body) {
        case DataConnectError.decoding(let failure)?: return failure
        case let other: Issue.record("expected a decoding error, got \(String(describing: other))")
        }
        return nil
    }

    @Test("Every scalar kind at every position decodes through the client")
    func everyPosition() async throws {
        let data = try #require(try await films(WireFixtures.filmsJSON))
        #expect(data.total == 123_456_789_012_345_678 && data.count == 2)
        #expect(data.featured == nil && data.missing == nil)
        #expect(data.ids == [WireFixtures.uuid(WireFixtures.id1)])
        let up = try #require(data.films.first)
        #expect(up.id.uuidString == "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
        #expect(up.ownerId == WireFixtures.uuid(WireFixtures.id2) && up.editorId == nil)
        #expect(up.views == Int64.max && up.likes == -42)
        #expect(up.rating == 4.5 && up.score == 100 && up.rank == 3 && up.small == Int32.min && up.released)
        #expect(up.title == "Up é🎬" && up.subtitle == nil)
        #expect(up.releaseDate == (try LocalDate(string: "2009-05-29")))
        #expect(up.updatedAt == (try Timestamp(string: "2024-05-06T07:08:09.123Z")))
        #expect(up.aspectRatio == .ACADEMY && up.formats == [.WIDESCREEN, ._UNKNOWN("IMAX_3D")])
        #expect(up.tags == [WireFixtures.uuid(WireFixtures.id1), WireFixtures.uuid(WireFixtures.id3)])
        #expect(up.relatedIds == [nil, WireFixtures.uuid(WireFixtures.id2)])
        #expect(up.counters == [1, 2, Int64.min] && up.matrix == [[1, 2], [], [3]])
        #expect(up.extra == .object(["n": .string("12"), "k": .array([.int(1), .double(2.5), .bool(true)])]))
        #expect(up.reviews.map(\.stars) == [5, 1] && up.reviews.map(\.body) == ["Great", nil])
        let second = data.films[1]
        #expect(second.ownerId == nil && second.views == nil && second.small == nil && second.releaseDate == nil)
        #expect(second.aspectRatio == ._UNKNOWN("ULTRA_WIDE") && second.extra == nil)
        #expect(second.tags.isEmpty && second.relatedIds.isEmpty && second.matrix.isEmpty)
    }

    @Test("The generated form and the synthesized one decode the same values")
    func sameValues() throws {
        let body = Data(WireFixtures.filmsJSON.utf8)
        let generated = try #require(try ResponseDecoding.decodeResult(FilmsQuery.Data.self, from: body))
        #expect(SynthesizedFilms(generated) == (try ResponseDecoding.decodeResult(SynthesizedFilms.self, from: body)))
    }

    @Test("A record's generic read gives what its typed reads give, optional scalars included")
    func genericReads() throws {
        let generated = try #require(try ResponseDecoding.decodeResult(FilmsQuery.Data.self, from: Data(WireFixtures.filmsJSON.utf8)))
        for film in generated.films {
            #expect(film.__record[10] as String == film.title)
            #expect(film.__record[3] as Int64? == film.views)
            #expect(film.__record[1] as UUID? == film.ownerId)
            #expect(film.__record[5] as Double? == film.rating)
        }
    }

    @Test("Bad input fails with the coding path, as synthesized Decodable fails", arguments: WireFixtures.errorCases)
    func errorPaths(original: String, replacement: String, path: String, messagePart: String) async throws {
        #expect(WireFixtures.filmsJSON.contains(original))
        let json = WireFixtures.filmsJSON.replacingOccurrences(of: original, with: replacement)
        let generated = try #require(await failure { _ = try await films(json) })
        let synthesized = try #require(await failure { _ = try ResponseDecoding.decodeResult(SynthesizedFilms.self, from: Data(json.utf8)) })
        #expect(generated.description == synthesized.description)
        #expect(generated.codingPath == path)
        #expect(generated.message.contains(messagePart), "\(generated.message)")
    }

    @Test("A missing member names its key in the path")
    func missingMember() async throws {
        let json = WireFixtures.filmsJSON.replacingOccurrences(of: #""rank":3,"#, with: "")
        let generated = try #require(await failure { _ = try await films(json) })
        #expect(generated.codingPath == "data.films[0].rank")
    }

    @Test("JSONDecoder decodes cached data as it decodes synthesized Decodable")
    func jsonDecoder() throws {
        let data = try WireFixtures.cachedData()
        let generated = try JSONDecoder().decode(FilmsQuery.Data.self, from: data)
        #expect(SynthesizedFilms(generated) == (try JSONDecoder().decode(SynthesizedFilms.self, from: data)))
        #expect(generated.total == 123_456_789_012_345_678)
        #expect(generated.films[0].tags[1] == WireFixtures.uuid(WireFixtures.id3))
    }

    @Test("JSONDecoder's errors keep their coding path")
    func jsonDecoderErrors() throws {
        let data = try WireFixtures.cachedData(replacing: #""stars":5"#, with: #""stars":"5""#)
        var paths: [String] = []
        for decode in [{ _ = try JSONDecoder().decode(FilmsQuery.Data.self, from: data) }, { _ = try JSONDecoder().decode(SynthesizedFilms.self, from: data) }] {
            do {
                try decode()
                Issue.record("expected a type mismatch")
            } catch DecodingError.typeMismatch(_, let context) {
                paths.append(ResponseDecoding.path(context.codingPath, root: "data"))
            }
        }
        #expect(paths == ["data.films[0].reviews[0].stars", "data.films[0].reviews[0].stars"])
    }
}
