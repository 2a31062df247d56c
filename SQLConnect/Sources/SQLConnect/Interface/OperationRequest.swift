import Foundation

/// Whether an operation reads (cacheable, retried) or writes (never retried).
public enum OperationKind: Sendable, Hashable {
    case query
    case mutation
}

/// One operation to send: its name, kind, encoded variables and (for GraphQL over HTTP) its text.
public struct OperationRequest: Sendable {
    public let connector: ConnectorConfig
    public let operationName: String
    public let kind: OperationKind
    /// The operation's GraphQL text, which generated code embeds; transports that run persisted
    /// operations by name ignore it.
    public let document: String?
    let variablesNode: JSONNode
    /// The cache and ref identity: SHA-256 hex of the operation name followed by the canonical variables.
    public let requestID: String
    /// The signed-in user's header, which the client adds before each attempt (`DataConnect.useAuth`);
    /// transports send it in place of their own `Authorization`.
    public internal(set) var credential: RequestCredential?

    /// Encodes `variables` (which must encode as a JSON object).
    public init<Variables: Encodable>(connector: ConnectorConfig, operationName: String, kind: OperationKind, variables: Variables, document: String? = nil) throws {
        let node: JSONNode
        do {
            node = try VariablesEncoder.encode(variables)
        } catch {
            throw DataConnectError.decoding(DecodingFailure(codingPath: "variables", message: "\(error)"))
        }
        try self.init(connector: connector, operationName: operationName, kind: kind, variablesNode: node, document: document)
    }

    init(connector: ConnectorConfig, operationName: String, kind: OperationKind, variablesNode: JSONNode, document: String?) throws {
        guard case .object = variablesNode else {
            throw DataConnectError.configuration(key: "variables", message: "The variables of \"\(operationName)\" must encode as a JSON object.")
        }
        self.connector = connector
        self.operationName = operationName
        self.kind = kind
        self.variablesNode = variablesNode
        self.document = document
        requestID = SHA256.hexDigest(operationName + variablesNode.serialized(sortedKeys: true))
    }

    /// The variables as compact JSON, members in declaration order.
    public var variablesJSON: Data {
        Data(variablesNode.serialized().utf8)
    }

    /// The variables as canonical JSON (sorted keys), the form hashed into cache keys.
    public var canonicalVariablesJSON: String {
        variablesNode.serialized(sortedKeys: true)
    }

    /// The variables as a dictionary.
    public var variables: [String: AnyValue] {
        if case .object(let dictionary) = variablesNode.publicValue { return dictionary }
        return [:]
    }

    /// The URL suffix AEM persisted queries use for these variables (see `PersistedQueryEncoding`).
    public var persistedQuerySuffix: String {
        PersistedQueryEncoding.suffix(for: variablesNode)
    }
}
