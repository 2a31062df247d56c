import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every failure of an operation. Task cancellation is reported as Swift's `CancellationError` instead.
public enum DataConnectError: Error, Sendable, CustomStringConvertible {
    /// The request did not complete (no connection, timeout, TLS, ...).
    case transport(URLError)
    /// The server answered with a non-2xx status; `body` is the raw response.
    case httpStatus(code: Int, body: Data)
    /// The response carried GraphQL `errors`; any partial `data` is kept.
    case graphQL(GraphQLFailure)
    /// The response (or a variable) did not match the expected Swift type.
    case decoding(DecodingFailure)
    /// The client or transport is misconfigured; `key` names the setting (for example `AEM_HOST`).
    case configuration(key: String, message: String)
    /// The server refused who the client is (wrong password, expired session, not signed in),
    /// whether it said so with an HTTP status, an error body or a GraphQL error.
    case auth(AuthFailure)

    /// The GraphQL errors of `.graphQL`, or those in the JSON body of `.httpStatus` (GraphQL over HTTP
    /// answers 4xx with `{"errors": [...]}`); empty otherwise.
    public var graphQLErrors: [GraphQLErrorInfo] {
        switch self {
        case .graphQL(let failure):
            return failure.errors
        case .httpStatus(_, let body):
            guard case .object(let envelope)? = try? JSONParser.parse(body) else { return [] }
            return ResponseDecoding.graphQLErrors(envelope["errors"])
        default:
            return []
        }
    }

    public var description: String {
        switch self {
        case .transport(let error):
            return "Transport error: \(error.localizedDescription) (URLError \(error.code.rawValue))"
        case .httpStatus(let code, let body):
            let text = String(decoding: body.prefix(500), as: UTF8.self)
            return text.isEmpty ? "HTTP status \(code) with an empty body" : "HTTP status \(code): \(text)"
        case .graphQL(let failure):
            return failure.description
        case .decoding(let failure):
            return failure.description
        case .configuration(let key, let message):
            return "Configuration error (\(key)): \(message)"
        case .auth(let failure):
            return failure.description
        }
    }
}

/// GraphQL errors from a response, with whatever `data` came with them.
public struct GraphQLFailure: Sendable, CustomStringConvertible {
    public let errors: [GraphQLErrorInfo]
    /// The `data` member as JSON bytes, or `nil` if the response had none (or `null`).
    public let rawData: Data?
    /// The typed partial data, when it decoded as the operation's `Data` type.
    public let partialData: (any Sendable)?

    public init(errors: [GraphQLErrorInfo], rawData: Data?, partialData: (any Sendable)?) {
        self.errors = errors
        self.rawData = rawData
        self.partialData = partialData
    }

    /// The partial data as `Value`: the typed decode when it succeeded, else a fresh decode of `rawData`.
    public func data<Value: Decodable>(as type: Value.Type = Value.self) -> Value? {
        if let typed = partialData as? Value { return typed }
        guard let rawData else { return nil }
        return try? WireDecoder.decode(Value.self, from: rawData)
    }

    public var description: String {
        let messages = errors.map(\.message).joined(separator: "; ")
        return "GraphQL error\(errors.count == 1 ? "" : "s"): \(messages)"
    }
}

/// A decoding failure with the JSON path where it happened (for example `data.movies[2].id`).
public struct DecodingFailure: Sendable, CustomStringConvertible {
    public let codingPath: String
    public let message: String

    public init(codingPath: String, message: String) {
        self.codingPath = codingPath
        self.message = message
    }

    public var description: String {
        codingPath.isEmpty ? "Decoding error: \(message)" : "Decoding error at \(codingPath): \(message)"
    }
}
