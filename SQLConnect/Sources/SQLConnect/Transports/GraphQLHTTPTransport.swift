import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GraphQL over HTTP for servers without persisted operations (Parse Server, Hasura, ...):
/// `POST {query, operationName, variables}` with the operation text generated code embeds.
///
/// With `automaticPersistedQueries`, the first attempt sends only the SHA-256 hash
/// (`extensions.persistedQuery`) and retries with the text when the server answers `PersistedQueryNotFound`.
public struct GraphQLHTTPTransport: Transport {
    public let endpoint: URL
    public let automaticPersistedQueries: Bool
    let client: HTTPClient

    /// `headers` are added to every request (e.g. `X-Parse-Application-Id`).
    public init(endpoint: URL, headers: [String: String] = [:], authorization: Authorization = .none,
                automaticPersistedQueries: Bool = false, session: URLSession? = nil, timeout: TimeInterval = 30) {
        self.endpoint = endpoint
        self.automaticPersistedQueries = automaticPersistedQueries
        client = HTTPClient(session: session ?? HTTPClient.defaultSession, timeout: timeout, headers: headers, authorization: authorization)
    }

    public func send(_ request: OperationRequest) async throws -> TransportResponse {
        guard let document = request.document else {
            throw DataConnectError.configuration(key: "document", message: "GraphQL over HTTP needs the text of operation \"\(request.operationName)\".")
        }
        if automaticPersistedQueries {
            let hash = PersistedDocumentID.sha256(document)
            let response = try await post(request, query: nil, hash: hash)
            guard Self.isPersistedQueryNotFound(response) else { return response }
            return try await post(request, query: document, hash: hash)
        }
        return try await post(request, query: document, hash: nil)
    }

    private func post(_ request: OperationRequest, query: String?, hash: String?) async throws -> TransportResponse {
        var members: [JSONNode.Member] = []
        if let query { members.append(.init(key: "query", value: .string(query))) }
        members.append(.init(key: "operationName", value: .string(request.operationName)))
        members.append(.init(key: "variables", value: request.variablesNode))
        if let hash {
            let persisted = JSONNode.object([.init(key: "version", value: .int(1)), .init(key: "sha256Hash", value: .string(hash))])
            members.append(.init(key: "extensions", value: .object([.init(key: "persistedQuery", value: persisted)])))
        }
        var urlRequest = try await client.makeRequest(url: endpoint, method: "POST", credential: request.credential)
        urlRequest.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.httpBody = Data(JSONNode.object(members).serialized().utf8)
        return try await client.perform(urlRequest)
    }

    private struct ErrorsOnly: Decodable {
        let errors: [GraphQLErrorInfo]?
    }

    /// Apollo's convention: message `PersistedQueryNotFound` or code `PERSISTED_QUERY_NOT_FOUND`.
    static func isPersistedQueryNotFound(_ response: TransportResponse) -> Bool {
        guard let decoded = try? WireDecoder.decode(ErrorsOnly.self, from: response.body), let errors = decoded.errors else { return false }
        return errors.contains { error in
            error.message == "PersistedQueryNotFound" || error.extensions?["code"] == .string("PERSISTED_QUERY_NOT_FOUND")
        }
    }
}
