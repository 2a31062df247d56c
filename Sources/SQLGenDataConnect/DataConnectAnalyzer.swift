// Reads the user's SDL: finds the `@table` / `@view` types, resolves keys and references, adds the
// implicit key and foreign-key fields to the user's types, and reports what cannot be expanded.

import SQLGenLanguage
import SQLGenSchema

/// A user type with its table directive's settings, before keys and references are resolved.
private struct RawTable {
    var definitionIndex: Int
    var object: ObjectTypeDefinition
    var directive: Directive
    var isView: Bool
}

final class DataConnectAnalyzer {
    private(set) var errors: [GraphQLError] = []
    /// The user's definitions, in order, with implicit fields added to table types.
    private(set) var definitions: [Definition] = []
    private(set) var tables: [DataConnectTable] = []
    private(set) var enumNames: [String] = []

    private var raw: [String: RawTable] = [:]
    private var rawOrder: [String] = []
    private var enumSet: Set<String> = []
    /// Resolved key columns (name, type) per table; `nil` while being resolved (cycle detection).
    private var keyCache: [String: [(String, String)]?] = [:]
    /// Keys being resolved, one inside the other: a key made of references follows them.
    private var keyNesting = 0
    private var reportedKeyNesting = false
    /// How many keys one key may follow through references, and how many columns it may have
    /// (PostgreSQL's limit): past them a chain or fan of composite keys is an error, not a
    /// stack overflow or an exponential key.
    static let maxKeyNesting = 32
    static let maxKeyColumns = 32

    init(documents: [Document]) {
        for document in documents {
            for definition in document.definitions {
                definitions.append(definition)
                guard case .type(let type) = definition else { continue }
                switch type {
                case .object(let object):
                    let table = object.directives.first(named: "table")
                    let view = object.directives.first(named: "view")
                    if let directive = table ?? view {
                        // A second type of the same name: the schema builder reports it; expand the first only.
                        if raw[object.name.value] != nil { continue }
                        if table != nil, view != nil {
                            errors.append(GraphQLError("Type \"\(object.name.value)\" cannot be both a @table and a @view.", ranges: [directive.range]))
                        }
                        raw[object.name.value] = RawTable(definitionIndex: definitions.count - 1, object: object, directive: directive, isView: table == nil)
                        rawOrder.append(object.name.value)
                    }
                case .enumType(let enumType):
                    if enumSet.insert(enumType.name.value).inserted { enumNames.append(enumType.name.value) }
                default:
                    break
                }
            }
        }
        for name in rawOrder { resolve(name) }
        // A reference in a key is resolved both for the key and as a field: report each problem once,
        // in source order.
        var seen: Set<GraphQLError> = []
        errors = errors.filter { seen.insert($0).inserted }
        func position(_ error: GraphQLError) -> (UInt32, UInt32) {
            error.ranges.first.map { ($0.source.rawValue, $0.startOffset) } ?? (.max, .max)
        }
        errors = errors.enumerated().sorted { lhs, rhs in
            let left = position(lhs.element), right = position(rhs.element)
            return (left.0, left.1, lhs.offset) < (right.0, right.1, rhs.offset)
        }.map(\.element)
    }

    // MARK: - Directive arguments

    private func stringArgument(_ directive: Directive, _ name: String) -> String? {
        guard let value = directive.argument(name) else { return nil }
        if case .string(let string) = value { return string.value }
        errors.append(GraphQLError("Argument \"\(name)\" of @\(directive.name.value) must be a String.", ranges: [value.range]))
        return nil
    }

    /// A `[String!]` argument; a single string counts as a one-element list (input coercion).
    private func stringListArgument(_ directive: Directive, _ name: String) -> [(String, SourceRange)]? {
        guard let value = directive.argument(name) else { return nil }
        switch value {
        case .string(let string): return [(string.value, string.range)]
        case .list(let items, _):
            var result: [(String, SourceRange)] = []
            for item in items {
                if case .string(let string) = item { result.append((string.value, string.range)) } else {
                    errors.append(GraphQLError("Argument \"\(name)\" of @\(directive.name.value) must be a list of strings.", ranges: [item.range]))
                }
            }
            return result
        default:
            errors.append(GraphQLError("Argument \"\(name)\" of @\(directive.name.value) must be a list of strings.", ranges: [value.range]))
            return nil
        }
    }

    // MARK: - Keys

    private func isReference(_ field: FieldDefinition) -> Bool { raw[field.type.namedType.name.value] != nil }

    /// The primary-key columns of `tableName` as (column, type name); implicit `id: UUID` when none is declared.
    private func keyColumns(of tableName: String) -> [(String, String)] {
        if let cached = keyCache[tableName] {
            if let resolved = cached { return resolved }
            if let table = raw[tableName] {
                errors.append(GraphQLError("The key of \"\(tableName)\" refers back to itself through references.", ranges: [table.directive.range]))
            }
            return []
        }
        guard let table = raw[tableName] else { return [] }
        guard keyNesting < Self.maxKeyNesting else {
            // Once: every table further down a long chain would say the same.
            if !reportedKeyNesting {
                reportedKeyNesting = true
                let message = "The key of \"\(tableName)\" is reached through more than \(Self.maxKeyNesting) references in other keys."
                errors.append(GraphQLError(message, ranges: [table.directive.range]))
            }
            keyCache[tableName] = .some([])
            return []
        }
        keyNesting += 1
        defer { keyNesting -= 1 }
        keyCache[tableName] = .some(nil)
        let fields = table.object.fields
        let result: [(String, String)]
        if table.isView {
            result = []
        } else if let key = stringListArgument(table.directive, "key") {
            result = declaredKeyColumns(key, of: table, named: tableName)
        } else if let id = fields.first(where: { $0.name.value == "id" }) {
            result = [("id", id.type.namedType.name.value)]
            if case .nonNull = id.type {} else {
                errors.append(GraphQLError("Key field \"\(tableName).id\" must be non-null.", ranges: [id.range]))
            }
        } else {
            result = [("id", "UUID")]
        }
        keyCache[tableName] = .some(result)
        return result
    }

    /// The columns of `@table(key:)`'s fields: their own, or a reference's foreign-key columns.
    private func declaredKeyColumns(_ key: [(String, SourceRange)], of table: RawTable, named tableName: String) -> [(String, String)] {
        if key.isEmpty {
            errors.append(GraphQLError("@table(key:) of \"\(tableName)\" must name at least one field.", ranges: [table.directive.range]))
        }
        var result: [(String, String)] = []
        for (entry, range) in key {
            guard let field = table.object.fields.first(where: { $0.name.value == entry }) else {
                errors.append(GraphQLError("Key field \"\(entry)\" is not a field of \"\(tableName)\".", ranges: [range]))
                continue
            }
            guard case .nonNull(let inner, _) = field.type, case .named = inner else {
                errors.append(GraphQLError("Key field \"\(tableName).\(entry)\" must be a non-null, non-list field.", ranges: [field.range]))
                continue
            }
            result += isReference(field) ? foreignKeys(of: field, in: table) : [(entry, field.type.namedType.name.value)]
            if result.count > Self.maxKeyColumns {
                errors.append(GraphQLError("The key of \"\(tableName)\" has more than \(Self.maxKeyColumns) columns.", ranges: [table.directive.range]))
                return Array(result.prefix(Self.maxKeyColumns))
            }
        }
        return result
    }

    /// The foreign-key columns (name, type) that hold reference `field` of `table`.
    private func foreignKeys(of field: FieldDefinition, in table: RawTable) -> [(String, String)] {
        let target = field.type.namedType.name.value
        let targetKey = keyColumns(of: target)
        let ref = field.directives.first(named: "ref")
        var referenced = targetKey
        if let ref, let references = stringListArgument(ref, "references") {
            referenced = []
            let targetFields = raw[target]?.object.fields ?? []
            for (name, range) in references {
                if let targetField = targetFields.first(where: { $0.name.value == name }), !isReference(targetField) {
                    referenced.append((name, targetField.type.namedType.name.value))
                } else if let key = targetKey.first(where: { $0.0 == name }) {
                    referenced.append(key)
                } else {
                    errors.append(GraphQLError("@ref(references:) names \"\(name)\", which is not a column of \"\(target)\".", ranges: [range]))
                }
            }
        }
        if let ref, let names = stringListArgument(ref, "fields") {
            if names.count != referenced.count {
                errors.append(GraphQLError("@ref on \"\(table.object.name.value).\(field.name.value)\" lists \(names.count) fields but \"\(target)\" is referenced by \(referenced.count).", ranges: [ref.range]))
            }
            return zip(names, referenced).map { ($0.0, $1.1) }
        }
        return referenced.map { (field.name.value + SyntheticSDL.upperFirst($0.0), $0.1) }
    }

    // MARK: - Tables

    private func resolve(_ name: String) {
        guard let rawTable = raw[name] else { return }
        let object = rawTable.object
        let directive = rawTable.directive
        let singular = stringArgument(directive, "singular") ?? SyntheticSDL.lowerFirst(name)
        let plural = stringArgument(directive, "plural") ?? DataConnectNaming.plural(ofSingular: singular)
        _ = stringArgument(directive, "name")

        var parts = TableParts(name: name, table: rawTable, keyArgument: rawTable.isView ? nil : stringListArgument(directive, "key"))
        // `@unique(fields: ["user"])` on the type makes that single reference one-to-one, like `@unique` on the field.
        parts.singleFieldUniques = Set(object.directives.filter { $0.name.value == "unique" }.compactMap { unique -> String? in
            guard let fields = stringListArgument(unique, "fields"), fields.count == 1 else { return nil }
            return fields[0].0
        })
        var implicitKey: FieldDefinition?
        if !rawTable.isView, parts.keyArgument == nil, !parts.declared.contains("id") {
            implicitKey = SyntheticSDL.field("id", SyntheticSDL.nonNull(SyntheticSDL.named("UUID")), directives: [
                Directive(name: Name("default"), arguments: [Argument(name: Name("expr"), value: SyntheticSDL.string("uuidV4()"))]),
                SyntheticSDL.generated(from: name, purpose: "IMPLICIT_KEY_FIELD"),
            ], description: "Implicit primary key: a UUID generated for each new row.")
            parts.columns.append(DataConnectColumn(name: "id", typeName: "UUID", isList: false, isNonNull: true, isEnum: false, isSearchable: false))
        }
        for field in object.fields { resolveField(field, into: &parts) }
        let key = keyColumns(of: name)
        // The implicit key goes first, implicit foreign keys after the user's fields (foreign keys the
        // user wrote out, as with `@ref(fields: "movieId")`, are ordinary columns).
        var updated = object
        updated.fields = (implicitKey.map { [$0] } ?? []) + object.fields + parts.implicitForeignKeys
        definitions[rawTable.definitionIndex] = .type(.object(updated))

        let keyReferences = (parts.keyArgument ?? []).map(\.0).filter { entry in parts.references.contains { $0.field == entry } }
        tables.append(DataConnectTable(name: name, isView: rawTable.isView, singular: singular, plural: plural, columns: parts.columns,
                                       references: parts.references, keyColumns: key.map(\.0),
                                       keyReferences: keyReferences.count == parts.keyArgument?.count ? keyReferences : []))
    }

    /// A table's columns and references as its fields are resolved one by one.
    private struct TableParts {
        let name: String
        let table: RawTable
        let keyArgument: [(String, SourceRange)]?
        let declared: Set<String>
        var singleFieldUniques: Set<String> = []
        var columns: [DataConnectColumn] = []
        var references: [DataConnectReference] = []
        var implicitForeignKeys: [FieldDefinition] = []

        init(name: String, table: RawTable, keyArgument: [(String, SourceRange)]?) {
            (self.name, self.table, self.keyArgument) = (name, table, keyArgument)
            declared = Set(table.object.fields.map(\.name.value))
        }
    }

    /// One field of a table: a column, a reference (with its implicit foreign keys), or an error.
    private func resolveField(_ field: FieldDefinition, into parts: inout TableParts) {
        let name = parts.name
        let typeName = field.type.namedType.name.value
        let (isList, isNonNull) = Self.shape(of: field.type)
        if raw[typeName] != nil {
            if isList {
                errors.append(GraphQLError("Field \"\(name).\(field.name.value)\" cannot be a list of table \"\(typeName)\"; use the generated relation fields instead.", ranges: [field.type.range]))
                return
            }
            let keys = foreignKeys(of: field, in: parts.table)
            for (fkName, fkType) in keys where !parts.declared.contains(fkName) && !parts.implicitForeignKeys.contains(where: { $0.name.value == fkName }) {
                let type = isNonNull ? SyntheticSDL.nonNull(SyntheticSDL.named(fkType)) : SyntheticSDL.named(fkType)
                parts.implicitForeignKeys.append(SyntheticSDL.field(fkName, type, directives: [SyntheticSDL.generated(from: "\(name).\(field.name.value)", purpose: "IMPLICIT_REF_FIELD")],
                                                                    description: "Implicit foreign key of `\(name).\(field.name.value)`."))
                parts.columns.append(DataConnectColumn(name: fkName, typeName: fkType, isList: false, isNonNull: isNonNull, isEnum: false, isSearchable: false))
            }
            let key = parts.keyArgument?.map(\.0) ?? []
            let unique = field.directives.first(named: "unique") != nil || key == [field.name.value] || parts.singleFieldUniques.contains(field.name.value)
            parts.references.append(DataConnectReference(field: field.name.value, target: typeName, isNonNull: isNonNull, foreignKeys: keys.map(\.0), isOneToOne: unique))
        } else if field.directives.first(named: "ref") != nil {
            errors.append(GraphQLError("Field \"\(name).\(field.name.value)\" has @ref but its type \"\(typeName)\" is not a @table type.", ranges: [field.type.range]))
        } else if dcColumnScalars.contains(typeName) || enumSet.contains(typeName) {
            if Self.listDepth(field.type) > 1 {
                errors.append(GraphQLError("Field \"\(name).\(field.name.value)\" cannot be a nested list.", ranges: [field.type.range]))
                return
            }
            parts.columns.append(DataConnectColumn(name: field.name.value, typeName: typeName, isList: isList, isNonNull: isNonNull,
                                                   isEnum: enumSet.contains(typeName), isSearchable: field.directives.first(named: "searchable") != nil))
        } else {
            errors.append(GraphQLError("Field \"\(name).\(field.name.value)\" has type \"\(typeName)\", which is neither a column type nor a @table type.", ranges: [field.type.range]))
        }
    }

    /// (isList, isNonNull) of a field type.
    static func shape(of type: TypeReference) -> (Bool, Bool) {
        switch type {
        case .named: return (false, false)
        case .list: return (true, false)
        case .nonNull(let inner, _):
            if case .list = inner { return (true, true) }
            return (false, true)
        }
    }

    /// How many list wrappers a type has (`[[Int!]]!` → 2).
    static func listDepth(_ type: TypeReference) -> Int {
        switch type {
        case .named: return 0
        case .list(let inner, _): return 1 + listDepth(inner)
        case .nonNull(let inner, _): return listDepth(inner)
        }
    }
}
