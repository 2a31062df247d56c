/// One entry of a GraphQL response's `errors`. Unknown members are ignored; AEM's servlet errors carry
/// `errorType` and `details` instead of `extensions`.
public struct GraphQLErrorInfo: Decodable, Sendable, Hashable {
    public struct Location: Decodable, Sendable, Hashable {
        public let line: Int
        public let column: Int
    }

    /// A response path element: a field name or a list index.
    public enum PathSegment: Decodable, Sendable, Hashable, CustomStringConvertible {
        case field(String)
        case index(Int)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) {
                self = .index(index)
            } else {
                self = .field(try container.decode(String.self))
            }
        }

        public var description: String {
            switch self {
            case .field(let name): return name
            case .index(let index): return String(index)
            }
        }
    }

    public let message: String
    public let locations: [Location]?
    public let path: [PathSegment]?
    public let extensions: [String: AnyValue]?
    /// AEM servlet errors: `ServletError`, `PersistenceError`, ...
    public let errorType: String?
    /// AEM servlet errors: the detail text.
    public let details: String?

    public init(message: String, locations: [Location]? = nil, path: [PathSegment]? = nil, extensions: [String: AnyValue]? = nil, errorType: String? = nil, details: String? = nil) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
        self.errorType = errorType
        self.details = details
    }

    private enum CodingKeys: String, CodingKey {
        case message, locations, path, extensions, errorType, details
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? ""
        locations = try? container.decodeIfPresent([Location].self, forKey: .locations)
        path = try? container.decodeIfPresent([PathSegment].self, forKey: .path)
        extensions = try? container.decodeIfPresent([String: AnyValue].self, forKey: .extensions)
        errorType = try? container.decodeIfPresent(String.self, forKey: .errorType)
        details = try? container.decodeIfPresent(String.self, forKey: .details)
    }
}
