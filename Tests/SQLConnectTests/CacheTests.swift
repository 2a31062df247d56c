import Foundation
import SQLGenHTTP
import Testing
@testable import SQLConnect

@Suite struct CacheTests {
    private func listMovies(_ client: DataConnect) -> QueryRef<MoviesData, NoVariables> {
        client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
    }

    @Test(".preferCache serves fresh results from the cache and refetches after maxAge")
    func preferCacheAndMaxAge() async throws {
        try await RecordingServer.with { server in
            let clock = TestClock()
            let ref = listMovies(server.client(cache: CacheSettings(storage: .memory, maxAge: 60), clock: clock))
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(#"{"data":{"movies":[]}}"#)
            #expect(try await ref.execute().source == .server)
            clock.advance(59)
            let cached = try await ref.execute()
            #expect(cached.source == .cache)
            #expect(cached.data?.movies.count == 1)
            #expect(server.requests.count == 1)
            clock.advance(2)
            let refreshed = try await ref.execute()
            #expect(refreshed.source == .server)
            #expect(refreshed.data?.movies.isEmpty == true)
            #expect(server.requests.count == 2)
        }
    }

    @Test("maxAge 0 always refetches but still stores for .cacheOnly")
    func zeroMaxAge() async throws {
        try await RecordingServer.with { server in
            let ref = listMovies(server.client(cache: CacheSettings(storage: .memory, maxAge: 0)))
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await ref.execute()
            _ = try await ref.execute()
            #expect(server.requests.count == 2)
            let cached = try await ref.execute(fetchPolicy: .cacheOnly)
            #expect(cached.source == .cache)
            #expect(cached.data?.movies.first?.title == "Up")
            #expect(server.requests.count == 2)
        }
    }

    @Test(".cacheOnly never contacts the server; stale entries are returned, missing ones are nil")
    func cacheOnly() async throws {
        try await RecordingServer.with { server in
            let clock = TestClock()
            let ref = listMovies(server.client(cache: CacheSettings(storage: .memory, maxAge: 1), clock: clock))
            let empty = try await ref.execute(fetchPolicy: .cacheOnly)
            #expect(empty.data == nil)
            #expect(empty.source == .cache)
            #expect(server.requests.isEmpty)
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await ref.execute(fetchPolicy: .serverOnly)
            clock.advance(3600)
            #expect(try await ref.execute(fetchPolicy: .cacheOnly).data?.movies.count == 1)
            #expect(server.requests.count == 1)
        }
    }

    @Test(".serverOnly always goes to the server and refreshes the cache")
    func serverOnly() async throws {
        try await RecordingServer.with { server in
            let ref = listMovies(server.client(cache: CacheSettings(storage: .memory, maxAge: 600)))
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(#"{"data":{"movies":[]}}"#)
            _ = try await ref.execute()
            #expect(try await ref.execute(fetchPolicy: .serverOnly).source == .server)
            #expect(server.requests.count == 2)
            let cached = try await ref.execute()
            #expect(cached.source == .cache)
            #expect(cached.data?.movies.isEmpty == true)
        }
    }

    @Test("Without cache settings nothing is cached; responses with errors are never cached")
    func whatIsNotCached() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(Fixtures.moviesJSON)
            let uncached = listMovies(server.client())
            _ = try await uncached.execute()
            #expect(try await uncached.execute(fetchPolicy: .cacheOnly).data == nil)

            let cachedClient = server.client(cache: CacheSettings(storage: .memory, maxAge: 600))
            server.enqueueJSON(#"{"data":{"movies":[]},"errors":[{"message":"partial"}]}"#)
            _ = await thrownError { _ = try await listMovies(cachedClient).execute() }
            #expect(try await listMovies(cachedClient).execute(fetchPolicy: .cacheOnly).data == nil)
        }
    }

    @Test("The persistent cache survives a new client instance; a corrupt entry is a miss")
    func persistentAcrossClients() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await RecordingServer.with { server in
            let settings = CacheSettings(storage: .persistent, maxAge: 600, directory: directory)
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await listMovies(server.client(cache: settings)).execute()

            let second = try await listMovies(server.client(cache: settings)).execute()
            #expect(second.source == .cache)
            #expect(second.data?.movies.first?.title == "Up")
            #expect(server.requests.count == 1)

            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            #expect(files.count == 1)
            for file in files { try Data("garbage without a header".utf8).write(to: file) }
            server.enqueueJSON(Fixtures.moviesJSON)
            let third = try await listMovies(server.client(cache: settings)).execute()
            #expect(third.source == .server)
            #expect(server.requests.count == 2)

            server.client(cache: settings).clearCache()
            #expect(try await listMovies(server.client(cache: settings)).execute(fetchPolicy: .cacheOnly).data == nil)
        }
    }

    @Test("Identical concurrent queries share one network call")
    func sharedInFlightRequest() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.delayed(0.5, .json(Fixtures.moviesJSON)))
            let client = server.client()
            let results = try await withThrowingTaskGroup(of: OperationResult<MoviesData>.self) { group in
                for _ in 0..<5 {
                    group.addTask { try await listMovies(client).execute(fetchPolicy: .serverOnly) }
                }
                var collected: [OperationResult<MoviesData>] = []
                for try await result in group { collected.append(result) }
                return collected
            }
            #expect(results.count == 5)
            #expect(results.allSatisfy { $0.data?.movies.first?.title == "Up" })
            #expect(server.requests.count == 1)
        }
    }

    @Test("Cancelling one of two callers sharing a request leaves the other its result")
    func sharedRequestSurvivesOneCancellation() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.delayed(0.6, .json(Fixtures.moviesJSON)))
            let client = server.client()
            let first = Task { try await listMovies(client).execute(fetchPolicy: .serverOnly) }
            let second = Task { try await listMovies(client).execute(fetchPolicy: .serverOnly) }
            try await Task.sleep(nanoseconds: 200_000_000)
            first.cancel()
            let kept = try await second.value
            #expect(kept.data?.movies.first?.title == "Up")
            _ = await first.result
            #expect(server.requests.count == 1)
        }
    }
}
