/// The Swift names generated code gives a connector's parts, for tools that write code against a
/// generated SDK (the compile matrix's call sites, editor integrations).
public struct GeneratedNames: Sendable {
    private let translator: SDKTranslator

    public init(connector: ConnectorIR) {
        translator = SDKTranslator(connector: connector)
    }

    /// `FriendlyFlixConnector`
    public var connectorClass: String { SwiftNaming.connectorTypeName(translator.connector.info.connectorID) }

    /// `ListMoviesQuery`
    public func operationClass(_ operation: OperationIR) -> String {
        translator.operationClassName(operation)
    }

    /// `listMoviesQuery`, the connector's property for the operation.
    public func operationProperty(_ operation: OperationIR) -> String {
        SwiftNaming.identifier(translator.operationPropertyName(operation))
    }

    /// The Swift spelling of a type (`[Movie]?`, `UUID`, `AspectRatio`).
    public static func typeName(_ type: TypeIR) -> String {
        type.swiftName
    }

    /// The Swift `case` of an enum value (`ACADEMY`, `` `default` ``, `_UNKNOWN_` for `_UNKNOWN`).
    public static func enumCase(_ value: String) -> String {
        SwiftNaming.enumCaseName(value)
    }
}
