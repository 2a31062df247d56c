import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reply of `persist(name:query:)`.
public struct AEMPersistResult: Decodable, Sendable, Hashable {
    public let action: String?
    public let configurationName: String?
    public let name: String?
    public let shortPath: String?
    public let path: String?
}

/// One configuration's persisted queries, from `listPersistedQueries()`.
public struct AEMPersistedQueryList: Decodable, Sendable, Hashable {
    public struct Query: Decodable, Sendable, Hashable {
        public struct Path: Decodable, Sendable, Hashable {
            public let shortForm: String?
            public let longForm: String?
        }

        public struct Body: Decodable, Sendable, Hashable {
            public let query: String?
        }

        public let path: Path?
        public let data: Body?
    }

    public let configurationName: String?
    public let queries: [Query]?
}

extension AEMTransport {
    /// Stores a persisted query: `PUT /graphql/persist.json/<configuration>/<name>` with the GraphQL text.
    public func persist(name: String, query: String, configurationName: String? = nil) async throws -> AEMPersistResult {
        guard let config = configurationName ?? self.configurationName else {
            throw DataConnectError.configuration(key: "configurationName", message: "Pass the AEM configuration to persist \"\(name)\" into.")
        }
        var request = try await client.makeRequest(url: try url(path: "/graphql/persist.json/\(Self.segment(config))/\(Self.segment(name))"), method: "PUT")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(JSONNode.object([.init(key: "query", value: .string(query))]).serialized().utf8)
        return try await decodeTooling(AEMPersistResult.self, request)
    }

    /// Lists the persisted queries of every configuration: `GET /graphql/list.json`.
    public func listPersistedQueries() async throws -> [AEMPersistedQueryList] {
        let request = try await client.makeRequest(url: try url(path: "/graphql/list.json"), method: "GET")
        return try await decodeTooling([AEMPersistedQueryList].self, request)
    }

    /// `<scheme>://<host>` + `path` (for `_path` / `_dynamicUrl` image paths); `nil` if not a URL.
    public func imageURL(path: String) -> URL? {
        let separator = path.hasPrefix("/") ? "" : "/"
        return URL(string: configuration.baseURL.absoluteString + separator + path)
    }

    /// A GET request for `url` with the same auth and custom headers as queries (images behind auth).
    public func authorizedRequest(for url: URL) async throws -> URLRequest {
        try await client.makeRequest(url: url, method: "GET")
    }

    private func decodeTooling<Value: Decodable>(_ type: Value.Type, _ request: URLRequest) async throws -> Value {
        let response = try await client.perform(request)
        guard (200...299).contains(response.statusCode) else {
            throw DataConnectError.httpStatus(code: response.statusCode, body: response.body)
        }
        return try ResponseDecoding.decode(Value.self, from: response.body, root: "")
    }
}
