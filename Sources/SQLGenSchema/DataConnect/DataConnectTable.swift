// The analysed form of a `@table` / `@view` type: what the generators need to know, resolved once.

import SQLGenLanguage

/// The scalar types a column may have (besides user enums).
let dcColumnScalars: Set<String> = ["String", "Int", "Int64", "Float", "Boolean", "UUID", "Date", "Timestamp", "Any", "Vector"]

/// One column of a table: a scalar or enum field written by the user, or an implicit key / foreign-key field.
struct DCColumn {
    var name: String
    /// The named type (`String`, `UUID`, a user enum...).
    var typeName: String
    var isList: Bool
    var isNonNull: Bool
    var isEnum: Bool
    var isSearchable: Bool
}

/// A field whose type is another table (`movie: Movie!`), with the foreign-key columns that hold it.
struct DCReference {
    var field: String
    var target: String
    var isNonNull: Bool
    /// The foreign-key columns in this table (`movieId`), in the order of the target's key.
    var foreignKeys: [String]
    /// A `@unique` reference (or one that is the whole key) is one-to-one.
    var isOneToOne: Bool
}

/// One `@table` or `@view` type.
struct DCTable {
    var name: String
    var isView: Bool
    var singular: String
    var plural: String
    /// Scalar and enum columns, implicit ones included, in field order (implicit key first).
    var columns: [DCColumn]
    var references: [DCReference]
    /// The primary-key columns (references in the key replaced by their foreign keys). Empty for views.
    var keyColumns: [String]
    /// The key as written, when every entry is a reference (join tables have two).
    var keyReferences: [String]

    func column(_ name: String) -> DCColumn? { columns.first { $0.name == name } }
    func reference(_ field: String) -> DCReference? { references.first { $0.field == field } }
}
