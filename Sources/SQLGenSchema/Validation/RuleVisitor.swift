import SQLGenLanguage

/// The callbacks a validation rule receives during the shared walk of a document.
///
/// A rule subclasses this and overrides only the nodes it checks; the defaults do nothing.
/// The walker calls every rule's `enter…` for a node in rule order after `TypeInfo` has entered
/// it, then the children, then every rule's `leave…` before `TypeInfo` leaves it, as graphql-js's
/// `visitInParallel` + `visitWithTypeInfo` do, so errors come out in graphql-js's order.
class RuleVisitor {
    // Strong: the context does not hold the rules, so there is no cycle, and reads need no
    // unowned-reference checks.
    let context: ValidationContext
    /// The rule's name for `GraphQLError.rule`, e.g. `UniqueOperationNamesRule`.
    let ruleName: String

    required init(context: ValidationContext, ruleName: String) {
        self.context = context
        self.ruleName = ruleName
    }

    /// The kinds of nodes this rule overrides callbacks for; the walker calls a rule only for
    /// those (it would otherwise make tens of empty calls per node). Keep in sync with the
    /// overrides.
    class var hooks: RuleHooks { .all }

    /// Reports an error at `ranges` (the first is the primary location).
    final func report(_ message: String, _ ranges: SourceRange...) {
        context.report(GraphQLError(message, ranges: ranges, rule: ruleName))
    }

    final func report(_ message: String, ranges: [SourceRange]) {
        context.report(GraphQLError(message, ranges: ranges, rule: ruleName))
    }

    func enterDocument(_ document: Document) {}
    func leaveDocument(_ document: Document) {}
    func enterOperation(_ operation: OperationDefinition) {}
    func leaveOperation(_ operation: OperationDefinition) {}
    func enterFragment(_ fragment: FragmentDefinition) {}
    func leaveFragment(_ fragment: FragmentDefinition) {}
    /// A type-system definition or extension found in an executable document.
    func enterTypeSystemDefinition(_ definition: Definition) {}
    func enterVariableDefinition(_ definition: VariableDefinition) {}
    func leaveVariableDefinition(_ definition: VariableDefinition) {}
    func enterSelectionSet(_ selectionSet: SelectionSet) {}
    func leaveSelectionSet(_ selectionSet: SelectionSet) {}
    func enterField(_ field: Field) {}
    func leaveField(_ field: Field) {}
    func enterFragmentSpread(_ spread: FragmentSpread) {}
    func leaveFragmentSpread(_ spread: FragmentSpread) {}
    func enterInlineFragment(_ fragment: InlineFragment) {}
    func leaveInlineFragment(_ fragment: InlineFragment) {}
    /// The directives of one node, with the location they are used at (nil for positions the
    /// spec has no location for, which cannot occur in a parsed document).
    func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {}
    func enterDirective(_ directive: Directive, location: DirectiveLocation) {}
    func leaveDirective(_ directive: Directive) {}
    func enterArgument(_ argument: Argument) {}
    func leaveArgument(_ argument: Argument) {}
    /// A named type reference; `inTypeSystem` when it sits in a type-system definition.
    func enterNamedType(_ type: NamedType, inTypeSystem: Bool) {}
    /// A variable used as a value (not the one declared by a variable definition).
    func enterVariable(_ variable: Variable) {}

    /// A list value; return false to skip its items (for this rule only).
    func enterListValue(_ value: Value) -> Bool { true }
    /// An object value; return false to skip its fields (for this rule only).
    func enterObjectValue(_ fields: [ObjectField], value: Value) -> Bool { true }
    func leaveObjectValue(_ fields: [ObjectField], value: Value) {}
    func enterObjectField(_ field: ObjectField) {}
    /// An int, float, string, boolean or enum literal.
    func enterScalarValue(_ value: Value) {}
    func enterNullValue(_ value: Value) {}
}

/// Which kind of node a list of directives belongs to, for rules that group directives per node
/// (type-system definitions share one group per type name, as graphql-js does).
enum DirectiveOwner {
    case executable
    case schema
    case type(String)
    case other
}

/// Node kinds whose callbacks a rule implements (`enter…` and `leave…` alike).
struct RuleHooks: OptionSet, Sendable {
    let rawValue: UInt32

    static let document = RuleHooks(rawValue: 1 << 0)
    static let operation = RuleHooks(rawValue: 1 << 1)
    static let fragment = RuleHooks(rawValue: 1 << 2)
    static let typeSystem = RuleHooks(rawValue: 1 << 3)
    static let variableDefinition = RuleHooks(rawValue: 1 << 4)
    static let selectionSet = RuleHooks(rawValue: 1 << 5)
    static let field = RuleHooks(rawValue: 1 << 6)
    static let fragmentSpread = RuleHooks(rawValue: 1 << 7)
    static let inlineFragment = RuleHooks(rawValue: 1 << 8)
    /// `enterDirectives`: the directive list of any node.
    static let directives = RuleHooks(rawValue: 1 << 9)
    /// `enterDirective` / `leaveDirective`.
    static let directive = RuleHooks(rawValue: 1 << 10)
    static let argument = RuleHooks(rawValue: 1 << 11)
    static let namedType = RuleHooks(rawValue: 1 << 12)
    /// Variables, lists, objects, object fields, scalars and nulls.
    static let values = RuleHooks(rawValue: 1 << 13)

    static let all = RuleHooks(rawValue: UInt32.max)
}
