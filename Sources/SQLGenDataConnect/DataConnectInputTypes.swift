// The input types and key scalar derived for each table (NOTES §6.5): `T_Key`, `T_KeyOutput`,
// `T_Data`, `T_Filter`, `T_ListFilter`, `T_Order`, `T_FirstRow`, `T_Having`; and the filters of
// user enums.

import SQLGenLanguage
import SQLGenSchema

extension DataConnectExpansion {
    /// The server-value variants of a (non-list) column in `T_Data` and `T_Key`: `title_expr`,
    /// `reviewDate_date`, `descriptionEmbedding_embed`...
    static func valueVariants(_ column: String, typeName: String) -> [InputValueDefinition] {
        switch typeName {
        case "String": return [SyntheticSDL.input(column + "_expr", SyntheticSDL.named("String_Expr"))]
        case "UUID": return [SyntheticSDL.input(column + "_expr", SyntheticSDL.named("UUID_Expr"))]
        case "Date": return [SyntheticSDL.input(column + "_date", SyntheticSDL.named("Date_Relative")), SyntheticSDL.input(column + "_expr", SyntheticSDL.named("Date_Expr"))]
        case "Timestamp": return [SyntheticSDL.input(column + "_time", SyntheticSDL.named("Timestamp_Relative")), SyntheticSDL.input(column + "_expr", SyntheticSDL.named("Timestamp_Expr"))]
        case "Vector": return [SyntheticSDL.input(column + "_embed", SyntheticSDL.named("Vector_Embed"))]
        default: return []
        }
    }

    func keyInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for name in table.keyColumns {
            guard let column = table.column(name) else { continue }
            fields.append(SyntheticSDL.input(name, SyntheticSDL.named(column.typeName)))
            fields += Self.valueVariants(name, typeName: column.typeName)
        }
        return InputObjectTypeDefinition(description: StringValue("The primary key of a `\(table.name)` row."), name: Name(table.name + "_Key"), fields: fields)
    }

    func keyOutputScalar(_ table: DataConnectTable) -> ScalarTypeDefinition {
        ScalarTypeDefinition(description: StringValue("The primary key of a `\(table.name)` row, as returned by mutations (same shape as `\(table.name)_Key`)."),
                             name: Name(table.name + "_KeyOutput"))
    }

    func dataInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for column in table.columns {
            if column.isList {
                fields.append(SyntheticSDL.input(column.name, SyntheticSDL.listOfNonNull(column.typeName)))
                if updatableScalars.contains(column.typeName) {
                    fields.append(SyntheticSDL.input(column.name + "_update", SyntheticSDL.listOfNonNull(column.typeName + "_ListUpdate")))
                }
            } else {
                fields.append(SyntheticSDL.input(column.name, SyntheticSDL.named(column.typeName)))
                fields += Self.valueVariants(column.name, typeName: column.typeName)
                if updatableScalars.contains(column.typeName) {
                    fields.append(SyntheticSDL.input(column.name + "_update", SyntheticSDL.listOfNonNull(column.typeName + "_Update")))
                }
            }
        }
        for reference in table.references {
            fields.append(SyntheticSDL.input(reference.field, SyntheticSDL.named(reference.target + "_Key")))
        }
        return InputObjectTypeDefinition(description: StringValue("The columns of a `\(table.name)` row to insert, upsert or update."),
                                         name: Name(table.name + "_Data"), fields: fields)
    }

    func filterInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        let filter = table.name + "_Filter"
        var fields: [InputValueDefinition] = [
            SyntheticSDL.input("_and", SyntheticSDL.listOfNonNull(filter), description: "All of these conditions hold."),
            SyntheticSDL.input("_not", SyntheticSDL.named(filter), description: "This condition does not hold."),
            SyntheticSDL.input("_or", SyntheticSDL.listOfNonNull(filter), description: "At least one of these conditions holds."),
        ]
        for column in table.columns {
            fields.append(SyntheticSDL.input(column.name, SyntheticSDL.named(column.typeName + (column.isList ? "_ListFilter" : "_Filter"))))
        }
        for reference in table.references {
            fields.append(SyntheticSDL.input(reference.field, SyntheticSDL.named(reference.target + "_Filter")))
        }
        for relation in relations[table.name] ?? [] {
            fields.append(SyntheticSDL.input(relation.name, SyntheticSDL.named(relation.resultTable + (relation.isList ? "_ListFilter" : "_Filter"))))
        }
        return InputObjectTypeDefinition(description: StringValue("Conditions on `\(table.name)` rows; combine with `_and`, `_or` and `_not`."),
                                         name: Name(filter), fields: fields)
    }

    func listFilterInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        let atLeastOne = Value.object([Argument(name: Name("gt"), value: SyntheticSDL.int(0))], .none)
        return InputObjectTypeDefinition(description: StringValue("Conditions on a list of related `\(table.name)` rows."), name: Name(table.name + "_ListFilter"), fields: [
            SyntheticSDL.input("count", SyntheticSDL.named("Int_Filter"), default: atLeastOne, description: "How many related rows match `exist` (default: at least one)."),
            SyntheticSDL.input("exist", SyntheticSDL.named(table.name + "_Filter"), description: "The condition related rows must meet."),
        ])
    }

    func orderInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for column in table.columns where !column.isList {
            fields.append(SyntheticSDL.input(column.name, SyntheticSDL.named("OrderDirection")))
        }
        for reference in table.references {
            fields.append(SyntheticSDL.input(reference.field, SyntheticSDL.named(reference.target + "_Order")))
        }
        return InputObjectTypeDefinition(description: StringValue("Sort `\(table.name)` rows by these columns."), name: Name(table.name + "_Order"), fields: fields)
    }

    func firstRowInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        InputObjectTypeDefinition(description: StringValue("Selects the first `\(table.name)` row matching `where` in `orderBy` order."), name: Name(table.name + "_FirstRow"), fields: [
            SyntheticSDL.input("orderBy", SyntheticSDL.listOfNonNull(table.name + "_Order")),
            SyntheticSDL.input("where", SyntheticSDL.named(table.name + "_Filter")),
        ])
    }

    /// Conditions on grouped aggregates, one per aggregate field of the table.
    func havingInput(_ table: DataConnectTable) -> InputObjectTypeDefinition {
        let fields = Self.aggregateFields(table).map { field in
            SyntheticSDL.input(field.name.value, SyntheticSDL.named(field.type.namedType.name.value + "_Filter"))
        }
        return InputObjectTypeDefinition(description: StringValue("Conditions on the aggregates of grouped `\(table.name)` rows."), name: Name(table.name + "_Having"), fields: fields)
    }

    /// `E_Filter` and `E_ListFilter` for a user enum.
    static func enumFilters(_ name: String) -> [InputObjectTypeDefinition] {
        [
            InputObjectTypeDefinition(description: StringValue("Conditions on a `\(name)` column."), name: Name(name + "_Filter"), fields: [
                SyntheticSDL.input("isNull", SyntheticSDL.named("Boolean")),
                SyntheticSDL.input("eq", SyntheticSDL.named(name)),
                SyntheticSDL.input("ne", SyntheticSDL.named(name)),
                SyntheticSDL.input("in", SyntheticSDL.listOfNonNull(name)),
                SyntheticSDL.input("nin", SyntheticSDL.listOfNonNull(name)),
            ]),
            InputObjectTypeDefinition(description: StringValue("Conditions on a `[\(name)!]` column."), name: Name(name + "_ListFilter"), fields: [
                SyntheticSDL.input("includes", SyntheticSDL.named(name)),
                SyntheticSDL.input("excludes", SyntheticSDL.named(name)),
                SyntheticSDL.input("includesAll", SyntheticSDL.listOfNonNull(name)),
                SyntheticSDL.input("excludesAll", SyntheticSDL.listOfNonNull(name)),
            ]),
        ]
    }
}

/// Scalars with `_Update` / `_ListUpdate` inputs in the prelude.
private let updatableScalars: Set<String> = ["String", "UUID", "Int", "Int64", "Float", "Boolean", "Any", "Date", "Timestamp", "Vector"]
