extension SwiftNaming {
    /// The Swift name of a schema's enum or input object in the generated package: its GraphQL
    /// name, with `_` added when that name is taken. Generated code spells the names below without
    /// a module prefix, and a package type shadows them in the apps that import it too
    /// (`enum Task` would turn every `Task { ... }` of the app into an error).
    static func schemaTypeName(_ name: String) -> String {
        takenTypeNames.contains(name) ? name + "_" : name
    }

    /// Names of the standard library, Foundation and SQLConnect that generated code or its callers
    /// use, module names, and the types nested in every operation (`Data`, `Variables`, `Ref`).
    static let takenTypeNames: Set<String> = keywords.union([
        "Swift", "Foundation", "Observation", "Combine", "SwiftUI", Runtime.module,
        "String", "Int", "Double", "Float", "Bool", "Int64", "Optional", "Array", "Dictionary", "Set",
        "Result", "Error", "Task", "Actor", "MainActor", "Void", "Never", "Hasher", "Encoder", "Decoder", "CodingKey",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "Identifiable", "RawRepresentable",
        "UUID", "Data", "Date", "URL", "Decimal",
        "Variables", "Ref",
    ]).union(Runtime.typeNames)

    /// `friendly-flix` → `FriendlyFlixConnector`, the class an app reaches the operations through.
    static func connectorTypeName(_ connectorID: String) -> String {
        upperCamel(connectorID) + "Connector"
    }

    /// `listMovies` → `ListMoviesQuery`: an operation's class, and its file's name.
    static func operationTypeName(_ name: String, kind: OperationIR.Kind) -> String {
        upperCamel(name) + (kind == .query ? "Query" : "Mutation")
    }

    /// The Swift `case` of an enum value: backticked if a keyword, with `_` added where the value
    /// is named like the catch-all `_UNKNOWN` or the list `knownCases`.
    static func enumCaseName(_ value: String) -> String {
        value == Runtime.unknownEnumCase || value == Runtime.knownEnumCases ? value + "_" : identifier(value)
    }
}
