import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import Testing
@testable import SQLConnect

/// Responses a broken or hostile server may send: malformed `errors`, bodies of any size.
@Suite struct HostileResponseTests {
    private func graphQLMessages(_ body: String) -> [String]? {
        do {
            _ = try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8))
            return nil
        } catch DataConnectError.graphQL(let failure) {
            return failure.errors.map(\.message)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func malformedErrorsBesideDataFailTheCall() {
        let data = #""data":{"movies":[]}"#
        #expect(graphQLMessages("{\(data),\"errors\":[{\"message\":\"boom\"},\"x\"]}") == [
            "boom", "The server sent a malformed error: errors[1] is a string, not an error object.",
        ])
        #expect(graphQLMessages("{\(data),\"errors\":{\"message\":\"boom\"}}") == [
            "The server sent a malformed error: \"errors\" is an object, not a list of errors.",
        ])
        #expect(graphQLMessages("{\(data),\"errors\":[1, null]}")?.count == 2)
        #expect(graphQLMessages("{\(data),\"errors\":\"boom\"}")?.count == 1)
        #expect(graphQLMessages("{\(data),\"errors\":null}") == nil)
        #expect(graphQLMessages("{\(data),\"errors\":[]}") == nil)
    }

    @Test func malformedErrorsInAnHTTPErrorBodyAreReported() {
        let error = DataConnectError.httpStatus(code: 400, body: Data(#"{"errors":[{"message":"bad"},7]}"#.utf8))
        #expect(error.graphQLErrors.map(\.message) == ["bad", "The server sent a malformed error: errors[1] is the number 7, not an error object."])
    }

    @Test func malformedErrorsFailAnExecutedQuery() async throws {
        try await RecordingServer.with { server in
            server.enqueueJSON(#"{"data":{"movies":[]},"errors":[{"message":"boom"},"x"]}"#)
            let error = await thrownError {
                _ = try await server.client().query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self).execute()
            }
            guard case DataConnectError.graphQL(let failure)? = error else {
                Issue.record("expected a GraphQL error, got \(String(describing: error))")
                return
            }
            #expect(failure.errors.first?.message == "boom")
        }
    }

    private func client(port: Int, maximumBodyBytes: Int) -> HTTPClient {
        HTTPClient(session: HTTPClient.defaultSession, timeout: 20, headers: [:], authorization: .none, maximumBodyBytes: maximumBodyBytes)
    }

    private func request(port: Int) throws -> URLRequest {
        URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/graphql")))
    }

    @Test func announcedBodyPastTheLimitIsRefused() async throws {
        try await RecordingServer.with { server in
            server.enqueue(.respond(.json(status: 200, [UInt8](repeating: 0x20, count: 3 << 20))))
            let error = await thrownError { _ = try await client(port: server.port, maximumBodyBytes: 1 << 20).perform(try request(port: server.port)) }
            #expect((error as? DataConnectError)?.isBodyTooLarge == true, "\(String(describing: error))")
            server.enqueueJSON(Fixtures.moviesJSON)
            let small = try await client(port: server.port, maximumBodyBytes: 1 << 20).perform(try request(port: server.port))
            #expect(small.body == Data(Fixtures.moviesJSON.utf8))
        }
    }

    /// No length announced: the call fails once the limit is passed and the transfer is stopped
    /// (how soon depends on the load; never read to the end of the 4 GiB).
    @Test func streamedBodyPastTheLimitIsCutOff() async throws {
        let server = try StreamingServer(limit: 4 << 30)
        let error = await thrownError { _ = try await client(port: server.port, maximumBodyBytes: 1 << 20).perform(try request(port: server.port)) }
        server.stop()
        #expect((error as? DataConnectError)?.isBodyTooLarge == true, "\(String(describing: error))")
        #expect(server.bytesWritten < 4 << 30)
    }
}

private extension DataConnectError {
    var isBodyTooLarge: Bool {
        if case .transport(let error) = self { return error.code == .dataLengthExceedsMaximum }
        return false
    }
}
