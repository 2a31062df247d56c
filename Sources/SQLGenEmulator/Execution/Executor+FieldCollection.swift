// The operation's limits (depth, field count) and field collection (spec §6.3.2): which fields a
// selection selects on a type, with fragments and @skip/@include.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension Executor {
    // MARK: Limits

    /// How deep selection sets and fragment spreads may nest in all (as validation allows).
    static let maxNesting = 1_000

    /// Depth and field-count limits, counted over the operation with fragments expanded, and how
    /// deep execution recurses (selection sets and fragment spreads each count one level), to
    /// size its stack. Depth first with a stack of its own: a chain of
    /// spreads adds no field depth and may be as long as the document.
    static func measure(_ operation: OperationDefinition, fragments: [String: FragmentDefinition],
                        limits: ExecutionLimits) -> (failure: FieldFailure?, nesting: Int) {
        var walk = LimitWalk(fragments: fragments, limits: limits)
        walk.run(operation.selectionSet)
        let nesting = walk.nesting
        if walk.deepest > limits.maxDepth || nesting > maxNesting {
            return (FieldFailure("The operation is nested too deeply: selection sets may nest at most \(limits.maxDepth) levels.", code: "RESOURCE_EXHAUSTED"), nesting)
        }
        if walk.count > limits.maxFields {
            return (FieldFailure("The operation is too expensive: it selects more than \(limits.maxFields) fields (aliases and fragment uses count).", code: "RESOURCE_EXHAUSTED"), nesting)
        }
        return (nil, nesting)
    }

    // MARK: Field collection (§6.3.2)

    func collectFields(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) -> [(key: String, fields: [Field])] {
        Self.collectFields(type, selectionSets, fragments: fragments, schema: schema, variables: variables)
    }

    /// Field collection given the fragments and variables (`QueryPlanner` collects at load time,
    /// without variables, for operations whose `@skip`/`@include` conditions are literals).
    static func collectFields(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet], fragments: [String: FragmentDefinition], schema: Schema,
                              variables: [String: JSONValue]) -> [(key: String, fields: [Field])] {
        var order: [String] = []
        var grouped: [String: [Field]] = [:]
        var visited: Set<String> = []
        func include(_ directives: [Directive]) -> Bool {
            for directive in directives where directive.name.value == "skip" || directive.name.value == "include" {
                let condition = directive.arguments.first { $0.name.value == "if" }?.value
                var flag = false
                switch condition {
                case .boolean(let value, _)?: flag = value
                case .variable(let variable)?: flag = variables[variable.name.value] == .bool(true)
                default: break
                }
                if directive.name.value == "skip", flag { return false }
                if directive.name.value == "include", !flag { return false }
            }
            return true
        }
        func applies(_ condition: NamedType?) -> Bool {
            guard let condition else { return true }
            let name = condition.name.value
            if name == type.name { return true }
            guard let conditionType = schema.type(named: name) else { return false }
            return schema.possibleTypes(of: conditionType).contains { $0.name == type.name }
        }
        func collect(_ set: SelectionSet) {
            for selection in set.selections where include(selection.directives) {
                switch selection {
                case .field(let field):
                    let key = field.responseKey
                    if grouped[key] == nil { order.append(key) }
                    grouped[key, default: []].append(field)
                case .inlineFragment(let fragment):
                    if applies(fragment.typeCondition) { collect(fragment.selectionSet) }
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !visited.contains(name), let fragment = fragments[name] else { continue }
                    visited.insert(name)
                    if applies(fragment.typeCondition) { collect(fragment.selectionSet) }
                }
            }
        }
        for set in selectionSets { collect(set) }
        return order.map { ($0, grouped[$0] ?? []) }
    }

    /// The first `@skip`/`@include` among the selections collected from `sets` (through
    /// fragments, not into fields) whose `if:` variable is null: `if` is `Boolean!`, so that is a
    /// field error on the object being collected, not false (CoerceArgumentValues).
    func nullCondition(_ sets: [SelectionSet]) -> Variable? {
        var visited: Set<String> = []
        func find(_ set: SelectionSet) -> Variable? {
            for selection in set.selections {
                for directive in selection.directives where directive.name.value == "skip" || directive.name.value == "include" {
                    if case .variable(let variable)? = directive.arguments.first(where: { $0.name.value == "if" })?.value,
                       variables[variable.name.value]?.isNull ?? true {
                        return variable
                    }
                }
                switch selection {
                case .field: continue
                case .inlineFragment(let fragment): if let found = find(fragment.selectionSet) { return found }
                case .fragmentSpread(let spread):
                    guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else { continue }
                    if let found = find(fragment.selectionSet) { return found }
                }
            }
            return nil
        }
        for set in sets {
            if let variable = find(set) { return variable }
        }
        return nil
    }

    /// Records the error of `nullCondition` at `path`, located at the variable as graphql-js does.
    func recordNullCondition(_ variable: Variable, path: ResponsePath?) {
        errors.append(ResponseError(message: "Argument \"if\" of non-null type \"Boolean!\" must not be null.", locations: locations(variable.range),
                                    path: path?.elements ?? [], code: "INVALID_ARGUMENT"))
    }

    /// The sub-selections of a field (all of its merged nodes).
    func subSelections(_ fields: [Field]) -> [SelectionSet] { fields.compactMap(\.selectionSet) }

    /// Whether an argument literal (or the variable it names) is `true`.
    func isTrue(_ value: Value?) -> Bool {
        switch value {
        case .boolean(let flag, _)?: return flag
        case .variable(let variable)?: return variables[variable.name.value] == .bool(true)
        default: return false
        }
    }
}
