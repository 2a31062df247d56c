// How the Data Connect tables of a schema are stored in SQLite: SQL names, column types,
// defaults, keys, references and relations, resolved once from the user's SDL.

import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

/// A column default from `@default(value:|expr:|sql:)`.
enum ColumnDefault: Sendable {
    case value(JSONValue)
    case expr(String)
    case sql(String)
}

/// One stored column.
struct StoreColumn: Sendable {
    var name: String
    var sqlName: String
    /// `String`, `UUID`, `Int64`... or a user enum name.
    var typeName: String
    var isList: Bool
    var isNonNull: Bool
    var isEnum: Bool
    var defaultValue: ColumnDefault?
    var isUnique: Bool
    /// The `@searchable(language:)` of a full-text searchable column ("english" when not given); nil when not searchable.
    var searchLanguage: String? = nil
    /// A `Vector @col(size:)` column's dimensions; PostgreSQL's `vector(n)` refuses other lengths.
    var vectorSize: Int? = nil
    /// The n of `@col(dataType: "varchar(n)")` or `"char(n)"`: PostgreSQL refuses longer strings.
    var characterLimit: Int? = nil
}

/// A reference field (`movie: Movie!`) held by foreign-key columns.
struct StoreReference: Sendable {
    var field: String
    var target: String
    var isNonNull: Bool
    /// Columns of this table, in the order of `targetColumns`.
    var foreignKeys: [String]
    /// The referenced columns of the target (its key unless `@ref(references:)` says otherwise).
    var targetColumns: [String]
}

/// How a relation field reaches its rows.
enum StoreRelationKind: Sendable {
    /// Rows of `child` whose `reference` points at the parent (`reviews_on_movie`, `account_on_user`).
    case inverse(child: String, reference: String)
    /// Rows of the far table through a join table (`actors_via_MovieActor`).
    case via(join: String, near: String, far: String)
}

struct StoreRelation: Sendable {
    var name: String
    var kind: StoreRelationKind
    var isList: Bool
    var resultTable: String
}

/// One `@table` type as stored.
struct StoreTable: Sendable {
    var name: String
    var sqlName: String
    var isView: Bool
    var singular: String
    var plural: String
    var columns: [StoreColumn]
    var keyColumns: [String]
    var references: [StoreReference]
    /// Column groups with a unique index (beyond the primary key).
    var uniqueGroups: [[String]]
    var indexGroups: [[String]]
    var relations: [String: StoreRelation]
    /// The SELECT of a `@view(sql:)` type, which the emulator creates as a SQLite view named `sqlName`.
    var viewSQL: String? = nil
    /// Column name → position in `columns` (and in rows selected with all columns).
    var columnIndex: [String: Int] = [:]

    func column(_ name: String) -> StoreColumn? { columns.first { $0.name == name } }
    func reference(_ field: String) -> StoreReference? { references.first { $0.field == field } }
}

/// What a root field of the derived schema does.
enum RootFieldAction: Sendable {
    case single, list
    case insert, insertMany, upsert, upsertMany
    case update, updateMany, delete, deleteMany
}

/// The stored tables of a schema and the root fields that act on them.
struct StoreModel: Sendable {
    var tables: [String: StoreTable]
    var tableOrder: [String]
    var rootFields: [String: (table: String, action: RootFieldAction)]
    /// `<plural>_<column>_similarity` fields: the table and its Vector column.
    var similarityFields: [String: (table: String, column: String)] = [:]

    init(documents: [Document]) {
        let analysed = DataConnectDialect.tables(documents)
        let relations = DataConnectDialect.relations(of: analysed)
        var objects: [String: ObjectTypeDefinition] = [:]
        for document in documents {
            for definition in document.definitions {
                if case .type(.object(let object)) = definition { objects[object.name.value] = object }
            }
        }
        let byName = Dictionary(analysed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        tables = [:]
        tableOrder = []
        rootFields = [:]
        for table in analysed {
            let object = objects[table.name]
            tables[table.name] = Self.storeTable(table, object: object, byName: byName, relations: relations[table.name] ?? [])
            tableOrder.append(table.name)
            rootFields[table.singular] = (table.name, .single)
            rootFields[table.plural] = (table.name, .list)
            for column in table.columns where column.typeName == "Vector" && !column.isList {
                similarityFields["\(table.plural)_\(column.name)_similarity"] = (table.name, column.name)
            }
            guard !table.isView else { continue }
            let actions: [(String, RootFieldAction)] = [
                ("_insert", .insert), ("_insertMany", .insertMany), ("_upsert", .upsert), ("_upsertMany", .upsertMany),
                ("_update", .update), ("_updateMany", .updateMany), ("_delete", .delete), ("_deleteMany", .deleteMany),
            ]
            for (suffix, action) in actions { rootFields[table.singular + suffix] = (table.name, action) }
        }
    }

    private static func storeTable(_ table: DCTable, object: ObjectTypeDefinition?, byName: [String: DCTable], relations: [DCRelation]) -> StoreTable {
        let fields = Dictionary((object?.fields ?? []).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var columns: [StoreColumn] = []
        for column in table.columns {
            let field = fields[column.name]
            let colDirective = field?.directives.first { $0.name.value == "col" }
            let sqlName = colDirective.flatMap { stringArgument($0, "name") } ?? snakeCase(column.name)
            var defaultValue: ColumnDefault?
            if let directive = field?.directives.first(where: { $0.name.value == "default" }) {
                if let value = argument(directive, "value") {
                    defaultValue = .value(LiteralValue.json(value))
                } else if let expr = stringArgument(directive, "expr") {
                    defaultValue = .expr(expr)
                } else if let sql = stringArgument(directive, "sql") {
                    defaultValue = .sql(sql)
                }
            } else if column.name == "id", field == nil, table.keyColumns == ["id"] {
                defaultValue = .expr("uuidV4()")
            }
            let unique = field?.directives.contains { $0.name.value == "unique" } ?? false
            let searchable = field?.directives.first { $0.name.value == "searchable" }
            columns.append(StoreColumn(name: column.name, sqlName: sqlName, typeName: column.typeName, isList: column.isList,
                                       isNonNull: column.isNonNull, isEnum: column.isEnum, defaultValue: defaultValue, isUnique: unique,
                                       searchLanguage: searchable.map { stringArgument($0, "language") ?? "english" },
                                       vectorSize: column.typeName == "Vector" ? colDirective.flatMap { intArgument($0, "size") } : nil,
                                       characterLimit: colDirective.flatMap { stringArgument($0, "dataType") }.flatMap(characterLimit)))
        }
        var references: [StoreReference] = []
        for reference in table.references {
            var targetColumns = byName[reference.target]?.keyColumns ?? []
            if let ref = fields[reference.field]?.directives.first(where: { $0.name.value == "ref" }), let named = stringListArgument(ref, "references") {
                targetColumns = named
            }
            references.append(StoreReference(field: reference.field, target: reference.target, isNonNull: reference.isNonNull,
                                             foreignKeys: reference.foreignKeys, targetColumns: targetColumns))
        }
        func columnsOf(_ entries: [String]) -> [String] {
            entries.flatMap { entry in references.first { $0.field == entry }?.foreignKeys ?? [entry] }
        }
        var uniqueGroups: [[String]] = []
        var indexGroups: [[String]] = []
        for field in object?.fields ?? [] {
            let name = field.name.value
            if field.directives.contains(where: { $0.name.value == "unique" }) { uniqueGroups.append(columnsOf([name])) }
            if field.directives.contains(where: { $0.name.value == "index" }) { indexGroups.append(columnsOf([name])) }
        }
        for directive in object?.directives ?? [] {
            guard let entries = stringListArgument(directive, "fields") else { continue }
            if directive.name.value == "unique" { uniqueGroups.append(columnsOf(entries)) }
            if directive.name.value == "index" { indexGroups.append(columnsOf(entries)) }
        }
        var storeRelations: [String: StoreRelation] = [:]
        for relation in relations {
            let kind: StoreRelationKind
            if relation.argumentTable == relation.resultTable {
                let parts = relation.from.split(separator: ".", maxSplits: 1).map(String.init)
                kind = .inverse(child: relation.resultTable, reference: parts.count == 2 ? parts[1] : "")
            } else {
                let join = byName[relation.argumentTable]
                let keyRefs = join?.keyReferences ?? []
                let first = keyRefs.first.flatMap { join?.reference($0) }
                let second = keyRefs.count > 1 ? join?.reference(keyRefs[1]) : nil
                // The near side points at this table; when both do (self-join), the first one is near.
                if let first, let second, first.target == table.name, second.target == relation.resultTable {
                    kind = .via(join: relation.argumentTable, near: first.field, far: second.field)
                } else {
                    kind = .via(join: relation.argumentTable, near: second?.field ?? "", far: first?.field ?? "")
                }
            }
            storeRelations[relation.name] = StoreRelation(name: relation.name, kind: kind, isList: relation.isList, resultTable: relation.resultTable)
        }
        let directive = object?.directives.first { $0.name.value == "table" || $0.name.value == "view" }
        let sqlName = directive.flatMap { stringArgument($0, "name") } ?? snakeCase(table.name)
        var stored = StoreTable(name: table.name, sqlName: sqlName, isView: table.isView, singular: table.singular, plural: table.plural,
                                columns: columns, keyColumns: table.keyColumns, references: references,
                                uniqueGroups: uniqueGroups, indexGroups: indexGroups, relations: storeRelations)
        if table.isView { stored.viewSQL = directive.flatMap { stringArgument($0, "sql") } }
        stored.columnIndex = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return stored
    }

    private static func argument(_ directive: Directive, _ name: String) -> Value? {
        directive.arguments.first { $0.name.value == name }?.value
    }

    private static func intArgument(_ directive: Directive, _ name: String) -> Int? {
        if case .int(let text, _)? = argument(directive, name) { return Int(text) }
        return nil
    }

    private static func stringArgument(_ directive: Directive, _ name: String) -> String? {
        if case .string(let string)? = argument(directive, name) { return string.value }
        return nil
    }

    private static func stringListArgument(_ directive: Directive, _ name: String) -> [String]? {
        switch argument(directive, name) {
        case .string(let string)?: return [string.value]
        case .list(let items, _)?:
            return items.compactMap { if case .string(let string) = $0 { return string.value } else { return nil } }
        default: return nil
        }
    }

    /// 30 for `varchar(30)`, `character varying(30)`, `char(30)` or `character(30)` (any case and
    /// spacing); nil for other types and for `varchar` without a length.
    static func characterLimit(_ dataType: String) -> Int? {
        let text = dataType.lowercased().filter { $0 != " " }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        guard ["varchar", "charactervarying", "char", "character", "bpchar"].contains(String(text[..<open])) else { return nil }
        return Int(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }

    /// `releaseYear` → `release_year`, `MovieMetadata` → `movie_metadata`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        var previousWasLowerOrDigit = false
        for character in name {
            if character.isUppercase {
                if previousWasLowerOrDigit { out.append("_") }
                out += character.lowercased()
                previousWasLowerOrDigit = false
            } else {
                out.append(character)
                previousWasLowerOrDigit = character.isLowercase || character.isNumber
            }
        }
        return out
    }
}
