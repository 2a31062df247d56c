import SQLGenLanguage

/// The single traversal behind validation: walks a document in graphql-js's visiting order,
/// keeps `TypeInfo` up to date, calls the rules that handle each node and records the variables
/// each operation and fragment uses (with their expected types).
///
/// A rule may skip the inside of a list or object value (returning false on entering it); the
/// walker then stops calling that rule until it leaves that value, as graphql-js's
/// `visitInParallel` does.
final class DocumentWalker {
    private let typeInfo: TypeInfo
    private let context: ValidationContext
    /// Which rules handle each kind of node: runs of `plan.slots`, in rule order.
    private let plan: RulePlan
    /// The visitor of each of `plan.rules`, created when the rule is first called: a small
    /// document meets only some kinds of nodes, and creating and freeing the visitors of every
    /// rule is a good part of validating it. Unsafe storage, so that the many reads need no
    /// exclusivity checks, of unmanaged references, so that the many calls need no retain and
    /// release: the walker holds one reference to each visitor and releases it in `deinit`.
    private let visitors: UnsafeMutablePointer<Unmanaged<RuleVisitor>?>
    /// Per value rule: the value depth at which it asked to skip, 0 when it is not skipping.
    private var skipDepth: [Int]
    private var valueDepth = 0
    /// The variables used in the operation or fragment being walked (not in its variable
    /// definitions), with their expected types: graphql-js's `getVariableUsages`, gathered by
    /// this walk instead of a second one.
    private(set) var recordedUsages: [VariableUsage] = []
    private var recordsUsages = false
    /// The variables the fragment being walked defines (experimental fragment arguments).
    private var fragmentVariables: [VariableDefinition] = []

    init(typeInfo: TypeInfo, plan: RulePlan, context: ValidationContext) {
        self.typeInfo = typeInfo
        self.context = context
        self.plan = plan
        visitors = UnsafeMutablePointer<Unmanaged<RuleVisitor>?>.allocate(capacity: plan.rules.count)
        visitors.initialize(repeating: nil, count: plan.rules.count)
        skipDepth = Array(repeating: 0, count: plan.values.count)
    }

    /// A walker that calls no rule (to record variable usages).
    convenience init(typeInfo: TypeInfo, context: ValidationContext) {
        self.init(typeInfo: typeInfo, plan: RulePlan.none, context: context)
    }

    deinit {
        for index in 0..<plan.rules.count { visitors[index]?.release() }
        visitors.deinitialize(count: plan.rules.count)
        visitors.deallocate()
    }

    /// Calls `body` with the visitor of the rule at `plan.slots[slot]` (created on first use),
    /// borrowed: the walker's reference keeps it alive.
    @inline(__always)
    private func rule<Result>(_ slot: Int, _ body: (RuleVisitor) -> Result) -> Result {
        let index = plan.slots[slot]
        let visitor = visitors[index] ?? makeVisitor(index)
        return visitor._withUnsafeGuaranteedRef(body)
    }

    private func makeVisitor(_ index: Int) -> Unmanaged<RuleVisitor> {
        let rule = plan.rules[index]
        let visitor = Unmanaged.passRetained(rule.make(context, rule.name))
        visitors[index] = visitor
        return visitor
    }

    /// Enters an executable node through `enterNode`: a node without directives calls only the
    /// rules of its kind; one with directives calls the rules of its kind or of directive lists,
    /// each entering the node and then its directives.
    @inline(__always)
    private func enter(_ kindRules: Range<Int>, _ rulesWithDirectives: Range<Int>, _ directives: [Directive], location: DirectiveLocation,
                       _ enterNode: (RuleVisitor) -> Void) {
        if directives.isEmpty {
            for i in kindRules { rule(i, enterNode) }
        } else {
            for i in rulesWithDirectives {
                rule(i) { visitor in
                    enterNode(visitor)
                    visitor.enterDirectives(directives, location: location, owner: .executable)
                }
            }
        }
    }

    func walk(_ document: Document) {
        for i in plan.document { rule(i) { $0.enterDocument(document) } }
        for definition in document.definitions {
            if context.isAborted { return }
            walk(definition)
        }
        if context.isAborted { return }
        for i in plan.document { rule(i) { $0.leaveDocument(document) } }
    }

    func walk(_ definition: Definition) {
        switch definition {
        case .operation(let operation): walk(operation)
        case .fragment(let fragment): walk(fragment)
        default: walkTypeSystem(definition)
        }
    }

    // MARK: Executable definitions

    private func walk(_ operation: OperationDefinition) {
        context.operationOrdinal += 1
        typeInfo.enterOperation(operation)
        let location: DirectiveLocation
        switch operation.operation {
        case .query: location = .query
        case .mutation: location = .mutation
        case .subscription: location = .subscription
        }
        enter(plan.operation, plan.operationWithDirectives, operation.directives, location: location) { $0.enterOperation(operation) }
        for definition in operation.variableDefinitions { walk(definition) }
        recordedUsages.removeAll(keepingCapacity: true)
        recordsUsages = true
        walk(operation.directives, location: location)
        walk(operation.selectionSet)
        recordsUsages = false
        context.walkedOperationUsages = recordedUsages
        for i in plan.operation { rule(i) { $0.leaveOperation(operation) } }
        typeInfo.leaveOperation()
    }

    private func walk(_ fragment: FragmentDefinition) {
        typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        enter(plan.fragment, plan.fragmentWithDirectives, fragment.directives, location: .fragmentDefinition) { $0.enterFragment(fragment) }
        for definition in fragment.variableDefinitions { walk(definition) }
        walkNamedType(fragment.typeCondition, inTypeSystem: false)
        recordedUsages.removeAll(keepingCapacity: true)
        recordsUsages = true
        fragmentVariables = fragment.variableDefinitions
        walk(fragment.directives, location: .fragmentDefinition)
        walk(fragment.selectionSet)
        recordsUsages = false
        fragmentVariables = []
        if !context.isAborted { context.recordWalkedUsages(recordedUsages, of: fragment) }
        for i in plan.fragment { rule(i) { $0.leaveFragment(fragment) } }
        typeInfo.leaveFragment()
    }

    private func walk(_ definition: VariableDefinition) {
        typeInfo.enterVariableDefinition(definition)
        enter(plan.variableDefinition, plan.variableDefinitionWithDirectives, definition.directives, location: .variableDefinition) { $0.enterVariableDefinition(definition) }
        walk(definition.type, inTypeSystem: false)
        if let value = definition.defaultValue { walk(value) }
        walk(definition.directives, location: .variableDefinition)
        for i in plan.variableDefinition { rule(i) { $0.leaveVariableDefinition(definition) } }
        typeInfo.leaveVariableDefinition()
    }

    private func walk(_ selectionSet: SelectionSet) {
        typeInfo.enterSelectionSet()
        for i in plan.selectionSet { rule(i) { $0.enterSelectionSet(selectionSet) } }
        // Once validation is aborted the remaining selections are not walked; checked per
        // selection set, not per selection (a read of the flag costs an exclusivity check).
        if !context.isAborted {
            let selections = selectionSet.selections
            // By index: the element is borrowed where a `for in` loop would copy it.
            for index in selections.indices {
                switch selections[index] {
                case .field(let field): walk(field)
                case .fragmentSpread(let spread): walk(spread)
                case .inlineFragment(let inline): walk(inline)
                }
            }
        }
        for i in plan.selectionSet { rule(i) { $0.leaveSelectionSet(selectionSet) } }
        typeInfo.leaveSelectionSet()
    }

    private func walk(_ field: Field) {
        typeInfo.enterField(field)
        enter(plan.field, plan.fieldWithDirectives, field.directives, location: .field) { $0.enterField(field) }
        for argument in field.arguments { walk(argument) }
        walk(field.directives, location: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        for i in plan.field { rule(i) { $0.leaveField(field) } }
        typeInfo.leaveField()
    }

    private func walk(_ spread: FragmentSpread) {
        enter(plan.fragmentSpread, plan.fragmentSpreadWithDirectives, spread.directives, location: .fragmentSpread) { $0.enterFragmentSpread(spread) }
        if !spread.arguments.isEmpty {
            typeInfo.enterFragmentSpread(context.fragment(named: spread.name.value))
            for argument in spread.arguments { walk(argument) }
            typeInfo.leaveFragmentSpread()
        }
        walk(spread.directives, location: .fragmentSpread)
        for i in plan.fragmentSpread { rule(i) { $0.leaveFragmentSpread(spread) } }
    }

    private func walk(_ inline: InlineFragment) {
        typeInfo.enterFragment(typeCondition: inline.typeCondition)
        enter(plan.inlineFragment, plan.inlineFragmentWithDirectives, inline.directives, location: .inlineFragment) { $0.enterInlineFragment(inline) }
        if let condition = inline.typeCondition { walkNamedType(condition, inTypeSystem: false) }
        walk(inline.directives, location: .inlineFragment)
        walk(inline.selectionSet)
        for i in plan.inlineFragment { rule(i) { $0.leaveInlineFragment(inline) } }
        typeInfo.leaveFragment()
    }

    // MARK: Directives, arguments, values, types

    private func walk(_ directives: [Directive], location: DirectiveLocation) {
        for directive in directives {
            typeInfo.enterDirective(directive)
            for i in plan.directive { rule(i) { $0.enterDirective(directive, location: location) } }
            for argument in directive.arguments { walk(argument) }
            for i in plan.directive { rule(i) { $0.leaveDirective(directive) } }
            typeInfo.leaveDirective()
        }
    }

    private func walk(_ argument: Argument) {
        typeInfo.enterArgument(argument)
        for i in plan.argument { rule(i) { $0.enterArgument(argument) } }
        walk(argument.value)
        for i in plan.argument { rule(i) { $0.leaveArgument(argument) } }
        typeInfo.leaveArgument()
    }

    private func walk(_ value: Value) {
        valueDepth += 1
        defer { valueDepth -= 1 }
        let rules = plan.values
        let first = rules.lowerBound
        switch value {
        case .variable(let variable):
            if recordsUsages { record(variable) }
            for i in rules where skipDepth[i - first] == 0 { rule(i) { $0.enterVariable(variable) } }
        case .list(let items, _):
            typeInfo.enterListValue()
            for i in rules where skipDepth[i - first] == 0 {
                if !rule(i, { $0.enterListValue(value) }) { skipDepth[i - first] = valueDepth }
            }
            for item in items { walk(item) }
            for i in skipDepth.indices where skipDepth[i] == valueDepth { skipDepth[i] = 0 }
            typeInfo.leaveListValue()
        case .object(let fields, _):
            for i in rules where skipDepth[i - first] == 0 {
                if !rule(i, { $0.enterObjectValue(fields, value: value) }) { skipDepth[i - first] = valueDepth }
            }
            for field in fields {
                typeInfo.enterObjectField(field)
                for i in rules where skipDepth[i - first] == 0 { rule(i) { $0.enterObjectField(field) } }
                walk(field.value)
                typeInfo.leaveObjectField()
            }
            for i in rules {
                if skipDepth[i - first] == valueDepth {
                    skipDepth[i - first] = 0
                } else if skipDepth[i - first] == 0 {
                    rule(i) { $0.leaveObjectValue(fields, value: value) }
                }
            }
        case .null:
            for i in rules where skipDepth[i - first] == 0 { rule(i) { $0.enterNullValue(value) } }
        case .int, .float, .string, .boolean, .enumValue:
            for i in rules where skipDepth[i - first] == 0 { rule(i) { $0.enterScalarValue(value) } }
        }
    }

    private func record(_ variable: Variable) {
        let fragmentVariable = fragmentVariables.isEmpty ? nil : fragmentVariables.first { $0.variable.name.value == variable.name.value }
        recordedUsages.append(VariableUsage(variable: variable, type: typeInfo.inputType, defaultValue: typeInfo.defaultValue, parentType: typeInfo.parentInputType, fragmentVariable: fragmentVariable))
    }

    private func walk(_ type: TypeReference, inTypeSystem: Bool) {
        switch type {
        case .named(let named): walkNamedType(named, inTypeSystem: inTypeSystem)
        case .list(let inner, _), .nonNull(let inner, _): walk(inner, inTypeSystem: inTypeSystem)
        }
    }

    private func walkNamedType(_ type: NamedType, inTypeSystem: Bool) {
        for i in plan.namedType { rule(i) { $0.enterNamedType(type, inTypeSystem: inTypeSystem) } }
    }

    // MARK: Type-system definitions (only to report them, and their directives and types)

    private func walkTypeSystem(_ definition: Definition) {
        for i in plan.typeSystem { rule(i) { $0.enterTypeSystemDefinition(definition) } }
        switch definition {
        case .schema(let schema), .schemaExtension(let schema):
            enterDirectives(schema.directives, location: .schema, owner: .schema)
            walk(schema.directives, location: .schema)
            for operationType in schema.operationTypes { walkNamedType(operationType.type, inTypeSystem: true) }
        case .type(let type), .typeExtension(let type):
            walkTypeDefinition(type)
        case .directive(let directive), .directiveExtension(let directive):
            for argument in directive.arguments { walkInputValue(argument, location: .argumentDefinition) }
        case .operation, .fragment:
            break
        }
    }

    private func walkTypeDefinition(_ type: TypeDefinition) {
        let owner = DirectiveOwner.type(type.name.value)
        switch type {
        case .scalar(let scalar):
            enterDirectives(scalar.directives, location: .scalar, owner: owner)
            walk(scalar.directives, location: .scalar)
        case .object(let object):
            walkObjectLike(object, location: .object, owner: owner)
        case .interface(let interface):
            walkObjectLike(interface, location: .interface, owner: owner)
        case .union(let union):
            enterDirectives(union.directives, location: .union, owner: owner)
            walk(union.directives, location: .union)
            for member in union.types { walkNamedType(member, inTypeSystem: true) }
        case .enumType(let enumType):
            enterDirectives(enumType.directives, location: .enumType, owner: owner)
            walk(enumType.directives, location: .enumType)
            for value in enumType.values {
                enterDirectives(value.directives, location: .enumValue, owner: .other)
                walk(value.directives, location: .enumValue)
            }
        case .inputObject(let input):
            enterDirectives(input.directives, location: .inputObject, owner: owner)
            walk(input.directives, location: .inputObject)
            for field in input.fields { walkInputValue(field, location: .inputFieldDefinition) }
        }
    }

    private func walkObjectLike(_ object: ObjectTypeDefinition, location: DirectiveLocation, owner: DirectiveOwner) {
        enterDirectives(object.directives, location: location, owner: owner)
        for interface in object.interfaces { walkNamedType(interface, inTypeSystem: true) }
        walk(object.directives, location: location)
        for field in object.fields {
            enterDirectives(field.directives, location: .fieldDefinition, owner: .other)
            for argument in field.arguments { walkInputValue(argument, location: .argumentDefinition) }
            walk(field.type, inTypeSystem: true)
            walk(field.directives, location: .fieldDefinition)
        }
    }

    private func walkInputValue(_ value: InputValueDefinition, location: DirectiveLocation) {
        enterDirectives(value.directives, location: location, owner: .other)
        walk(value.type, inTypeSystem: true)
        if let defaultValue = value.defaultValue { walk(defaultValue) }
        walk(value.directives, location: location)
    }

    private func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {
        for i in plan.directiveList { rule(i) { $0.enterDirectives(directives, location: location, owner: owner) } }
    }
}
