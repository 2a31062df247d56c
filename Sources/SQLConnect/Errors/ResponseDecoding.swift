import Foundation

/// Turns a GraphQL response body into typed data or a `DataConnectError`.
enum ResponseDecoding {
    /// Decodes `{"data": ..., "errors": [...]}`. Non-empty `errors` throw `.graphQL` with the partial
    /// data (raw, and typed when it decodes); a type mismatch throws `.decoding` with the JSON path.
    static func decodeResult<Value: Decodable & Sendable>(_ type: Value.Type, from body: Data) throws -> Value? {
        let envelope = try decode(Envelope<Value>.self, from: body, root: "")
        if let errors = envelope.errors, !errors.isEmpty {
            let raw = (try? JSONDecoder().decode(RawData.self, from: body))?.data
            let rawData: Data? = raw.flatMap { $0 == .null ? nil : $0.jsonData }
            throw DataConnectError.graphQL(GraphQLFailure(errors: errors, rawData: rawData, partialData: envelope.data))
        }
        if let error = envelope.dataError {
            throw mapDecodingError(error)
        }
        return envelope.data
    }

    /// Decodes `type` from JSON, mapping failures to `.decoding` with a readable path.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: Data, root: String) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw mapDecodingError(error, root: root)
        }
    }

    static func mapDecodingError(_ error: any Error, root: String = "") -> DataConnectError {
        guard let decodingError = error as? DecodingError else {
            return .decoding(DecodingFailure(codingPath: root, message: "\(error)"))
        }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: "Expected \(type): \(context.debugDescription)"))
        case .valueNotFound(let type, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: "Expected \(type), found null: \(context.debugDescription)"))
        case .keyNotFound(let key, let context):
            return .decoding(DecodingFailure(codingPath: path(context.codingPath + [key], root: root), message: "Missing key \"\(key.stringValue)\"."))
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "The response is not valid JSON." : context.debugDescription
            return .decoding(DecodingFailure(codingPath: path(context.codingPath, root: root), message: message))
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

    private struct RawData: Decodable {
        let data: AnyValue?
    }

    private struct Envelope<Value: Decodable>: Decodable {
        let data: Value?
        let dataError: (any Error)?
        let errors: [GraphQLErrorInfo]?

        private enum CodingKeys: String, CodingKey {
            case data, errors
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            errors = try? container.decodeIfPresent([GraphQLErrorInfo].self, forKey: .errors)
            do {
                data = try container.decodeIfPresent(Value.self, forKey: .data)
                dataError = nil
            } catch {
                data = nil
                dataError = error
            }
        }
    }
}
