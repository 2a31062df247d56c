// A GraphQL executor (spec §6): field collection with fragments and @skip/@include, argument
// coercion, value completion with non-null propagation, errors with paths. Objects of one type at
// one position are completed together, so table relations load with one query per level.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// Limits that keep one request from taking the server down.
public struct ExecutionLimits: Sendable {
    /// Deepest selection-set nesting allowed.
    public var maxDepth: Int
    /// Most fields an operation may select (fragments counted where they are spread).
    public var maxFields: Int
    /// Most rows one request may load.
    public var maxRows: Int

    public init(maxDepth: Int = 16, maxFields: Int = 1_500, maxRows: Int = 200_000) {
        self.maxDepth = maxDepth
        self.maxFields = maxFields
        self.maxRows = maxRows
    }
}

final class Executor {
    let schema: Schema
    let model: StoreModel
    let database: any SQLConnection
    /// The SQL the database speaks (the connection's).
    let dialect: any SQLDialect
    let operation: OperationDefinition
    let fragments: [String: FragmentDefinition]
    let source: Source?
    let limits: ExecutionLimits
    var variables: [String: JSONValue] = [:]
    var builder: SQLBuilder
    var errors: [ResponseError] = []
    var rowsLoaded = 0
    /// Set by a failed `@check`: later steps are aborted.
    var checkFailed = false
    /// Fields (by source offset) whose `@check`s ran at least once in the current step.
    var reachedChecks: Set<Int> = []
    /// Whether a `@redact` field was executed: the response then needs `removingRedacted`.
    var sawRedaction = false
    /// Whether the mutation's last statement may carry the transaction's COMMIT (`runFinal`).
    var finalStatementCommits = false
    /// How deep execution recurses through the operation (measured when it was compiled).
    private let nesting: Int

    /// The request's expression bindings; the builder holds the one copy so filters see `response` too.
    var serverValues: ServerValues {
        get { builder.serverValues }
        set { builder.serverValues = newValue }
    }

    /// An executor for one request the prelude admitted (`EmulatorEngine.admit`).
    init(schema: Schema, model: StoreModel, database: any SQLConnection, operation compiled: CompiledOperation, admitted: AdmittedRequest,
         limits: ExecutionLimits) {
        self.schema = schema
        self.model = model
        self.database = database
        dialect = database.dialect
        operation = compiled.operation
        fragments = compiled.fragments
        source = compiled.source
        self.limits = limits
        variables = admitted.variables
        nesting = compiled.nesting
        builder = SQLBuilder(model: model, dialect: dialect, serverValues: admitted.serverValues)
    }

    func locations(_ range: SourceRange) -> [SourceLocation] {
        guard let source, range != .none else { return [] }
        return [source.location(at: range.start)]
    }

    func record(_ failure: FieldFailure, fields: [Field], path: ResponsePath?) {
        let range = failure.range ?? fields.first?.range
        errors.append(ResponseError(message: failure.message, locations: range.map(locations) ?? [], path: path?.elements ?? [], code: failure.code))
    }

    // MARK: Entry point

    /// Executes the operation (mutations in one transaction).
    func execute() -> ExecutionResult {
        DeepStack.run(nesting: nesting) { executeOperation() }
    }

    private func executeOperation() -> ExecutionResult {
        guard let rootType = schema.rootType(for: operation.operation) else {
            return ExecutionResult(data: nil, errors: [ResponseError(message: "The schema has no \(operation.operation.rawValue) type.", code: "INVALID_ARGUMENT")])
        }
        if operation.operation == .mutation {
            return executeMutation(rootType)
        }
        let data = executeSteps(rootType, transactional: false).data
        if !passesOperationChecks(data) { return ExecutionResult(data: .null, errors: errors) }
        return ExecutionResult(data: data ?? .null, errors: errors)
    }

    private struct RollBack: Error {}

    private func executeMutation(_ rootType: GraphQLObjectType) -> ExecutionResult {
        let isTransaction = operation.directives.contains { $0.name.value == "transaction" }
        var data: JSONValue?
        do {
            try database.transaction {
                let steps = executeSteps(rootType, transactional: isTransaction)
                data = steps.data
                if steps.rollBack { throw RollBack() }
                if !passesOperationChecks(data) {
                    data = .null
                    if isTransaction { throw RollBack() }
                }
            }
        } catch is RollBack {
            return ExecutionResult(data: data ?? .null, errors: errors)
        } catch {
            errors.append(ResponseError(message: "The transaction failed: \(error)", code: "INTERNAL"))
            return ExecutionResult(data: .null, errors: errors)
        }
        return ExecutionResult(data: data ?? .null, errors: errors)
    }

    // MARK: Arguments (§6.4.1)

    func arguments(_ definition: GraphQLField, _ field: Field) throws(FieldFailure) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        let coercer = InputCoercer(schema: schema)
        // Seed files are not validated: an argument the field lacks must fail, not vanish.
        for provided in field.arguments where !definition.arguments.contains(where: { $0.name == provided.name.value }) {
            throw FieldFailure("Unknown argument \"\(provided.name.value)\" on field \"\(definition.name)\".")
        }
        for argument in definition.arguments {
            let provided = field.arguments.first { $0.name.value == argument.name }
            do throws(CoercionError) {
                if let provided, let value = try coercer.coerceLiteral(provided.value, type: argument.type, variables: variables, path: argument.name) {
                    result[argument.name] = value
                } else if let defaultValue = argument.defaultValue {
                    result[argument.name] = try coercer.coerceLiteral(defaultValue, type: argument.type, variables: [:], path: argument.name)
                } else if argument.type.isNonNull {
                    throw CoercionError(message: "Argument \"\(argument.name)\" of required type \"\(argument.type)\" was not provided.")
                }
            } catch {
                // A provided value's error points at the value (a literal or `$variable`).
                throw FieldFailure(error.message, range: provided?.value.range)
            }
        }
        return result
    }

    // MARK: Completion (§6.4.3)

    /// Executes the selection sets on each source; nil entries are objects nulled by a non-null error.
    func completeObjects(_ type: GraphQLObjectType, sources: [ObjectSource], selectionSets: [SelectionSet], fields parentFields: [Field],
                         paths: [ResponsePath?]) -> [JSONValue?] {
        if let variable = nullCondition(selectionSets) {
            for path in paths { recordNullCondition(variable, path: path) }
            return sources.map { _ in nil }
        }
        var members = Array(repeating: [JSONMember](), count: sources.count)
        var nulled = Array(repeating: false, count: sources.count)
        for (key, fields) in collectFields(type, selectionSets) {
            let field = completeField(type, key: key, fields: fields, sources: sources, paths: paths)
            for index in sources.indices { field.add(index, to: &members[index], nulled: &nulled[index]) }
        }
        return sources.indices.map { nulled[$0] ? nil : .object(members[$0]) }
    }

    /// One response key's values on every source (nil: null because of an error).
    struct CompletedField {
        var key: String
        var values: [JSONValue?]
        var isNonNull: Bool
        /// `@redact`: kept while executing (for `this` and `response`), removed from the response at the end.
        var redact = false

        func add(_ index: Int, to members: inout [JSONMember], nulled: inout Bool) {
            if let value = values[index] {
                members.append(JSONMember(key, value))
            } else if isNonNull {
                nulled = true
            } else {
                members.append(JSONMember(key, .null))
            }
        }
    }

    /// Resolves and completes the response key `key` on each source, applying its `@check`s.
    func completeField(_ type: GraphQLObjectType, key: String, fields: [Field], sources: [ObjectSource], paths: [ResponsePath?]) -> CompletedField {
        guard let field = fields.first else { return CompletedField(key: key, values: sources.map { _ in .null }, isNonNull: false) }
        // Typed as optionals here: converting a `[ResponsePath]` afterwards casts element by element.
        let fieldPaths: [ResponsePath?] = paths.map { ResponsePath(parent: $0, .string(key)) }
        let name = field.name.value
        if name == "__typename" {
            return CompletedField(key: key, values: sources.map { _ in .string(type.name) }, isNonNull: true)
        }
        let definition: GraphQLField
        if let found = type.field(named: name) {
            definition = found
        } else if let meta = IntrospectionResolver.metaField(name, onRoot: type.name == schema.queryTypeName) {
            definition = meta
        } else {
            for path in fieldPaths { record(FieldFailure("Cannot query field \"\(name)\" on type \"\(type.name)\"."), fields: fields, path: path) }
            return CompletedField(key: key, values: sources.map { _ in .null }, isNonNull: false)
        }
        let resolved: [Resolved]
        do {
            let arguments = try self.arguments(definition, field)
            resolved = try resolve(type, definition, fields: fields, arguments: arguments, sources: sources, paths: fieldPaths)
        } catch {
            for path in fieldPaths { record(error, fields: fields, path: path) }
            resolved = Array(repeating: .failed, count: sources.count)
        }
        var completed = complete(definition.type, resolved, fields: fields, paths: fieldPaths)
        let checks = FieldChecks(fields)
        if !checks.rules.isEmpty { apply(checks, to: &completed, fields: fields, paths: fieldPaths) }
        if checks.redact { sawRedaction = true }
        return CompletedField(key: key, values: completed, isNonNull: definition.type.isNonNull, redact: checks.redact)
    }

    /// Completes values of `type`; nil means null because of an error (already recorded).
    func complete(_ type: GraphQLTypeRef, _ values: [Resolved], fields: [Field], paths: [ResponsePath?]) -> [JSONValue?] {
        switch type {
        case .nonNull(let inner): completeNonNull(inner, values, fields: fields, paths: paths)
        case .list(let inner): completeList(inner, values, fields: fields, paths: paths)
        case .named(let name): completeNamed(name, values, fields: fields, paths: paths)
        }
    }

    private func completeNonNull(_ inner: GraphQLTypeRef, _ values: [Resolved], fields: [Field], paths: [ResponsePath?]) -> [JSONValue?] {
        let completed = complete(inner, values, fields: fields, paths: paths)
        return completed.enumerated().map { index, value in
            if value == .null {
                record(FieldFailure("Cannot return null for non-nullable field.", code: "INTERNAL"), fields: fields, path: paths[index])
                return nil
            }
            return value
        }
    }

    /// The items of every list are completed together (objects of all the lists load their
    /// fields in one batch), then regrouped into their lists.
    private func completeList(_ inner: GraphQLTypeRef, _ values: [Resolved], fields: [Field], paths: [ResponsePath?]) -> [JSONValue?] {
        let flat = flatten(values, fields: fields, paths: paths)
        let completed = complete(inner, flat.items, fields: fields, paths: flat.paths)
        return values.indices.map { index -> JSONValue? in
            if case .failed = values[index] { return nil }
            guard let span = flat.spans[index] else { return .null }
            var items: [JSONValue] = []
            items.reserveCapacity(span.count)
            for position in span {
                guard let item = completed[position] else {
                    if inner.isNonNull { return nil }
                    items.append(.null)
                    continue
                }
                items.append(item)
            }
            return .array(items)
        }
    }

    /// Every list's items in one array with their paths, and each list's span in it (nil for a
    /// null list, empty for a failed one).
    private func flatten(_ values: [Resolved], fields: [Field], paths: [ResponsePath?]) -> (items: [Resolved], paths: [ResponsePath?], spans: [Range<Int>?]) {
        var flat: [Resolved] = []
        var flatPaths: [ResponsePath?] = []
        var spans: [Range<Int>?] = []
        func append<Items: Collection>(_ items: Items, of index: Int, _ resolved: (Items.Element) -> Resolved) {
            let start = flat.count
            for (offset, item) in items.enumerated() {
                flat.append(resolved(item))
                flatPaths.append(ResponsePath(parent: paths[index], .int(Int64(offset))))
            }
            spans.append(start..<flat.count)
        }
        for (index, value) in values.enumerated() {
            switch value {
            case .list(let items):
                append(items, of: index) { $0 }
            case .value(.array(let items)):
                // Leaf lists (list columns) arrive already in wire form.
                append(items, of: index) { $0.isNull ? .null : .value($0) }
            case .null, .value(.null):
                spans.append(nil)
            case .failed:
                spans.append(0..<0)
            default:
                record(FieldFailure("Expected a list.", code: "INTERNAL"), fields: fields, path: paths[index])
                spans.append(0..<0)
            }
        }
        return (flat, flatPaths, spans)
    }

    private func completeNamed(_ name: String, _ values: [Resolved], fields: [Field], paths: [ResponsePath?]) -> [JSONValue?] {
        var results = Array<JSONValue?>(repeating: .null, count: values.count)
        var objectIndices: [Int] = []
        var objectSources: [ObjectSource] = []
        for (index, value) in values.enumerated() {
            switch value {
            case .null: results[index] = .null
            case .failed: results[index] = nil
            case .value(let leaf): results[index] = leaf
            case .object(let source):
                objectIndices.append(index)
                objectSources.append(source)
            case .list:
                record(FieldFailure("Expected a single value, not a list.", code: "INTERNAL"), fields: fields, path: paths[index])
                results[index] = nil
            }
        }
        guard !objectSources.isEmpty else { return results }
        guard case .object(let objectType)? = schema.type(named: name) else {
            for index in objectIndices {
                record(FieldFailure("Type \"\(name)\" is not an object type.", code: "INTERNAL"), fields: fields, path: paths[index])
                results[index] = nil
            }
            return results
        }
        let completed = completeObjects(objectType, sources: objectSources, selectionSets: subSelections(fields), fields: fields,
                                        paths: objectIndices.map { paths[$0] })
        for (offset, index) in objectIndices.enumerated() { results[index] = completed[offset] }
        return results
    }

    // MARK: Resolution

    private func resolve(_ type: GraphQLObjectType, _ definition: GraphQLField, fields: [Field], arguments: [String: JSONValue],
                         sources: [ObjectSource], paths: [ResponsePath?]) throws(FieldFailure) -> [Resolved] {
        guard let first = sources.first else { return [] }
        switch first {
        case .root:
            if definition.name.hasPrefix("__") {
                return [try IntrospectionResolver.resolveRoot(definition.name, arguments: arguments, schema: schema)]
            }
            // A mutation's `query { ... }` step reads in the mutation's transaction.
            if definition.name == "query", operation.operation == .mutation, type.name != schema.queryTypeName {
                return [.object(.root)]
            }
            return [try resolveRootField(definition, fields: fields, arguments: arguments, path: paths[0])]
        case .row:
            let rows = sources.map { source -> TableRow? in
                if case .row(let row) = source { return row }
                return nil
            }
            return try resolveRowField(type, definition, fields: fields, arguments: arguments, rows: rows)
        case .introspection:
            return sources.map { source in
                guard case .introspection(let node) = source else { return .null }
                return IntrospectionResolver.resolve(node, field: definition.name, arguments: arguments, schema: schema)
            }
        }
    }
}
