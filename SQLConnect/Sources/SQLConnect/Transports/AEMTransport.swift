import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs AEM persisted queries: `GET <scheme>://<host>/graphql/execute.json/<configuration>/<name>` plus
/// the variables suffix of `PersistedQueryEncoding`. AEM has no mutations; they fail before any request.
public struct AEMTransport: Transport {
    public let configuration: AEMConfiguration
    /// The persisted-query configuration (e.g. `wknd-shared`); `nil` uses the request's connector name.
    public let configurationName: String?
    let client: HTTPClient

    /// `authorization` overrides the configuration's auth (e.g. with a token provider).
    public init(configuration: AEMConfiguration, configurationName: String? = nil, session: URLSession? = nil,
                timeout: TimeInterval = 30, headers: [String: String] = [:], authorization: Authorization? = nil) {
        self.configuration = configuration
        self.configurationName = configurationName
        client = HTTPClient(session: session ?? HTTPClient.defaultSession, timeout: timeout, headers: headers,
                            authorization: authorization ?? configuration.authorization)
    }

    public func send(_ request: OperationRequest) async throws -> TransportResponse {
        guard request.kind == .query else {
            throw DataConnectError.configuration(key: "mutation", message: "AEM persisted queries are read-only; mutation \"\(request.operationName)\" cannot run against AEM.")
        }
        let config = configurationName ?? request.connector.connector
        let path = "/graphql/execute.json/\(Self.segment(config))/\(Self.segment(request.operationName))" + request.persistedQuerySuffix
        var urlRequest = try await client.makeRequest(url: try url(path: path), method: "GET", credential: request.credential)
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        return try await client.perform(urlRequest)
    }

    func url(path: String) throws -> URL {
        guard let url = URL(string: configuration.baseURL.absoluteString + path) else {
            throw DataConnectError.configuration(key: "AEM_HOST", message: "Cannot build a URL for \"\(path)\".")
        }
        return url
    }

    /// A path segment with everything outside the unreserved set percent-encoded.
    static func segment(_ text: String) -> String {
        PersistedQueryEncoding.encodeURIComponent(text)
    }
}
