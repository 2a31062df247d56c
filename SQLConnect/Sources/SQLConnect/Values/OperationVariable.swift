/// The `Variables` struct of a generated operation: encodable, hashable (it identifies the ref) and sendable.
public protocol OperationVariable: Encodable, Hashable, Sendable {}

/// The variables of an operation that declares none.
public struct NoVariables: OperationVariable {
    public init() {}
}
