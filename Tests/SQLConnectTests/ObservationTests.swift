#if canImport(Observation)
import Foundation
import Observation
import Testing
@testable import SQLConnect

@Suite struct ObservationTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("QueryRefObservation publishes data, source and errors on the main actor")
    func observationRef() async throws {
        try await RecordingServer.with { server in
            let client = server.client(cache: CacheSettings(storage: .memory, maxAge: 600))
            let ref = client.observableQuery(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
            #expect(ref === client.observableQuery(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self))
            #expect(ref.data == nil)
            #expect(!ref.isLoading)
            server.enqueueJSON(Fixtures.moviesJSON)
            try await ref.execute()
            #expect(ref.data?.movies.first?.title == "Up")
            #expect(ref.source == .server)
            #expect(ref.lastError == nil)
            try await ref.execute()
            #expect(ref.source == .cache)
            server.enqueue(.respond(.text(status: 500, "down")))
            _ = await thrownError { try await ref.execute(fetchPolicy: .serverOnly) }
            guard case .httpStatus(500, _)? = ref.lastError else {
                Issue.record("expected lastError .httpStatus(500), got \(String(describing: ref.lastError))")
                return
            }
            #expect(ref.data?.movies.first?.title == "Up")
            #expect(!ref.isLoading)
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("An observable ref updates when the same query runs through another ref")
    func observationFollowsOtherExecutions() async throws {
        try await RecordingServer.with { server in
            let client = server.client()
            let observed = client.observableQuery(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
            let changes = Locked(0)
            withObservationTracking { _ = observed.data } onChange: { changes.withLock { $0 += 1 } }
            server.enqueueJSON(Fixtures.moviesJSON)
            // Executed through the plain ref, as generated `execute(...)` does.
            let plain = client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
            _ = try await plain.execute(fetchPolicy: .serverOnly)
            for _ in 0..<100 where observed.data == nil { await Task.yield() }
            #expect(observed.data?.movies.first?.title == "Up")
            #expect(observed.source == .server)
            #expect(changes.withLock { $0 } == 1)
        }
    }
}
#endif
