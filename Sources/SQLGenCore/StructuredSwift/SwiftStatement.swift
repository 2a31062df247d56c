/// A statement inside a body.
public enum SwiftStatement: Sendable, Hashable {
    /// An expression on its own: a call, or the value of a one-expression body.
    case expression(SwiftExpression)
    /// `let name = value` or `var name = value`.
    case binding(SwiftBindingKind, name: String, value: SwiftExpression)
    /// `target = value` (`_ = value` discards it).
    case assignment(target: SwiftExpression, value: SwiftExpression)
    /// `return value`, or a bare `return`.
    case returnStatement(SwiftExpression?)
    case throwStatement(SwiftExpression)
    /// `if conditions { body }`, with an `else` when `alternative` is not empty.
    case ifStatement(conditions: [SwiftCondition], body: [SwiftStatement], alternative: [SwiftStatement])
    /// `guard conditions else { body }`
    case guardStatement(conditions: [SwiftCondition], elseBody: [SwiftStatement])
    /// `switch subject { case ...: body }`
    case switchOn(subject: SwiftExpression, cases: [SwiftSwitchCase])
    /// `do { body } catch { handler }`, the handler seeing the thrown `error`.
    case doCatch(body: [SwiftStatement], catchBody: [SwiftStatement])
    /// `#if condition` statements `#else` alternatives `#endif`.
    case conditional(SwiftConditionalBlock<SwiftStatement>)
    /// A nested declaration inside a body (rare: local types).
    case declaration(SwiftDeclaration)
}

public enum SwiftBindingKind: String, Sendable, Hashable {
    case `let`
    case `var`
}

/// One clause of an `if` or `guard`.
public enum SwiftCondition: Sendable, Hashable {
    case expression(SwiftExpression)
    /// `let name = value`, or `let name` (shadowing an optional of that name) without a value.
    case optionalBinding(name: String, value: SwiftExpression?)
}

public struct SwiftSwitchCase: Sendable, Hashable {
    /// The patterns after `case`, or none for `default`.
    public var patterns: [SwiftPattern]
    public var body: [SwiftStatement]

    public init(patterns: [SwiftPattern], body: [SwiftStatement]) {
        self.patterns = patterns
        self.body = body
    }

    /// `case pattern:`
    public init(_ pattern: SwiftPattern, body: [SwiftStatement]) {
        self.init(patterns: [pattern], body: body)
    }

    /// `default:`
    public static func defaultCase(_ body: [SwiftStatement]) -> SwiftSwitchCase {
        SwiftSwitchCase(patterns: [], body: body)
    }
}

/// What a `case` matches.
public enum SwiftPattern: Sendable, Hashable {
    /// A value compared with `~=`: `"ACADEMY"`.
    case expression(SwiftExpression)
    /// `.name`, or `.name(let a, let b)` binding the payload.
    case enumCase(name: String, bindings: [String])
}

/// A condition of conditional compilation.
public enum SwiftCompilationCondition: Sendable, Hashable {
    /// `canImport(Module)`
    case canImport(String)
}

/// `#if condition` elements `#else` alternatives `#endif`, around declarations or statements.
public struct SwiftConditionalBlock<Element: Sendable & Hashable>: Sendable, Hashable {
    public var condition: SwiftCompilationCondition
    public var elements: [Element]
    public var alternatives: [Element]

    public init(_ condition: SwiftCompilationCondition, _ elements: [Element], otherwise alternatives: [Element] = []) {
        self.condition = condition
        self.elements = elements
        self.alternatives = alternatives
    }
}

extension SwiftStatement {
    /// `self.property = value`, the parameter named like the property by default.
    public static func assignSelf(_ property: String, _ value: SwiftExpression? = nil) -> SwiftStatement {
        .assignment(target: SwiftExpression.selfValue.dot(property), value: value ?? .identifier(property))
    }
}
