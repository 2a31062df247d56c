import Foundation
import SQLGenHTTP
import Testing
@testable import SQLConnect

@Suite struct ClientBehaviourTests {
    static let fastRetry = RetryPolicy(maxAttempts: 3, initialBackoff: 0.01, maxBackoff: 0.05)

    @Test("Emulator wire format: queries are GETs with the AEM suffix, mutations POST their variables")
    func emulatorWireFormat() async throws {
        try await RecordingServer.with { server in
            let client = server.client()
            server.enqueueJSON(Fixtures.moviesJSON)
            var variables = MovieVariables(title: "Up / Down")
            variables.limit = 2
            _ = try await client.query(name: "ListMovies", variables: variables, resultsDataType: MoviesData.self).execute()
            server.enqueueJSON(#"{"data":{"login":{"token":"t"}}}"#)
            _ = try await client.mutation(name: "Login", variables: OrderedJSON.fields(("user", "ann"), ("remember", true)), resultsDataType: LoginData.self).execute()
            let requests = server.requests
            #expect(requests.map(\.method) == ["GET", "POST"])
            #expect(requests[0].target == "/graphql/execute.json/movies/ListMovies%3Btitle%3DUp%20%2F%20Down%3Blimit%3D2;")
            #expect(requests[1].target == "/graphql/execute.json/movies/Login")
            #expect(requests[1].bodyText == #"{"variables":{"user":"ann","remember":true}}"#)
            #expect(requests[1].header("Content-Type") == "application/json")
        }
    }

    @Test("A 500 is retried for queries and the retry's result returned")
    func retryAfterServerError() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.respond(.text(status: 500, "boom")))
            server.enqueueJSON(Fixtures.moviesJSON)
            let result = try await server.client(retry: Self.fastRetry)
                .query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            #expect(result.data?.movies.first?.title == "Up")
            #expect(server.requests.count == 2)
        }
    }

    @Test("Retries stop after maxAttempts and report the last status")
    func retriesExhausted() async throws {
        try await RecordingServer.with { server in
            for _ in 0..<3 { server.enqueue(.respond(.text(status: 503, "busy"))) }
            let error = await thrownError {
                _ = try await server.client(retry: Self.fastRetry).query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            guard case DataConnectError.httpStatus(503, let body)? = error else {
                Issue.record("expected .httpStatus(503), got \(String(describing: error))")
                return
            }
            #expect(String(decoding: body, as: UTF8.self) == "busy")
            #expect(server.requests.count == 3)
        }
    }

    @Test("Mutations are never retried")
    func mutationsAreNotRetried() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.respond(.text(status: 500, "boom")))
            let error = await thrownError {
                _ = try await server.client(retry: Self.fastRetry).mutation(name: "Login", variables: NoVariables(), resultsDataType: LoginData.self).execute()
            }
            guard case DataConnectError.httpStatus(500, _)? = error else {
                Issue.record("expected .httpStatus(500), got \(String(describing: error))")
                return
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test("A server slower than the timeout gives a transport timeout")
    func timeout() async throws {
        // High priority: the assertion is about the client's deadline, not about how long a busy
        // parallel test run keeps this test's own continuation waiting.
        try await Task(priority: .high) {
            try await RecordingServer.with { server in
                server.enqueue(.delayed(10, .json(Fixtures.moviesJSON)))
                let started = Date()
                let error = await thrownError {
                    _ = try await server.client(timeout: 0.5).query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
                }
                guard case DataConnectError.transport(let urlError)? = error else {
                    Issue.record("expected .transport, got \(String(describing: error))")
                    return
                }
                #expect(urlError.code == .timedOut)
                #expect(Date().timeIntervalSince(started) < 6)
            }
        }.value
    }

    @Test("Cancelling the task cancels the request")
    func cancellation() async throws {
        try await Task(priority: .high) {
            try await RecordingServer.with { server in
                server.enqueue(.delayed(10, .json(Fixtures.moviesJSON)))
                let ref = server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
                let started = Date()
                let task = Task { try await ref.execute() }
                try await Task.sleep(nanoseconds: 300_000_000)
                task.cancel()
                let result = await task.result
                guard case .failure(let error) = result else {
                    Issue.record("expected a failure")
                    return
                }
                #expect(error is CancellationError)
                #expect(Date().timeIntervalSince(started) < 6)
            }
        }.value
    }

    @Test("No server listening gives a transport error")
    func connectionRefused() async throws {
        let server = try RecordingServer()
        let client = server.client()
        await server.stop()
        let error = await thrownError {
            _ = try await client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
        }
        guard case DataConnectError.transport? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
    }

    @Test("Unknown enum values decode to _UNKNOWN over the wire")
    func unknownEnumValue() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"data":{"movies":[{"id":"6ba7b8109dad11d180b400c04fd430c8","title":"Up","genre":"WESTERN"},{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","title":"Heat","genre":"ACTION"}]}}"#)
            let result = try await server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            #expect(result.data?.movies.map(\.genre) == [._UNKNOWN("WESTERN"), .ACTION])
            #expect(result.data?.movies.first?.id == UUIDHex(string: Fixtures.movieID)?.value)
        }
    }

    @Test("Partial data comes back with the errors")
    func partialData() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"data":{"movies":[{"id":"6ba7b8109dad11d180b400c04fd430c8","title":"Up"}]},"errors":[{"message":"reviews unavailable","path":["movies",0,"reviews"]}]}"#)
            let error = await thrownError {
                _ = try await server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            guard case DataConnectError.graphQL(let failure)? = error else {
                Issue.record("expected .graphQL, got \(String(describing: error))")
                return
            }
            #expect(failure.errors.map(\.message) == ["reviews unavailable"])
            #expect(failure.errors.first?.path == [.field("movies"), .index(0), .field("reviews")])
            #expect(failure.data(as: MoviesData.self)?.movies.first?.title == "Up")
        }
    }

    @Test("A response of the wrong shape is a decoding error with its path")
    func decodingErrorOverTheWire() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"data":{"movies":[{"id":"not-a-uuid","title":"Up"}]}}"#)
            let error = await thrownError {
                _ = try await server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            guard case DataConnectError.decoding(let failure)? = error else {
                Issue.record("expected .decoding, got \(String(describing: error))")
                return
            }
            #expect(failure.codingPath == "data.movies[0].id")
        }
    }

    @Test("Refs for the same operation and variables are the same instance")
    func refIdentity() throws {
        let client = DataConnect(connectorConfig: RecordingServer.connector)
        var limited = MovieVariables(title: "Up")
        limited.limit = 3
        let a = client.query(name: "ListMovies", variables: MovieVariables(title: "Up"), resultsDataType: MoviesData.self)
        let b = client.query(name: "ListMovies", variables: MovieVariables(title: "Up"), resultsDataType: MoviesData.self)
        let c = client.query(name: "ListMovies", variables: limited, resultsDataType: MoviesData.self)
        let d = client.query(name: "OtherMovies", variables: MovieVariables(title: "Up"), resultsDataType: MoviesData.self)
        let m1 = client.mutation(name: "Login", variables: NoVariables(), resultsDataType: LoginData.self)
        let m2 = client.mutation(name: "Login", variables: NoVariables(), resultsDataType: LoginData.self)
        #expect(a === b)
        #expect(a !== c)
        #expect(a !== d)
        #expect(m1 === m2)
    }

    @Test("useEmulator redirects refs created earlier")
    func useEmulatorSwitchesTransport() async throws {
        try await RecordingServer.with { server in
            let client = DataConnect(connectorConfig: RecordingServer.connector, transport: EmulatorTransport(port: 1), retryPolicy: .none)
            let ref = client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
            client.useEmulator(host: "127.0.0.1", port: server.port)
            server.enqueueJSON(Fixtures.moviesJSON)
            let result = try await ref.execute()
            #expect(result.data?.movies.count == 1)
            #expect(server.requests.first?.target == "/graphql/execute.json/movies/ListMovies")
        }
    }

    @Test("GraphQL errors in a 4xx body are readable from the status error")
    func errorsInStatusBody() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"errors":[{"message":"Variable \"$id\" is never used."}]}"#, status: 400)
            let error = await thrownError {
                _ = try await server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            let typed = try #require(error as? DataConnectError)
            guard case .httpStatus(400, _) = typed else {
                Issue.record("expected .httpStatus(400), got \(typed)")
                return
            }
            #expect(typed.graphQLErrors.map(\.message) == [#"Variable "$id" is never used."#])
        }
    }

    /// A user-defined transport: fails with a network error `failures` times, then answers.
    final class FlakyTransport: Transport {
        let calls = Locked(0)
        let failures: Int

        init(failures: Int) {
            self.failures = failures
        }

        func send(_ request: OperationRequest) async throws -> TransportResponse {
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if call <= failures { throw URLError(.networkConnectionLost) }
            return TransportResponse(statusCode: 200, body: Data(Fixtures.moviesJSON.utf8))
        }
    }

    @Test("Custom transports plug in; network errors are retried for queries, never for mutations")
    func customTransportAndNetworkRetries() async throws {
        let transport = FlakyTransport(failures: 2)
        let client = DataConnect(connectorConfig: RecordingServer.connector, transport: transport, retryPolicy: Self.fastRetry)
        let result = try await client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
        #expect(result.data?.movies.count == 1)
        #expect(transport.calls.withLock { $0 } == 3)

        let mutationTransport = FlakyTransport(failures: 1)
        let mutationClient = DataConnect(connectorConfig: RecordingServer.connector, transport: mutationTransport, retryPolicy: Self.fastRetry)
        let error = await thrownError {
            _ = try await mutationClient.mutation(name: "Login", variables: NoVariables(), resultsDataType: LoginData.self).execute()
        }
        guard case DataConnectError.transport(let urlError)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
        #expect(mutationTransport.calls.withLock { $0 } == 1)
    }
}
