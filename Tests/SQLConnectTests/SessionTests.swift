import Foundation
import Testing
@testable import SQLConnect

@Suite struct SessionTests {
    @Test("A token saved by a login is sent on the next request; logout clears it")
    func loginThenQuery() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSessionStore(service: "com.example.movies", directory: directory)
        try await RecordingServer.with { server in
            let client = server.client(authorization: .session(store))
            server.enqueueJSON(#"{"data":{"login":{"token":"abc.def"}}}"#)
            let login = try await client.mutation(name: "Login", variables: OrderedJSON.fields(("user", "ann")), resultsDataType: LoginData.self).execute()
            try store.saveToken(try #require(login.data?.login.token))

            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            try store.clear()
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute(fetchPolicy: .serverOnly)

            #expect(server.requests.map { $0.header("Authorization") } == [nil, "Bearer abc.def", nil])
        }
    }

    @Test("The token file is readable by the user only and replaced on save")
    func filePermissions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSessionStore(service: "svc", directory: directory.appendingPathComponent("nested"))
        #expect(try store.loadToken() == nil)
        try store.saveToken("one")
        try store.saveToken("two")
        #expect(try store.loadToken() == "two")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(store.file.path == directory.appendingPathComponent("nested/svc/session-token").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested/svc").path) == ["session-token"])
        try store.clear()
        try store.clear()
        #expect(try store.loadToken() == nil)
    }

    @Test("The token provider is called for every request")
    func tokenProviderPerRequest() async throws {
        let counter = Locked(0)
        try await RecordingServer.with { server in
            let client = server.client(authorization: .tokenProvider {
                let count = counter.withLock { value -> Int in
                    value += 1
                    return value
                }
                return "token-\(count)"
            })
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(Fixtures.moviesJSON)
            let ref = client.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self)
            _ = try await ref.execute()
            _ = try await ref.execute()
            #expect(server.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
        }
    }
}
