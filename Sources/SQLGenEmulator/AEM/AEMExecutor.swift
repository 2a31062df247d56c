// Executes one operation over the content fragments: the per-model entry points (`<m>List`,
// `<m>ByPath`, `<m>ById`, `<m>Paginated`), fragment fields (typed elements, references,
// multi-line text in four formats, system fields), fragments and inline fragments on the
// `Reference` union, `@skip`/`@include`, and null propagation for non-null fields.

import SQLGenAEM
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

final class AEMExecutor {
    let schema: Schema
    let models: [String: AEMModel]
    let store: AEMContentStore
    let operation: OperationDefinition
    let fragments: [String: FragmentDefinition]
    let source: Source
    /// `scheme://host` of the request, for `_authorUrl` / `_publishUrl`.
    let origin: String
    /// The coerced variables (AEM's prelude admitted them).
    let variables: [String: JSONValue]
    var errors: [ResponseError] = []
    /// The `_assetTransform` of the root field being completed.
    var transform: JSONValue?
    private var byType: [String: [AEMFragment]] = [:]
    private var byPath: [String: AEMFragment?] = [:]

    init(schema: Schema, models: [String: AEMModel], store: AEMContentStore, operation: CompiledOperation, variables: [String: JSONValue], origin: String) {
        self.schema = schema
        self.models = models
        self.store = store
        self.operation = operation.operation
        fragments = operation.fragments
        source = operation.source
        self.variables = variables
        self.origin = origin
    }

    func execute() -> ExecutionResult {
        let data = completeObject(.root, selectionSets: [operation.selectionSet], path: [])
        return ExecutionResult(data: data ?? .null, errors: errors)
    }

    func locations(_ range: SourceRange) -> [SourceLocation] {
        range == .none ? [] : [source.location(at: range.start)]
    }

    // MARK: Content access

    func fragments(ofType typeName: String) -> [AEMFragment] {
        if let cached = byType[typeName] { return cached }
        let loaded = (try? store.fragments(ofType: typeName)) ?? []
        byType[typeName] = loaded
        return loaded
    }

    func fragment(at path: String) -> AEMFragment? {
        if let cached = byPath[path] { return cached }
        let loaded = try? store.fragment(at: path)
        byPath[path] = .some(loaded ?? nil)
        return loaded ?? nil
    }

    // MARK: Field collection

    private func included(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name.value == "skip" || directive.name.value == "include" {
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            var flag = false
            switch argument.value {
            case .boolean(let value, _): flag = value
            case .variable(let variable): flag = variables[variable.name.value] == .bool(true)
            default: break
            }
            if directive.name.value == "skip", flag { return false }
            if directive.name.value == "include", !flag { return false }
        }
        return true
    }

    private func applies(_ condition: NamedType?, to typeName: String) -> Bool {
        guard let name = condition?.name.value, name != typeName else { return true }
        return schema.isPossibleType(typeName, of: name)
    }

    /// Response keys in order with the fields selected under each.
    private func collect(_ sets: [SelectionSet], typeName: String) -> [(key: String, fields: [Field])] {
        var order: [String] = []
        var grouped: [String: [Field]] = [:]
        var visited = Set<String>()
        func walk(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    guard included(field.directives) else { continue }
                    let key = field.alias?.value ?? field.name.value
                    if grouped[key] == nil { order.append(key) }
                    grouped[key, default: []].append(field)
                case .inlineFragment(let inline):
                    guard included(inline.directives), applies(inline.typeCondition, to: typeName) else { continue }
                    walk(inline.selectionSet)
                case .fragmentSpread(let spread):
                    guard included(spread.directives), !visited.contains(spread.name.value),
                          let fragment = fragments[spread.name.value], applies(fragment.typeCondition, to: typeName) else { continue }
                    visited.insert(spread.name.value)
                    walk(fragment.selectionSet)
                }
            }
        }
        sets.forEach(walk)
        return order.map { ($0, grouped[$0] ?? []) }
    }

    // MARK: Completion

    /// The object's selected fields; nil when a non-null field failed (the parent becomes null).
    func completeObject(_ parent: AEMParent, selectionSets: [SelectionSet], path: [JSONValue]) -> JSONValue? {
        let typeName = parent.typeName
        var members: [JSONMember] = []
        for (key, fields) in collect(selectionSets, typeName: typeName) {
            guard let field = fields.first else { continue }
            let name = field.name.value
            if name == "__typename" {
                members.append(JSONMember(key, .string(typeName)))
                continue
            }
            guard let definition = schema.field(named: name, onTypeNamed: typeName) else { continue }
            let fieldPath = path + [.string(key)]
            let resolved: AEMResolved
            switch resolve(field, definition: definition, on: parent, path: fieldPath) {
            case .success(let value): resolved = value
            case .failure(let failure):
                errors.append(ResponseError(message: failure.message, locations: locations(field.range), path: fieldPath, code: failure.code))
                resolved = .null
            }
            let subSets = fields.compactMap(\.selectionSet)
            guard let value = complete(resolved, type: definition.type, selectionSets: subSets, path: fieldPath) else {
                if definition.type.isNonNull { return nil }
                members.append(JSONMember(key, .null))
                continue
            }
            members.append(JSONMember(key, value))
        }
        if case .root = parent { transform = nil }
        return .object(members)
    }

    /// A value completed against its type; nil when null reached a non-null position.
    private func complete(_ resolved: AEMResolved, type: GraphQLTypeRef, selectionSets: [SelectionSet], path: [JSONValue]) -> JSONValue? {
        switch type {
        case .nonNull(let inner):
            guard let value = complete(resolved, type: inner, selectionSets: selectionSets, path: path), !value.isNull else {
                if case .null = resolved, errors.last?.path != path {
                    errors.append(ResponseError(message: "Cannot return null for non-nullable field.", path: path, code: "DataFetchingException"))
                }
                return nil
            }
            return value
        case .list(let inner):
            switch resolved {
            case .null: return .null
            case .leaf(.array(let values)):
                return complete(.list(values.map { $0.isNull ? .null : .leaf($0) }), type: type, selectionSets: selectionSets, path: path)
            case .list(let items):
                var out: [JSONValue] = []
                for (index, item) in items.enumerated() {
                    guard let value = complete(item, type: inner, selectionSets: selectionSets, path: path + [.int(Int64(index))]) else { return nil }
                    out.append(value)
                }
                return .array(out)
            default:
                return complete(.list([resolved]), type: type, selectionSets: selectionSets, path: path)
            }
        case .named:
            switch resolved {
            case .null: return .null
            case .leaf(let value): return value
            case .list(let items): return .array(items.compactMap { complete($0, type: type, selectionSets: selectionSets, path: path) })
            case .object(let parent): return completeObject(parent, selectionSets: selectionSets, path: path) ?? .null
            }
        }
    }

    // MARK: Arguments

    func arguments(_ field: Field, definition: GraphQLField) -> Result<[String: JSONValue], FieldFailure> {
        var result: [String: JSONValue] = [:]
        let coercer = InputCoercer(schema: schema)
        for argument in definition.arguments {
            do {
                if let given = field.arguments.first(where: { $0.name.value == argument.name }) {
                    if let value = try coercer.coerceLiteral(given.value, type: argument.type, variables: variables, path: argument.name) { result[argument.name] = value }
                } else if let defaultValue = argument.defaultValue,
                          let value = try coercer.coerceLiteral(defaultValue, type: argument.type, variables: [:], path: argument.name) {
                    result[argument.name] = value
                }
            } catch {
                return .failure(FieldFailure(error.message, code: "ValidationError"))
            }
        }
        return .success(result)
    }
}
