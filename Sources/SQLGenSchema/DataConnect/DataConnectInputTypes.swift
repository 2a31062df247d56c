// The input types and key scalar derived for each table (NOTES §6.5): `T_Key`, `T_KeyOutput`,
// `T_Data`, `T_Filter`, `T_ListFilter`, `T_Order`, `T_FirstRow`, `T_Having`; and the filters of
// user enums.

import SQLGenLanguage

extension DCExpansion {
    /// The server-value variants of a (non-list) column in `T_Data` and `T_Key`: `title_expr`,
    /// `reviewDate_date`, `descriptionEmbedding_embed`...
    static func valueVariants(_ column: String, typeName: String) -> [InputValueDefinition] {
        switch typeName {
        case "String": return [DCAST.input(column + "_expr", DCAST.named("String_Expr"))]
        case "UUID": return [DCAST.input(column + "_expr", DCAST.named("UUID_Expr"))]
        case "Date": return [DCAST.input(column + "_date", DCAST.named("Date_Relative")), DCAST.input(column + "_expr", DCAST.named("Date_Expr"))]
        case "Timestamp": return [DCAST.input(column + "_time", DCAST.named("Timestamp_Relative")), DCAST.input(column + "_expr", DCAST.named("Timestamp_Expr"))]
        case "Vector": return [DCAST.input(column + "_embed", DCAST.named("Vector_Embed"))]
        default: return []
        }
    }

    func keyInput(_ table: DCTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for name in table.keyColumns {
            guard let column = table.column(name) else { continue }
            fields.append(DCAST.input(name, DCAST.named(column.typeName)))
            fields += Self.valueVariants(name, typeName: column.typeName)
        }
        return InputObjectTypeDefinition(description: StringValue("The primary key of a `\(table.name)` row."), name: Name(table.name + "_Key"), fields: fields)
    }

    func keyOutputScalar(_ table: DCTable) -> ScalarTypeDefinition {
        ScalarTypeDefinition(description: StringValue("The primary key of a `\(table.name)` row, as returned by mutations (same shape as `\(table.name)_Key`)."),
                             name: Name(table.name + "_KeyOutput"))
    }

    func dataInput(_ table: DCTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for column in table.columns {
            if column.isList {
                fields.append(DCAST.input(column.name, DCAST.listOfNonNull(column.typeName)))
                if updatableScalars.contains(column.typeName) {
                    fields.append(DCAST.input(column.name + "_update", DCAST.listOfNonNull(column.typeName + "_ListUpdate")))
                }
            } else {
                fields.append(DCAST.input(column.name, DCAST.named(column.typeName)))
                fields += Self.valueVariants(column.name, typeName: column.typeName)
                if updatableScalars.contains(column.typeName) {
                    fields.append(DCAST.input(column.name + "_update", DCAST.listOfNonNull(column.typeName + "_Update")))
                }
            }
        }
        for reference in table.references {
            fields.append(DCAST.input(reference.field, DCAST.named(reference.target + "_Key")))
        }
        return InputObjectTypeDefinition(description: StringValue("The columns of a `\(table.name)` row to insert, upsert or update."),
                                         name: Name(table.name + "_Data"), fields: fields)
    }

    func filterInput(_ table: DCTable) -> InputObjectTypeDefinition {
        let filter = table.name + "_Filter"
        var fields: [InputValueDefinition] = [
            DCAST.input("_and", DCAST.listOfNonNull(filter), description: "All of these conditions hold."),
            DCAST.input("_not", DCAST.named(filter), description: "This condition does not hold."),
            DCAST.input("_or", DCAST.listOfNonNull(filter), description: "At least one of these conditions holds."),
        ]
        for column in table.columns {
            fields.append(DCAST.input(column.name, DCAST.named(column.typeName + (column.isList ? "_ListFilter" : "_Filter"))))
        }
        for reference in table.references {
            fields.append(DCAST.input(reference.field, DCAST.named(reference.target + "_Filter")))
        }
        for relation in relations[table.name] ?? [] {
            fields.append(DCAST.input(relation.name, DCAST.named(relation.resultTable + (relation.isList ? "_ListFilter" : "_Filter"))))
        }
        return InputObjectTypeDefinition(description: StringValue("Conditions on `\(table.name)` rows; combine with `_and`, `_or` and `_not`."),
                                         name: Name(filter), fields: fields)
    }

    func listFilterInput(_ table: DCTable) -> InputObjectTypeDefinition {
        let atLeastOne = Value.object([Argument(name: Name("gt"), value: DCAST.int(0))], .none)
        return InputObjectTypeDefinition(description: StringValue("Conditions on a list of related `\(table.name)` rows."), name: Name(table.name + "_ListFilter"), fields: [
            DCAST.input("count", DCAST.named("Int_Filter"), default: atLeastOne, description: "How many related rows match `exist` (default: at least one)."),
            DCAST.input("exist", DCAST.named(table.name + "_Filter"), description: "The condition related rows must meet."),
        ])
    }

    func orderInput(_ table: DCTable) -> InputObjectTypeDefinition {
        var fields: [InputValueDefinition] = []
        for column in table.columns where !column.isList {
            fields.append(DCAST.input(column.name, DCAST.named("OrderDirection")))
        }
        for reference in table.references {
            fields.append(DCAST.input(reference.field, DCAST.named(reference.target + "_Order")))
        }
        return InputObjectTypeDefinition(description: StringValue("Sort `\(table.name)` rows by these columns."), name: Name(table.name + "_Order"), fields: fields)
    }

    func firstRowInput(_ table: DCTable) -> InputObjectTypeDefinition {
        InputObjectTypeDefinition(description: StringValue("Selects the first `\(table.name)` row matching `where` in `orderBy` order."), name: Name(table.name + "_FirstRow"), fields: [
            DCAST.input("orderBy", DCAST.listOfNonNull(table.name + "_Order")),
            DCAST.input("where", DCAST.named(table.name + "_Filter")),
        ])
    }

    /// Conditions on grouped aggregates, one per aggregate field of the table.
    func havingInput(_ table: DCTable) -> InputObjectTypeDefinition {
        let fields = Self.aggregateFields(table).map { field in
            DCAST.input(field.name.value, DCAST.named(field.type.namedType.name.value + "_Filter"))
        }
        return InputObjectTypeDefinition(description: StringValue("Conditions on the aggregates of grouped `\(table.name)` rows."), name: Name(table.name + "_Having"), fields: fields)
    }

    /// `E_Filter` and `E_ListFilter` for a user enum.
    static func enumFilters(_ name: String) -> [InputObjectTypeDefinition] {
        [
            InputObjectTypeDefinition(description: StringValue("Conditions on a `\(name)` column."), name: Name(name + "_Filter"), fields: [
                DCAST.input("isNull", DCAST.named("Boolean")),
                DCAST.input("eq", DCAST.named(name)),
                DCAST.input("ne", DCAST.named(name)),
                DCAST.input("in", DCAST.listOfNonNull(name)),
                DCAST.input("nin", DCAST.listOfNonNull(name)),
            ]),
            InputObjectTypeDefinition(description: StringValue("Conditions on a `[\(name)!]` column."), name: Name(name + "_ListFilter"), fields: [
                DCAST.input("includes", DCAST.named(name)),
                DCAST.input("excludes", DCAST.named(name)),
                DCAST.input("includesAll", DCAST.listOfNonNull(name)),
                DCAST.input("excludesAll", DCAST.listOfNonNull(name)),
            ]),
        ]
    }
}

/// Scalars with `_Update` / `_ListUpdate` inputs in the prelude.
private let updatableScalars: Set<String> = ["String", "UUID", "Int", "Int64", "Float", "Boolean", "Any", "Date", "Timestamp", "Vector"]
