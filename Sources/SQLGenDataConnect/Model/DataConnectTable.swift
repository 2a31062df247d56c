// The resolved form of a `@table` / `@view` type: keys, columns, references and how they are
// stored, read once from the user's SDL for the generator and the emulator alike.

import SQLGenLanguage
import SQLGenSchema

/// The scalar types a column may have (besides user enums).
let dcColumnScalars: Set<String> = ["String", "Int", "Int64", "Float", "Boolean", "UUID", "Date", "Timestamp", "Any", "Vector"]

/// One column of a table: a scalar or enum field written by the user, or an implicit key / foreign-key field.
public struct DataConnectColumn: Sendable {
    public var name: String
    /// The named type (`String`, `UUID`, a user enum...).
    public var typeName: String
    public var isList: Bool
    public var isNonNull: Bool
    public var isEnum: Bool
    public var isSearchable: Bool

    // How the column is stored (`@col`, `@default`, `@unique`, `@searchable`).
    /// `@col(name:)`, else the name in snake case (`releaseYear` → `release_year`).
    public var sqlName = ""
    public var defaultValue: ColumnDefault? = nil
    /// `@unique` on the field.
    public var isUnique = false
    /// The `@searchable(language:)` of a full-text searchable column ("english" when not given).
    public var searchLanguage: String? = nil
    /// A `Vector @col(size:)` column's dimensions.
    public var vectorSize: Int? = nil
    /// The n of `@col(dataType: "varchar(n)")` or `"char(n)"`: longer strings are refused.
    public var characterLimit: Int? = nil
}

/// A column default from `@default(value:|expr:|sql:)`; the implicit `id` key defaults to `uuidV4()`.
public enum ColumnDefault: Sendable {
    case value(Value)
    /// A server expression such as `request.time` or `uuidV4()`.
    case expr(String)
    /// SQL evaluated by the database.
    case sql(String)
}

/// A field whose type is another table (`movie: Movie!`), with the foreign-key columns that hold it.
public struct DataConnectReference: Sendable {
    public var field: String
    public var target: String
    public var isNonNull: Bool
    /// The foreign-key columns in this table (`movieId`), in the order of the target's key.
    public var foreignKeys: [String]
    /// A `@unique` reference (or one that is the whole key) is one-to-one.
    public var isOneToOne: Bool
    /// The referenced columns of the target: its key, unless `@ref(references:)` names others.
    public var targetColumns: [String] = []
}

/// One `@table` or `@view` type.
public struct DataConnectTable: Sendable {
    public var name: String
    public var isView: Bool
    public var singular: String
    public var plural: String
    /// Scalar and enum columns, implicit ones included, in field order (implicit key first).
    public var columns: [DataConnectColumn]
    public var references: [DataConnectReference]
    /// The primary-key columns (references in the key replaced by their foreign keys). Empty for views.
    public var keyColumns: [String]
    /// The key as written, when every entry is a reference (join tables have two).
    public var keyReferences: [String]

    // How the table is stored.
    /// `@table(name:)` / `@view(name:)`, else the type name in snake case.
    public var sqlName = ""
    /// The SELECT of a `@view(sql:)` type.
    public var viewSQL: String? = nil
    /// Column groups with a unique index (beyond the primary key): `@unique` on fields and types.
    public var uniqueGroups: [[String]] = []
    /// Column groups with an index: `@index` on fields and types.
    public var indexGroups: [[String]] = []
    /// The relation fields this table receives (`reviews_on_movie`, `actors_via_MovieActor`).
    public var relations: [DataConnectRelation] = []

    public func column(_ name: String) -> DataConnectColumn? { columns.first { $0.name == name } }
    public func reference(_ field: String) -> DataConnectReference? { references.first { $0.field == field } }
}
