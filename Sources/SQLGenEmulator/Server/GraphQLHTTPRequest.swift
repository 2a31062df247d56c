// The parameters of a GraphQL-over-HTTP request (GET query string or POST JSON body) and the
// response media type its `Accept` header asks for. A malformed request is refused with 400
// whatever the media type; only well-formed requests reach the engine.

import SQLGenHTTP
import SQLGenJSON

struct GraphQLHTTPRequest {
    var query: String
    /// Nil when absent, null or empty (the spec treats `""` as no name).
    var operationName: String?
    var variables: JSONValue = .object([])

    /// The parameters, or the message of the 400 that refuses them.
    static func read(_ request: HTTPRequest, isGet: Bool) -> Result<GraphQLHTTPRequest, RequestRefusal> {
        do throws(RequestRefusal) {
            let parameters = isGet ? try queryParameters(request.query ?? "") : try bodyParameters(request.body)
            return .success(try make(parameters))
        } catch {
            return .failure(error)
        }
    }

    struct RequestRefusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func queryParameters(_ query: String) throws(RequestRefusal) -> [String: JSONValue] {
        var parameters: [String: JSONValue] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let key = parts.first.flatMap({ PersistedQueryPath.percentDecode($0) }) else { continue }
            let raw = parts.count > 1 ? Substring(parts[1].split(separator: "+", omittingEmptySubsequences: false).joined(separator: " ")) : ""
            guard let value = PersistedQueryPath.percentDecode(raw) else { throw RequestRefusal("\"\(key)\" is not percent-encoded correctly.") }
            switch key {
            case "variables", "extensions":
                guard let parsed = try? JSONParser.parse(value) else { throw RequestRefusal("\"\(key)\" is not valid JSON.") }
                parameters[key] = parsed
            default:
                parameters[key] = .string(value)
            }
        }
        return parameters
    }

    private static func bodyParameters(_ body: [UInt8]) throws(RequestRefusal) -> [String: JSONValue] {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(body)
        } catch {
            throw RequestRefusal("The body is not valid JSON: \(error).")
        }
        guard case .object(let members) = parsed else { throw RequestRefusal("The body must be a JSON object.") }
        var parameters: [String: JSONValue] = [:]
        for member in members { parameters[member.key] = member.value }
        return parameters
    }

    /// Checks each parameter's type (GraphQL over HTTP §5.1); null counts as absent.
    private static func make(_ parameters: [String: JSONValue]) throws(RequestRefusal) -> GraphQLHTTPRequest {
        func present(_ key: String) -> JSONValue? {
            guard let value = parameters[key], !value.isNull else { return nil }
            return value
        }
        guard let queryValue = present("query") else { throw RequestRefusal("The request has no \"query\".") }
        guard case .string(let query) = queryValue else { throw RequestRefusal("\"query\" must be a string.") }
        var request = GraphQLHTTPRequest(query: query)
        if let name = present("operationName") {
            guard case .string(let text) = name else { throw RequestRefusal("\"operationName\" must be a string.") }
            request.operationName = text.isEmpty ? nil : text
        }
        if let variables = present("variables") {
            guard case .object = variables else { throw RequestRefusal("\"variables\" must be a JSON object.") }
            request.variables = variables
        }
        if let extensions = present("extensions") {
            guard case .object = extensions else { throw RequestRefusal("\"extensions\" must be a JSON object.") }
        }
        return request
    }
}

/// The response media types of GraphQL over HTTP, chosen by `Accept` with its quality values.
enum GraphQLMediaType {
    static let graphQLResponse = "application/graphql-response+json"
    static let json = "application/json"

    /// The acceptable type with the highest `q` (ties: `application/graphql-response+json`);
    /// `application/json` when the header is absent or names neither.
    static func negotiate(_ accept: String?) -> String {
        guard let accept else { return json }
        var best: (type: String, quality: Double)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let first = parts.first else { continue }
            let name = first.trimmingSpaces.lowercased()
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(\.trimmingSpaces)
                if pair.count == 2, pair[0].lowercased() == "q" { quality = Double(pair[1]) ?? 0 }
            }
            guard quality > 0 else { continue }
            for candidate in candidates(name) where quality > best?.quality ?? 0 || (quality == best?.quality && candidate == graphQLResponse) {
                best = (candidate, quality)
            }
        }
        return best?.type ?? json
    }

    /// The types a media range matches, the preferred first.
    private static func candidates(_ range: String) -> [String] {
        switch range {
        case graphQLResponse: [graphQLResponse]
        case json: [json]
        case "*/*", "application/*": [json]
        default: []
        }
    }
}
