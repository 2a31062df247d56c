import SQLGenLanguage

/// The callbacks a validation rule receives during the shared walk of a document.
///
/// A rule subclasses this and overrides only the nodes it checks; the defaults do nothing.
/// The walker calls every rule's `enter…` for a node in rule order after `TypeInfo` has entered
/// it, then the children, then every rule's `leave…` before `TypeInfo` leaves it, as graphql-js's
/// `visitInParallel` + `visitWithTypeInfo` do, so errors come out in graphql-js's order.
open class RuleVisitor {
    // Strong: the context does not hold the rules, so there is no cycle, and reads need no
    // unowned-reference checks.
    public let context: ValidationContext
    /// The rule's name for `GraphQLError.rule`, e.g. `UniqueOperationNamesRule`.
    public let ruleName: String

    public required init(context: ValidationContext, ruleName: String) {
        self.context = context
        self.ruleName = ruleName
    }

    /// The kinds of nodes this rule overrides callbacks for; the walker calls a rule only for
    /// those (it would otherwise make tens of empty calls per node). Keep in sync with the
    /// overrides.
    open class var hooks: RuleHooks { .all }

    /// Reports an error at `ranges` (the first is the primary location).
    public final func report(_ message: String, _ ranges: SourceRange...) {
        context.report(GraphQLError(message, ranges: ranges, rule: ruleName))
    }

    public final func report(_ message: String, ranges: [SourceRange]) {
        context.report(GraphQLError(message, ranges: ranges, rule: ruleName))
    }

    open func enterDocument(_ document: Document) {}
    open func leaveDocument(_ document: Document) {}
    open func enterOperation(_ operation: OperationDefinition) {}
    open func leaveOperation(_ operation: OperationDefinition) {}
    open func enterFragment(_ fragment: FragmentDefinition) {}
    open func leaveFragment(_ fragment: FragmentDefinition) {}
    /// A type-system definition or extension found in an executable document.
    open func enterTypeSystemDefinition(_ definition: Definition) {}
    open func enterVariableDefinition(_ definition: VariableDefinition) {}
    open func leaveVariableDefinition(_ definition: VariableDefinition) {}
    open func enterSelectionSet(_ selectionSet: SelectionSet) {}
    open func leaveSelectionSet(_ selectionSet: SelectionSet) {}
    open func enterField(_ field: Field) {}
    open func leaveField(_ field: Field) {}
    open func enterFragmentSpread(_ spread: FragmentSpread) {}
    open func leaveFragmentSpread(_ spread: FragmentSpread) {}
    open func enterInlineFragment(_ fragment: InlineFragment) {}
    open func leaveInlineFragment(_ fragment: InlineFragment) {}
    /// The directives of one node, with the location they are used at (nil for positions the
    /// spec has no location for, which cannot occur in a parsed document).
    open func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {}
    open func enterDirective(_ directive: Directive, location: DirectiveLocation) {}
    open func leaveDirective(_ directive: Directive) {}
    open func enterArgument(_ argument: Argument) {}
    open func leaveArgument(_ argument: Argument) {}
    /// A named type reference; `inTypeSystem` when it sits in a type-system definition.
    open func enterNamedType(_ type: NamedType, inTypeSystem: Bool) {}
    /// A variable used as a value (not the one declared by a variable definition).
    open func enterVariable(_ variable: Variable) {}

    /// A list value; return false to skip its items (for this rule only).
    open func enterListValue(_ value: Value) -> Bool { true }
    /// An object value; return false to skip its fields (for this rule only).
    open func enterObjectValue(_ fields: [ObjectField], value: Value) -> Bool { true }
    open func leaveObjectValue(_ fields: [ObjectField], value: Value) {}
    open func enterObjectField(_ field: ObjectField) {}
    /// An int, float, string, boolean or enum literal.
    open func enterScalarValue(_ value: Value) {}
    open func enterNullValue(_ value: Value) {}
}

/// Which kind of node a list of directives belongs to, for rules that group directives per node
/// (type-system definitions share one group per type name, as graphql-js does).
public enum DirectiveOwner {
    case executable
    case schema
    case type(String)
    case other
}

/// Node kinds whose callbacks a rule implements (`enter…` and `leave…` alike).
public struct RuleHooks: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let document = RuleHooks(rawValue: 1 << 0)
    public static let operation = RuleHooks(rawValue: 1 << 1)
    public static let fragment = RuleHooks(rawValue: 1 << 2)
    public static let typeSystem = RuleHooks(rawValue: 1 << 3)
    public static let variableDefinition = RuleHooks(rawValue: 1 << 4)
    public static let selectionSet = RuleHooks(rawValue: 1 << 5)
    public static let field = RuleHooks(rawValue: 1 << 6)
    public static let fragmentSpread = RuleHooks(rawValue: 1 << 7)
    public static let inlineFragment = RuleHooks(rawValue: 1 << 8)
    /// `enterDirectives`: the directive list of any node.
    public static let directives = RuleHooks(rawValue: 1 << 9)
    /// `enterDirective` / `leaveDirective`.
    public static let directive = RuleHooks(rawValue: 1 << 10)
    public static let argument = RuleHooks(rawValue: 1 << 11)
    public static let namedType = RuleHooks(rawValue: 1 << 12)
    /// Variables, lists, objects, object fields, scalars and nulls.
    public static let values = RuleHooks(rawValue: 1 << 13)

    public static let all = RuleHooks(rawValue: UInt32.max)
}
