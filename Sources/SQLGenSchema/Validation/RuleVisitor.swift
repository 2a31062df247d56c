import SQLGenLanguage

/// The callbacks a validation rule receives during the shared walk of a document.
///
/// A rule subclasses this and overrides only the nodes it checks; the defaults do nothing.
/// The walker calls every rule's `enter…` for a node in rule order after `TypeInfo` has entered
/// it, then the children, then every rule's `leave…` before `TypeInfo` leaves it, as graphql-js's
/// `visitInParallel` + `visitWithTypeInfo` do, so errors come out in graphql-js's order.
class RuleVisitor {
    unowned let context: ValidationContext
    /// The rule's name for `GraphQLError.rule`, e.g. `UniqueOperationNamesRule`.
    let ruleName: String

    required init(context: ValidationContext, ruleName: String) {
        self.context = context
        self.ruleName = ruleName
    }

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
