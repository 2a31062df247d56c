// Which hosted queries the HTTP event loop may answer itself: those that read a few rows by key,
// and planned queries whose every list has a literal limit, a few hundred rows in all (the
// benchmark's list: 100 movies, 3 reviews each). Decided once when an operation is loaded; any
// other query goes to a task. Answering on the loop saves handing the request to a pool thread
// and the response back (two thread wake-ups, about 10% of a 100-row list's CPU time). A row
// bound is not a bound on work (a list filtered on an unindexed column scans the whole table),
// so an answer on the loop also has a budget of SQLite steps (`EmulatorEngine.inlineStepBudget`),
// or of time on a database server (`inlineTimeBudget`): past it, the request goes to a task.

import SQLGenLanguage
import SQLGenSchema

enum InlineLookup {
    /// The most rows (`QueryPlan.rowBound`) of a planned query answered on the event loop.
    static let maxPlannedRows = 1_000

    /// True when `plan` writes at most `maxPlannedRows` rows whatever the data and variables.
    static func qualifies(_ plan: QueryPlan?) -> Bool {
        guard let bound = plan?.rowBound else { return false }
        return bound <= maxPlannedRows
    }

    /// The root-field arguments that make a single-row lookup by primary key (`first:` scans).
    private static let keyArguments: Set<String> = ["id", "id_expr", "key"]

    /// True when every root field of `operation` is a lookup by `id:`/`key:` and no field in the
    /// selection (through fragments) returns a list or takes arguments: at most one row per root
    /// field and per reference or one-to-one relation, found through an index. Anything else (lists,
    /// list relations, `first:` filters, aggregates with arguments, interfaces, mutations) is false.
    static func qualifies(_ operation: OperationDefinition, in document: Document, schema: Schema) -> Bool {
        guard operation.operation == .query, let queryType = schema.queryType else { return false }
        let fragments = document.fragmentsByName
        for selection in operation.selectionSet.selections {
            guard case .field(let field) = selection else { return false }
            if field.name.value == "__typename" { continue }
            guard let definition = queryType.field(named: field.name.value),
                  !field.arguments.isEmpty,
                  field.arguments.allSatisfy({ keyArguments.contains($0.name.value) }),
                  let selectionSet = field.selectionSet,
                  case .object(let type)? = singleObject(definition.type, schema: schema),
                  selectionIsFlat(selectionSet, on: type, fragments: fragments, schema: schema, depth: 0)
            else { return false }
        }
        return true
    }

    /// The object type a field returns, when it is one object (not a list, interface or union).
    private static func singleObject(_ type: GraphQLTypeRef, schema: Schema) -> GraphQLNamedType? {
        guard case .named(let name) = type.nullable, let named = schema.type(named: name), case .object = named else { return nil }
        return named
    }

    private static func selectionIsFlat(_ selectionSet: SelectionSet, on type: GraphQLObjectType, fragments: [String: FragmentDefinition],
                                        schema: Schema, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.name.value == "__typename" { continue }
                guard field.arguments.isEmpty, let definition = type.field(named: field.name.value) else { return false }
                guard let nested = field.selectionSet else {
                    if definition.type.isList { return false }
                    continue
                }
                guard case .object(let nestedType)? = singleObject(definition.type, schema: schema),
                      selectionIsFlat(nested, on: nestedType, fragments: fragments, schema: schema, depth: depth + 1)
                else { return false }
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name.value],
                      fragment.typeCondition.name.value == type.name,
                      selectionIsFlat(fragment.selectionSet, on: type, fragments: fragments, schema: schema, depth: depth + 1)
                else { return false }
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition, condition.name.value != type.name { return false }
                guard selectionIsFlat(inline.selectionSet, on: type, fragments: fragments, schema: schema, depth: depth + 1) else { return false }
            }
        }
        return true
    }
}
