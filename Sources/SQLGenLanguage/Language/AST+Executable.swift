// Executable definitions of the AST: operations, selections and fragments (spec section 2).

public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query
    case mutation
    case subscription
}

/// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet | SelectionSet
public struct OperationDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var operation: OperationType
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(description: StringValue? = nil, operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition] = [], directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        (self.description, self.operation, self.name, self.variableDefinitions, self.directives, self.selectionSet, self.range) = (description, operation, name, variableDefinitions, directives, selectionSet, range)
    }
}

/// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
public struct VariableDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var variable: Variable
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: StringValue? = nil, variable: Variable, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [], range: SourceRange = .none) {
        (self.description, self.variable, self.type, self.defaultValue, self.directives, self.range) = (description, variable, type, defaultValue, directives, range)
    }
}

/// Variable : $ Name
public struct Variable: Sendable, Hashable {
    public var name: Name
    public var range: SourceRange
    public init(name: Name, range: SourceRange = .none) {
        self.name = name
        self.range = range
    }
}

/// SelectionSet : { Selection* }  (graphql-core accepts an empty set by default)
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var range: SourceRange
    public init(selections: [Selection], range: SourceRange = .none) {
        self.selections = selections
        self.range = range
    }
}

/// Selection : Field | FragmentSpread | InlineFragment
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var range: SourceRange {
        switch self {
        case .field(let node): return node.range
        case .fragmentSpread(let node): return node.range
        case .inlineFragment(let node): return node.range
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): return node.directives
        case .fragmentSpread(let node): return node.directives
        case .inlineFragment(let node): return node.directives
        }
    }
}

/// Field : Alias? Name Arguments? Directives? SelectionSet?
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var range: SourceRange

    public init(alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [], selectionSet: SelectionSet? = nil, range: SourceRange = .none) {
        (self.alias, self.name, self.arguments, self.directives, self.selectionSet, self.range) = (alias, name, arguments, directives, selectionSet, range)
    }

    /// The key of this field in the response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// Argument : Name : Value  (also ObjectField : Name : Value)
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var range: SourceRange
    public init(name: Name, value: Value, range: SourceRange = .none) {
        (self.name, self.value, self.range) = (name, value, range)
    }
}

/// FragmentSpread : ... FragmentName Arguments? Directives?
/// (`arguments` only with the experimental fragment arguments syntax)
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var range: SourceRange
    public init(name: Name, arguments: [Argument] = [], directives: [Directive] = [], range: SourceRange = .none) {
        (self.name, self.arguments, self.directives, self.range) = (name, arguments, directives, range)
    }
}

/// InlineFragment : ... TypeCondition? Directives? SelectionSet
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
    public init(typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        (self.typeCondition, self.directives, self.selectionSet, self.range) = (typeCondition, directives, selectionSet, range)
    }
}

/// FragmentDefinition : Description? fragment FragmentName VariablesDefinition? TypeCondition Directives? SelectionSet
/// (`variableDefinitions` only with the experimental fragment arguments syntax)
public struct FragmentDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var variableDefinitions: [VariableDefinition]
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(description: StringValue? = nil, name: Name, variableDefinitions: [VariableDefinition] = [], typeCondition: NamedType, directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        (self.description, self.name, self.variableDefinitions, self.typeCondition, self.directives, self.selectionSet, self.range) = (description, name, variableDefinitions, typeCondition, directives, selectionSet, range)
    }
}
