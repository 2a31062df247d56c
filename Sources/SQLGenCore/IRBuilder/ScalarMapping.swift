/// Which Swift type a GraphQL scalar becomes.
public struct SwiftScalarTypes: Sendable, Hashable {
    /// GraphQL scalar name → Swift type name; user mappings from connector.yaml override these.
    public var swiftTypes: [String: String]

    /// The built-in scalars, Data Connect's, and AEM's.
    public static let standard: [String: String] = [
        "String": "String",
        "Int": "Int",
        "Float": "Double",
        "Boolean": "Bool",
        "ID": "String",
        // Firebase Data Connect
        "UUID": "UUID",
        "Int64": "Int64",
        "Date": Runtime.localDate,
        "Timestamp": Runtime.timestamp,
        "Any": Runtime.anyValue,
        // AEM content fragments
        "Json": Runtime.anyValue,
        "Calendar": "String",
        "Time": "String",
    ]

    public init(custom: [String: String] = [:]) {
        swiftTypes = Self.standard.merging(custom) { _, user in user }
    }

    /// The standard types with a connector's `sqlgen.scalars` mappings (a later one wins).
    init(_ mappings: [SQLGenSettings.ScalarMapping]) {
        var custom: [String: String] = [:]
        for mapping in mappings { custom[mapping.graphQLName] = mapping.swiftType }
        self.init(custom: custom)
    }

    /// The Swift type for a scalar; unknown custom scalars carry any JSON (`AnyValue`).
    public func swiftType(for scalar: String) -> String {
        swiftTypes[scalar] ?? Runtime.anyValue
    }
}
