import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sqlgen emulator (and server): queries as cacheable
/// `GET /graphql/execute.json/<connector>/<operation>;var=value...` (AEM's encoding), mutations as
/// `POST /graphql/execute.json/<connector>/<operation>` with `{"variables": {...}}`.
public struct EmulatorTransport: Transport {
    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 9399

    public let host: String
    public let port: Int
    public let useTLS: Bool
    let client: HTTPClient

    public init(host: String = EmulatorTransport.defaultHost, port: Int = EmulatorTransport.defaultPort, useTLS: Bool = false,
                session: URLSession? = nil, timeout: TimeInterval = 30, headers: [String: String] = [:],
                authorization: Authorization = .none) {
        self.host = host
        self.port = port
        self.useTLS = useTLS
        client = HTTPClient(session: session ?? HTTPClient.defaultSession, timeout: timeout, headers: headers, authorization: authorization)
    }

    public func send(_ request: OperationRequest) async throws -> TransportResponse {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let base = "\(useTLS ? "https" : "http")://\(hostPart):\(port)/graphql/execute.json/"
            + AEMTransport.segment(request.connector.connector) + "/" + AEMTransport.segment(request.operationName)
        let isQuery = request.kind == .query
        guard let url = URL(string: base + (isQuery ? request.persistedQuerySuffix : "")) else {
            throw DataConnectError.configuration(key: "host", message: "Cannot build an emulator URL from host \"\(host)\".")
        }
        var urlRequest = try await client.makeRequest(url: url, method: isQuery ? "GET" : "POST", credential: request.credential)
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if !isQuery {
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = Data(JSONNode.object([.init(key: "variables", value: request.variablesNode)]).serialized().utf8)
        }
        return try await client.perform(urlRequest)
    }
}
