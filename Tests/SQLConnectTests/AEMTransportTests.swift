import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import Testing
@testable import SQLConnect

@Suite struct AEMTransportTests {
    private func aemClient(_ server: RecordingServer, _ extra: [String: String] = [:]) throws -> DataConnect {
        let transport = AEMTransport(configuration: try server.aemConfiguration(extra), timeout: 10)
        return DataConnect(connectorConfig: ConnectorConfig(serviceId: "aem", location: "cloud", connector: "wknd-shared"),
                           transport: transport, retryPolicy: .none)
    }

    @Test("The encoding table arrives byte for byte", arguments: AEMEncodingTable.rows.indices)
    func encodingTableOverTheWire(row: Int) async throws {
        let (variables, suffix) = AEMEncodingTable.rows[row]
        try await RecordingServer.with { server in
            server.enqueueJSON(Fixtures.adventuresJSON)
            let result = try await aemClient(server).query(name: "q", variables: variables, resultsDataType: AdventuresData.self).execute()
            #expect(result.data?.adventureList.items.first?.slug == "bali-surf-camp")
            #expect(result.source == .server)
            #expect(server.requests.map(\.method) == ["GET"])
            #expect(server.requests.first?.target == "/graphql/execute.json/wknd-shared/q" + suffix)
        }
    }

    @Test("No auth sends no Authorization; basic and token send theirs")
    func authHeaders() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(Fixtures.adventuresJSON)
            server.enqueueJSON(Fixtures.adventuresJSON)
            server.enqueueJSON(Fixtures.adventuresJSON)
            _ = try await aemClient(server).query(name: "adventures-all", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            _ = try await aemClient(server, ["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin", "AEM_PASSWORD": "pässword"])
                .query(name: "adventures-all", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            _ = try await aemClient(server, ["AEM_AUTH_TYPE": "token", "AEM_TOKEN": "dev-token"])
                .query(name: "adventures-all", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            let headers = server.requests.map { $0.header("Authorization") }
            #expect(headers == [nil, "Basic YWRtaW46cORzc3dvcmQ=", "Bearer dev-token"])
            #expect(server.requests.allSatisfy { $0.target == "/graphql/execute.json/wknd-shared/adventures-all" })
        }
    }

    @Test("HTTP 200 with errors is a typed GraphQL error")
    func errorsWithStatus200() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"errors":[{"errorType":"PersistenceError","message":"Could not find Persisted Query","details":"Configuration: 'wknd-shared' and Query Name: 'nope' does not resolve to an existing Persistent Query"}]}"#)
            let error = await thrownError {
                _ = try await aemClient(server).query(name: "nope", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            }
            guard case DataConnectError.graphQL(let failure)? = error else {
                Issue.record("expected .graphQL, got \(String(describing: error))")
                return
            }
            #expect(failure.errors.first?.errorType == "PersistenceError")
            #expect(failure.errors.first?.message == "Could not find Persisted Query")
            #expect(failure.rawData == nil)
        }
    }

    @Test("HTTP 401 with an empty body is a typed status error, not a JSON error")
    func unauthorizedEmptyBody() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.respond(HTTPResponse(status: 401)))
            let error = await thrownError {
                _ = try await aemClient(server, ["AEM_AUTH_TYPE": "token", "AEM_TOKEN": "expired"])
                    .query(name: "adventures-all", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            }
            guard case DataConnectError.httpStatus(let code, let body)? = error else {
                Issue.record("expected .httpStatus, got \(String(describing: error))")
                return
            }
            #expect(code == 401)
            #expect(body.isEmpty)
        }
    }

    @Test("Mutations fail with a configuration error before any request")
    func mutationsAreRejected() async throws {
        try await RecordingServer.with { server in
            let error = await thrownError {
                _ = try await aemClient(server).mutation(name: "CreateAdventure", variables: NoVariables(), resultsDataType: AdventuresData.self).execute()
            }
            guard case DataConnectError.configuration(let key, let message)? = error else {
                Issue.record("expected .configuration, got \(String(describing: error))")
                return
            }
            #expect(key == "mutation")
            #expect(message.contains("\"CreateAdventure\""))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func persistAndList() async throws {
        try await RecordingServer.with { server in
            let transport = AEMTransport(configuration: try server.aemConfiguration(["AEM_AUTH_TYPE": "basic", "AEM_USERNAME": "admin", "AEM_PASSWORD": "admin"]),
                                         configurationName: "wknd-shared")
            server.enqueue(.respond(.json(status: 201, #"{"action":"create","configurationName":"wknd-shared","name":"adventures-all","shortPath":"/wknd-shared/adventures-all","path":"/conf/wknd-shared/settings/graphql/persistentQueries/adventures-all"}"#)))
            let persisted = try await transport.persist(name: "adventures-all", query: "{ adventureList { items { slug } } }")
            #expect(persisted.shortPath == "/wknd-shared/adventures-all")
            server.enqueueJSON(#"[{"configurationName":"wknd-shared","queries":[{"path":{"shortForm":"/wknd-shared/adventures-all","longForm":"/conf/wknd-shared/settings/graphql/persistentQueries/adventures-all"},"data":{"query":"{ adventureList { items { slug } } }"}}]}]"#)
            let lists = try await transport.listPersistedQueries()
            #expect(lists.first?.queries?.first?.path?.shortForm == "/wknd-shared/adventures-all")
            let requests = server.requests
            #expect(requests.map(\.method) == ["PUT", "GET"])
            #expect(requests.map(\.target) == ["/graphql/persist.json/wknd-shared/adventures-all", "/graphql/list.json"])
            #expect(requests.first?.bodyJSON == .object(["query": .string("{ adventureList { items { slug } } }")]))
            #expect(requests.allSatisfy { $0.header("Authorization") == "Basic YWRtaW46YWRtaW4=" })
        }
    }

    @Test("Image requests carry the same auth as queries")
    func authorizedImageRequest() async throws {
        try await RecordingServer.with { server in
            let transport = AEMTransport(configuration: try server.aemConfiguration(["AEM_AUTH_TYPE": "token", "AEM_TOKEN": "img"]))
            let url = try #require(transport.imageURL(path: "/content/dam/wknd-shared/en/a.jpg"))
            #expect(url.absoluteString == "http://127.0.0.1:\(server.port)/content/dam/wknd-shared/en/a.jpg")
            server.enqueue(.respond(HTTPResponse(status: 200, body: [0xFF, 0xD8])))
            let request = try await transport.authorizedRequest(for: url)
            let (data, _) = try await URLSession.shared.data(for: request)
            #expect(data == Data([0xFF, 0xD8]))
            #expect(server.requests.first?.header("Authorization") == "Bearer img")
            #expect(server.requests.first?.target == "/content/dam/wknd-shared/en/a.jpg")
        }
    }
}
