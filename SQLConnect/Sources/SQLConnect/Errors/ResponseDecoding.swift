import Foundation

/// Turns a GraphQL response body into typed data or a `DataConnectError`.
///
/// The body is parsed once into a `JSONValue` tree; `data` and `errors` are decoded from it with
/// `WireDecoder`, which understands Data Connect's scalar wire forms.
enum ResponseDecoding {
    /// Decodes `{"data": ..., "errors": [...]}`. Non-empty `errors` throw `.graphQL` with the partial
    /// data (raw, and typed when it decodes); a type mismatch throws `.decoding` with the JSON path.
    static func decodeResult<Value: Decodable & Sendable>(_ type: Value.Type, from body: Data) throws -> Value? {
        let root = try parse(body)
        guard case .object(let envelope) = root else {
            throw DataConnectError.decoding(DecodingFailure(codingPath: "", message: "Expected a JSON object but found \(root.kindDescription)."))
        }
        let dataValue: JSONValue? = envelope["data"].flatMap { if case .null = $0 { return nil } else { return $0 } }
        var data: Value?
        var dataError: (any Error)?
        if let dataValue {
            do {
                data = try WireDecoder.decode(Value.self, from: dataValue, path: CodingPathNode.root.appending(.key("data")))
            } catch {
                dataError = error
            }
        }
        let errors = graphQLErrors(envelope["errors"])
        if !errors.isEmpty {
            let rawData = dataValue.map { Data($0.node.serialized().utf8) }
            throw DataConnectError.graphQL(GraphQLFailure(errors: errors, rawData: rawData, partialData: data))
        }
        if let dataError {
            throw mapDecodingError(dataError)
        }
        return data
    }

    /// The `errors` member: each error object as the server sent it, and an error that says so
    /// for anything else in its place (a malformed `errors` still means the request failed).
    static func graphQLErrors(_ member: JSONValue?) -> [GraphQLErrorInfo] {
        switch member {
        case nil, .null?:
            return []
        case .array(let items)?:
            return items.enumerated().map { index, item in
                if case .object = item, let error = try? WireDecoder.decode(GraphQLErrorInfo.self, from: item) { return error }
                return GraphQLErrorInfo(message: "The server sent a malformed error: errors[\(index)] is \(item.kindDescription), not an error object.")
            }
        case let other?:
            return [GraphQLErrorInfo(message: "The server sent a malformed error: \"errors\" is \(other.kindDescription), not a list of errors.")]
        }
    }

    /// Decodes `type` from JSON, mapping failures to `.decoding` with a readable path.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: Data, root: String) throws -> Value {
        do {
            return try WireDecoder.decode(Value.self, from: body)
        } catch {
            throw mapDecodingError(error, root: root)
        }
    }

    /// Parses a body, mapping malformed JSON to `.decoding`.
    private static func parse(_ body: Data) throws -> JSONValue {
        do {
            return try JSONParser.parse(body)
        } catch {
            throw DataConnectError.decoding(DecodingFailure(codingPath: "", message: "The response is not valid JSON: \(error)."))
        }
    }

    static func mapDecodingError(_ error: any Error, root: String = "") -> DataConnectError {
        guard let decodingError = error as? DecodingError else {
            return .decoding(DecodingFailure(codingPath: root, message: "\(error)"))
        }
        switch decodingError {
        case .typeMismatch(_, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: context.debugDescription))
        case .valueNotFound(_, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: context.debugDescription))
        case .keyNotFound(let key, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath + [key], root: root), message: "Missing key \"\(key.stringValue)\"."))
        case .dataCorrupted(let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: context.debugDescription))
        @unknown default:
            return .decoding(DecodingFailure(codingPath: root, message: "\(decodingError)"))
        }
    }

    /// `data.movies[2].id` from a coding path.
    static func path(_ codingPath: [any CodingKey], root: String) -> String {
        var text = root
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
