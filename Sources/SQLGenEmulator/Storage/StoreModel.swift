// How the Data Connect tables of a schema are stored in SQLite: the dialect's resolved model,
// with literal defaults as JSON and each table's columns indexed by name.

import SQLGenJSON
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

/// A column default (`@default`), literal values as JSON.
enum StoreDefault: Sendable {
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
    var defaultValue: StoreDefault?
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
typealias RootFieldAction = DataConnectModel.Action

/// The stored tables of a schema and the root fields that act on them.
struct StoreModel: Sendable {
    var tables: [String: StoreTable]
    var tableOrder: [String]
    var rootFields: [String: (table: String, action: RootFieldAction)]
    /// `<plural>_<column>_similarity` fields: the table and its Vector column.
    var similarityFields: [String: (table: String, column: String)] = [:]

    init(model: DataConnectModel) {
        tables = [:]
        tableOrder = []
        for table in model.tables {
            tables[table.name] = Self.storeTable(table)
            tableOrder.append(table.name)
        }
        rootFields = model.rootFields.mapValues { ($0.table, $0.action) }
        similarityFields = model.similarityFields
    }

    private static func storeTable(_ table: DataConnectTable) -> StoreTable {
        let columns = table.columns.map { column in
            StoreColumn(name: column.name, sqlName: column.sqlName, typeName: column.typeName, isList: column.isList,
                        isNonNull: column.isNonNull, isEnum: column.isEnum, defaultValue: column.defaultValue.map(StoreDefault.init),
                        isUnique: column.isUnique, searchLanguage: column.searchLanguage, vectorSize: column.vectorSize,
                        characterLimit: column.characterLimit)
        }
        let references = table.references.map { reference in
            StoreReference(field: reference.field, target: reference.target, isNonNull: reference.isNonNull,
                           foreignKeys: reference.foreignKeys, targetColumns: reference.targetColumns)
        }
        var relations: [String: StoreRelation] = [:]
        for relation in table.relations {
            let kind: StoreRelationKind = switch relation.path {
            case .inverse(let child, let reference): .inverse(child: child, reference: reference)
            case .via(let join, let near, let far): .via(join: join, near: near, far: far)
            }
            relations[relation.name] = StoreRelation(name: relation.name, kind: kind, isList: relation.isList, resultTable: relation.resultTable)
        }
        var stored = StoreTable(name: table.name, sqlName: table.sqlName, isView: table.isView, singular: table.singular, plural: table.plural,
                                columns: columns, keyColumns: table.keyColumns, references: references,
                                uniqueGroups: table.uniqueGroups, indexGroups: table.indexGroups, relations: relations)
        stored.viewSQL = table.viewSQL
        stored.columnIndex = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return stored
    }
}

extension StoreDefault {
    /// The emulator's form of a default: literal values as JSON.
    init(_ resolved: ColumnDefault) {
        switch resolved {
        case .value(let value): self = .value(LiteralValue.json(value))
        case .expr(let expression): self = .expr(expression)
        case .sql(let sql): self = .sql(sql)
        }
    }
}

extension StoreTable {
    /// The `@searchable` columns, in field order.
    var searchableColumns: [StoreColumn] { columns.filter { $0.searchLanguage != nil } }

    /// Whether search stems words (Porter): false only when every searchable column says `language: "simple"`.
    var searchStems: Bool { searchableColumns.contains { $0.searchLanguage?.lowercased() != "simple" } }
}
