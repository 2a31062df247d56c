// The analysed form of a `@table` / `@view` type: what the generators need to know, resolved once.

import SQLGenLanguage
import SQLGenSchema

/// The scalar types a column may have (besides user enums).
let dcColumnScalars: Set<String> = ["String", "Int", "Int64", "Float", "Boolean", "UUID", "Date", "Timestamp", "Any", "Vector"]

/// One column of a table: a scalar or enum field written by the user, or an implicit key / foreign-key field.
public struct DCColumn: Sendable {
    public var name: String
    /// The named type (`String`, `UUID`, a user enum...).
    public var typeName: String
    public var isList: Bool
    public var isNonNull: Bool
    public var isEnum: Bool
    public var isSearchable: Bool
}

/// A field whose type is another table (`movie: Movie!`), with the foreign-key columns that hold it.
public struct DCReference: Sendable {
    public var field: String
    public var target: String
    public var isNonNull: Bool
    /// The foreign-key columns in this table (`movieId`), in the order of the target's key.
    public var foreignKeys: [String]
    /// A `@unique` reference (or one that is the whole key) is one-to-one.
    public var isOneToOne: Bool
}

/// One `@table` or `@view` type.
public struct DCTable: Sendable {
    public var name: String
    public var isView: Bool
    public var singular: String
    public var plural: String
    /// Scalar and enum columns, implicit ones included, in field order (implicit key first).
    public var columns: [DCColumn]
    public var references: [DCReference]
    /// The primary-key columns (references in the key replaced by their foreign keys). Empty for views.
    public var keyColumns: [String]
    /// The key as written, when every entry is a reference (join tables have two).
    public var keyReferences: [String]

    public func column(_ name: String) -> DCColumn? { columns.first { $0.name == name } }
    public func reference(_ field: String) -> DCReference? { references.first { $0.field == field } }
}
