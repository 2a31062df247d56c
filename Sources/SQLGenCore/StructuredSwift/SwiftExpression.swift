/// An expression in generated code. Names arrive escaped (`` `default` ``); types stay their
/// spelling (`[Film]?`), as they are written once and never taken apart.
public enum SwiftExpression: Sendable, Hashable {
    /// A name in scope: `dataConnect`, `self`, `Self`, `_`.
    case identifier(String)
    /// A type used as a value, as in `Data.self` or `MovieKey(id: id)`.
    case type(String)
    case literal(SwiftLiteralValue)
    /// `"\(host):\(port)"`
    case interpolatedString([SwiftInterpolationPart])
    /// `#isolation`
    case macro(String)
    /// `base.name`, or `.name` (an implicit member) without a base.
    indirect case member(SwiftExpression?, String)
    /// `callee(label: value, ...)`
    indirect case call(SwiftExpression, [SwiftArgument])
    /// `base[argument, ...]`
    indirect case subscriptOf(SwiftExpression, [SwiftArgument])
    /// `base?`, as in `optionalVariables?(&self)`.
    indirect case optionalChain(SwiftExpression)
    indirect case tryExpression(SwiftExpression)
    indirect case awaitExpression(SwiftExpression)
    /// `lhs op rhs`
    indirect case binary(SwiftExpression, String, SwiftExpression)
    /// `op operand`: `!x`, `&x`.
    indirect case prefix(String, SwiftExpression)
    /// `[a, b]`
    indirect case array([SwiftExpression])
    /// `[key: value, ...]`, `[:]` when empty.
    indirect case dictionary([SwiftDictionaryEntry])
    /// A call with one argument per line: `Package(`, `name: "A",` ... `)`.
    indirect case verticalCall(SwiftExpression, [SwiftArgument])
    /// An array with one element per line, each followed by a comma.
    indirect case verticalArray([SwiftExpression])
}

/// One `key: value` of a dictionary literal.
public struct SwiftDictionaryEntry: Sendable, Hashable {
    public var key: SwiftExpression
    public var value: SwiftExpression

    public init(_ key: SwiftExpression, _ value: SwiftExpression) {
        (self.key, self.value) = (key, value)
    }
}

public enum SwiftLiteralValue: Sendable, Hashable {
    case string(String)
    /// A raw multi-line string (`#"""` ... `"""#`) holding the value exactly.
    case multilineString(String)
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    case `nil`
}

public enum SwiftInterpolationPart: Sendable, Hashable {
    /// Text of the string, escaped when rendered.
    case text(String)
    /// `\(expression)`
    case expression(SwiftExpression)
}

/// `label: value`, or `value` alone.
public struct SwiftArgument: Sendable, Hashable {
    public var label: String?
    public var value: SwiftExpression

    public init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}

// Builders that read like the code they build: `.identifier("dataConnect").dot("query").call(...)`.
extension SwiftExpression {
    public static func string(_ value: String) -> SwiftExpression { .literal(.string(value)) }
    public static func integer(_ value: Int) -> SwiftExpression { .literal(.integer(value)) }
    public static let nilLiteral = SwiftExpression.literal(.nil)
    public static let selfValue = SwiftExpression.identifier("self")
    /// `Self`, the enclosing type.
    public static let selfType = SwiftExpression.identifier("Self")

    /// `.name`
    public static func implicitMember(_ name: String) -> SwiftExpression { .member(nil, name) }

    /// `Type.self`
    public static func metatype(_ type: String) -> SwiftExpression { .member(.type(type), "self") }

    public func dot(_ member: String) -> SwiftExpression { .member(self, member) }

    /// A call with labelled arguments, in order; a nil label leaves the argument unlabelled.
    public func call(_ arguments: [(String?, SwiftExpression)]) -> SwiftExpression {
        .call(self, arguments.map { SwiftArgument($0.0, $0.1) })
    }

    public func call(_ arguments: [SwiftArgument]) -> SwiftExpression { .call(self, arguments) }

    /// A call without arguments: `emulatorTransport()`.
    public func call() -> SwiftExpression { .call(self, []) }

    /// `try await self`
    public var tryAwait: SwiftExpression { .tryExpression(.awaitExpression(self)) }
}
