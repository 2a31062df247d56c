// Which hosted queries get a `QueryPlan`, decided once per operation: root lists and lookups of
// `@table` types selecting columns, `__typename`, references and `_on_`/`_via_` relations, through
// fragments and literal `@skip`/`@include`. Anything else (aggregates, search, vectors, native
// SQL, views, introspection, `@check`/`@redact`, variable `@skip`/`@include`, mutations) gets no
// plan and always runs on the generic executor.

import SQLGenJSON
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

enum QueryPlanner {
    /// Arguments a planned list may take (`distinct: true` at run time goes to the generic path).
    private static let listArguments: Set<String> = ["where", "orderBy", "limit", "offset", "distinct"]
    private static let lookupArguments: Set<String> = ["id", "id_expr", "key", "first"]
    private static let relationArguments: Set<String> = ["where", "orderBy", "limit", "offset"]

    /// The plan of `operation`, or nil when the generic executor must run it.
    static func plan(_ operation: OperationDefinition, in document: Document, schema: Schema, model: StoreModel) -> QueryPlan? {
        let fragments = document.fragmentsByName
        // Planning recurses through spreads as deep as validation allowed.
        let nesting = document.nestingDepth + FragmentNesting.deepest(fragments, limit: .max)
        return DeepStack.run(nesting: nesting) { plan(operation, fragments: fragments, schema: schema, model: model) }
    }

    private static func plan(_ operation: OperationDefinition, fragments: [String: FragmentDefinition], schema: Schema, model: StoreModel) -> QueryPlan? {
        guard operation.operation == .query, let queryType = schema.queryType,
              operation.directives.allSatisfy({ $0.name.value == "auth" }) else { return nil }
        guard onlyLiteralConditions(operation.selectionSet, fragments: fragments) else { return nil }
        let planner = Planner(schema: schema, model: model, fragments: fragments)
        var roots: [PlannedRoot] = []
        for (key, fields) in planner.collect(queryType, [operation.selectionSet]) {
            guard let field = fields.first else { return nil }
            let keyBytes = planner.jsonKey(key)
            if field.name.value == "__typename" {
                roots.append(PlannedRoot(keyBytes: keyBytes, kind: .typename(planner.jsonString(queryType.name))))
                continue
            }
            let name = field.name.value
            guard let definition = queryType.field(named: name), !name.hasPrefix("__"),
                  NativeSQLField(definitionName: name, directives: definition.directives) == nil,
                  !name.hasSuffix("_search"), model.similarityFields[name] == nil,
                  let (tableName, action) = model.rootFields[name], let table = model.tables[tableName], !table.isView,
                  let selection = planner.selection(table, fields: fields, depth: 1)
            else { return nil }
            let given = Set(field.arguments.map(\.name.value))
            let tableField = PlannedTableField(definition: definition, field: field, selection: selection)
            switch action {
            case .list:
                guard given.isSubset(of: listArguments), !isLiteralTrue(field.arguments.first { $0.name.value == "distinct" }?.value) else { return nil }
                roots.append(PlannedRoot(keyBytes: keyBytes, kind: .list(tableField)))
            case .single:
                guard given.isSubset(of: lookupArguments) else { return nil }
                roots.append(PlannedRoot(keyBytes: keyBytes, kind: .lookup(tableField, isNonNull: definition.type.isNonNull)))
            default:
                return nil
            }
        }
        return QueryPlan(roots: roots, rowBound: rowBound(roots))
    }

    /// `QueryPlan.rowBound`: per level, its parents' bound times what each parent can have (one
    /// row for lookups, references and single relations, `offset + limit` for lists, as rows
    /// before the offset are read too).
    private static func rowBound(_ roots: [PlannedRoot]) -> Int? {
        var total: Int? = 0
        for root in roots {
            switch root.kind {
            case .typename:
                continue
            case .list(let list):
                total = sum(total, window(list.field), nestedRows(list.selection, parents: window(list.field)))
            case .lookup(let lookup, _):
                total = sum(total, 1, nestedRows(lookup.selection, parents: 1))
            }
        }
        return total
    }

    /// The rows under `parents` rows of `selection`: its references' and relations', level by level.
    private static func nestedRows(_ selection: PlannedSelection, parents: Int?) -> Int? {
        var total: Int? = 0
        for entry in selection.entries {
            switch entry.item {
            case .typename, .column:
                continue
            case .reference(_, let nested, _):
                total = sum(total, parents, nestedRows(nested, parents: parents))
            case .relation(let relation, _, let field, let nested, _):
                let rows = relation.isList ? product(parents, window(field)) : parents
                total = sum(total, rows, nestedRows(nested, parents: rows))
            }
        }
        return total
    }

    /// `offset + limit` of a list field when both are literals (no offset: 0), else nil.
    private static func window(_ field: Field) -> Int? {
        var limit: Int?
        var offset = 0
        for argument in field.arguments where argument.name.value == "limit" || argument.name.value == "offset" {
            guard case .int(let text, _) = argument.value, let value = Int(text), value >= 0 else { return nil }
            if argument.name.value == "limit" { limit = value } else { offset = value }
        }
        guard let limit else { return nil }
        return sum(limit, offset)
    }

    /// Sums and products of bounds: nil (no bound) when a term is nil or the result overflows.
    private static func sum(_ terms: Int?...) -> Int? {
        var total = 0
        for term in terms {
            guard let term else { return nil }
            let (next, overflow) = total.addingReportingOverflow(term)
            if overflow { return nil }
            total = next
        }
        return total
    }

    private static func product(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : result
    }

    /// True when every directive on a selection (through fragments) is `@skip`/`@include` with a
    /// literal condition: field collection then needs no variables, and nothing is checked or redacted.
    private static func onlyLiteralConditions(_ selectionSet: SelectionSet, fragments: [String: FragmentDefinition]) -> Bool {
        var visited: Set<String> = []
        func literal(_ directives: [Directive]) -> Bool {
            directives.allSatisfy { directive in
                guard directive.name.value == "skip" || directive.name.value == "include", directive.arguments.count == 1,
                      case .boolean? = directive.arguments.first?.value else { return false }
                return true
            }
        }
        func walk(_ set: SelectionSet) -> Bool {
            for selection in set.selections {
                guard literal(selection.directives) else { return false }
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet, !walk(nested) { return false }
                case .inlineFragment(let fragment):
                    guard walk(fragment.selectionSet) else { return false }
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name.value] else { return false }
                    guard visited.insert(spread.name.value).inserted else { continue }
                    guard literal(fragment.directives), walk(fragment.selectionSet) else { return false }
                }
            }
            return true
        }
        return walk(selectionSet)
    }

    private static func isLiteralTrue(_ value: Value?) -> Bool {
        if case .boolean(let flag, _)? = value { return flag }
        return false
    }

    /// Plans selections on table rows.
    private struct Planner {
        let schema: Schema
        let model: StoreModel
        let fragments: [String: FragmentDefinition]

        func collect(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) -> [(key: String, fields: [Field])] {
            Executor.collectFields(type, selectionSets, fragments: fragments, schema: schema, variables: [:])
        }

        func jsonString(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            JSONValue.writeString(text, to: &bytes)
            return bytes
        }

        func jsonKey(_ key: String) -> [UInt8] { jsonString(key) + [UInt8(ascii: ":")] }

        /// The plan of the selection of `fields` (the nodes of one response key) on rows of `table`.
        func selection(_ table: StoreTable, fields: [Field], depth: Int) -> PlannedSelection? {
            guard depth <= 16, let type = schema.objectType(named: table.name) else { return nil }
            var entries: [PlannedSelection.Entry] = []
            for (key, nodes) in collect(type, fields.compactMap(\.selectionSet)) {
                guard let node = nodes.first else { return nil }
                let prefix = [UInt8(ascii: entries.isEmpty ? "{" : ",")] + jsonKey(key)
                let name = node.name.value
                if name == "__typename" {
                    entries.append(.init(prefix: prefix, item: .typename(jsonString(type.name))))
                    continue
                }
                guard let definition = type.field(named: name) else { return nil }
                let item: PlannedSelection.Item
                if let column = table.column(name) {
                    guard node.arguments.isEmpty else { return nil }
                    let elementIsNonNull = definition.type.listElement?.isNonNull ?? false
                    item = .column(column, form: StorageCodec.WireForm(typeName: column.typeName, isList: column.isList),
                                   isNonNull: definition.type.isNonNull, elementIsNonNull: elementIsNonNull)
                } else if SQLBuilder.isAggregate(name, table: table) {
                    // Read as an aggregate by the generic executor (planned queries never look for them).
                    return nil
                } else if let reference = table.reference(name) {
                    guard node.arguments.isEmpty, let target = model.tables[reference.target], !target.isView,
                          let nested = selection(target, fields: nodes, depth: depth + 1) else { return nil }
                    item = .reference(reference, selection: nested, isNonNull: definition.type.isNonNull)
                } else if let relation = table.relations[name] {
                    guard Set(node.arguments.map(\.name.value)).isSubset(of: QueryPlanner.relationArguments),
                          let result = model.tables[relation.resultTable], !result.isView,
                          let nested = selection(result, fields: nodes, depth: depth + 1) else { return nil }
                    item = .relation(relation, definition: definition, field: node, selection: nested, isNonNull: definition.type.isNonNull)
                } else {
                    return nil
                }
                entries.append(.init(prefix: prefix, item: item))
            }
            return PlannedSelection(table: table, fields: fields, entries: entries)
        }
    }
}
