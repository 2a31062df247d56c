import Foundation
import Testing
@testable import SQLConnect

@Suite struct GraphQLHTTPTransportTests {
    static let document = "query ListMovies($title: String!) { movies(where: {title: {eq: $title}}) { id title } }"

    private func client(_ server: RecordingServer, apq: Bool = false) throws -> DataConnect {
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(server.port)/parse/graphql"))
        let transport = GraphQLHTTPTransport(endpoint: endpoint, headers: ["X-Parse-Application-Id": "app-1"],
                                             authorization: .bearer("s3cret"), automaticPersistedQueries: apq)
        return DataConnect(connectorConfig: RecordingServer.connector, transport: transport, retryPolicy: .none)
    }

    @Test("POSTs query, operationName and variables with the configured headers")
    func postBody() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(Fixtures.moviesJSON)
            let result = try await client(server).query(name: "ListMovies", variables: OrderedJSON.fields(("title", "Up")),
                                                        resultsDataType: MoviesData.self, document: Self.document).execute()
            #expect(result.data?.movies.count == 1)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.target == "/parse/graphql")
            #expect(request.bodyText == #"{"query":"\#(Self.document)","operationName":"ListMovies","variables":{"title":"Up"}}"#)
            #expect(request.header("Accept") == "application/graphql-response+json, application/json")
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header("X-Parse-Application-Id") == "app-1")
            #expect(request.header("Authorization") == "Bearer s3cret")
        }
    }

    @Test("Automatic persisted queries send the hash first and the text after PersistedQueryNotFound")
    func automaticPersistedQueries() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(Fixtures.moviesJSON)
            let ref = try client(server, apq: true).query(name: "ListMovies", variables: OrderedJSON.fields(("title", "Up")),
                                                          resultsDataType: MoviesData.self, document: Self.document)
            _ = try await ref.execute()
            _ = try await ref.execute()
            let bodies = server.requests.map(\.bodyJSON)
            let hash = AnyValue.string(SHA256.hexDigest(Self.document))
            #expect(bodies.count == 3)
            #expect(bodies[0]?["query"] == nil)
            #expect(bodies[0]?["extensions"]?["persistedQuery"]?["sha256Hash"] == hash)
            #expect(bodies[0]?["extensions"]?["persistedQuery"]?["version"] == .int(1))
            #expect(bodies[1]?["query"] == .string(Self.document))
            #expect(bodies[1]?["extensions"]?["persistedQuery"]?["sha256Hash"] == hash)
            #expect(bodies[2]?["query"] == nil)
        }
    }

    @Test("An operation without its text is a configuration error before any request")
    func missingDocument() async throws {
        try await RecordingServer.with { server in
            let error = await thrownError {
                _ = try await client(server).query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            guard case DataConnectError.configuration("document", _)? = error else {
                Issue.record("expected .configuration(document), got \(String(describing: error))")
                return
            }
            #expect(server.requests.isEmpty)
        }
    }
}
