import Foundation
import GoldenWireSDK
@testable import SQLConnect
import Testing

/// Generated results with wire scalars go into the client cache and come back out, in memory and
/// in files, keyed by their variables in the wire form.
@Suite struct WireCacheTests {
    @Test("A result with wire scalars is stored and decodes again with .cacheOnly", arguments: [false, true])
    func cacheRoundTrip(persistent: Bool) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = persistent
            ? CacheSettings(storage: .persistent, maxAge: 60, directory: directory)
            : CacheSettings(storage: .memory, maxAge: 60)
        let transport = FakeTransport(WireFixtures.filmsJSON)
        let connector = WireConnector(dataConnect: transport.client(WireConnector.connectorConfig, cache: settings))
        let fetched = try await connector.filmsQuery.execute(fetchPolicy: .serverOnly) { $0.since = 42 }
        #expect(fetched.source == .server)
        #expect(transport.lastVariables == #"{"since":"42"}"#)
        // A fresh client reads the files; the same client reads its memory.
        let reader = persistent ? WireConnector(dataConnect: transport.client(WireConnector.connectorConfig, cache: settings)) : connector
        let cached = try await reader.filmsQuery.execute(fetchPolicy: .cacheOnly) { $0.since = 42 }
        #expect(cached.source == .cache)
        let fetchedData = try #require(fetched.data)
        let cachedData = try #require(cached.data)
        #expect(SynthesizedFilms(cachedData) == SynthesizedFilms(fetchedData))
        #expect(cachedData.films.first?.views == Int64.max && cachedData.total == 123_456_789_012_345_678)
        #expect(transport.requests.count == 1)
        let other = try await reader.filmsQuery.execute(fetchPolicy: .cacheOnly) { $0.since = nil }
        #expect(other.data == nil)
    }
}
