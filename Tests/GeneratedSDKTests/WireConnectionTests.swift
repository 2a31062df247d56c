import Foundation
import GoldenWireSDK
@testable import SQLConnect
import Testing

/// connector.yaml's `headers` and `auth.header` reach the generated client: the default transport
/// sends the headers, and a signed-in user's token travels in the configured header.
@Suite struct WireConnectionTests {
    @Test func headersAndCredentialPlacementComeFromTheConfig() async throws {
        #expect(WireConnector.headers == ["X-Parse-Application-Id": "wire-test", "X-Client": "sqlgen \"wire\""])
        #expect(WireConnector.credentialPlacement == .header("X-Parse-Session-Token"))
        #expect(WireConnector.defaultTransport() is GraphQLHTTPTransport)

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = FakeTransport(WireFixtures.filmsJSON)
        let connector = WireConnector(dataConnect: transport.client(WireConnector.connectorConfig))
        let auth = AuthSession(store: FileSessionStore(service: "wire", directory: directory), placement: WireConnector.credentialPlacement)
        connector.dataConnect.useAuth(auth)
        try await auth.signIn { AuthCredential(token: "r:session") }
        _ = try await connector.filmsQuery.execute(fetchPolicy: .serverOnly)
        #expect(transport.requests.last?.credential == RequestCredential(headerName: "X-Parse-Session-Token", headerValue: "r:session"))
    }
}
