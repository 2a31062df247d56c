// The `Query` and `Mutation` fields derived for each table (NOTES §6.1, §6.2).

import SQLGenLanguage

extension DCExpansion {
    /// The `id:` (and, for String keys, `id_expr:`) lookup arguments: only when the key is the single column `id`.
    private func idArguments(_ table: DCTable) -> [InputValueDefinition] {
        guard table.keyColumns == ["id"], let column = table.column("id") else { return [] }
        var arguments = [DCAST.input("id", DCAST.named(column.typeName), description: "The row's `id`.")]
        if column.typeName == "String" {
            arguments.append(DCAST.input("id_expr", DCAST.named("String_Expr"), description: "The row's `id` as a server value (CEL), e.g. `auth.uid`."))
        }
        return arguments
    }

    /// `id`, `key` and `first`: the ways to pick one row.
    private func singleRowArguments(_ table: DCTable) -> [InputValueDefinition] {
        var arguments: [InputValueDefinition] = []
        if !table.isView {
            arguments += idArguments(table)
            arguments.append(DCAST.input("key", DCAST.named(table.name + "_Key"), description: "The row's primary key."))
        }
        arguments.append(DCAST.input("first", DCAST.named(table.name + "_FirstRow"), description: "The first row matching a filter, in an order."))
        return arguments
    }

    func queryFields(_ table: DCTable) -> [FieldDefinition] {
        let name = table.name
        var fields = [
            DCAST.field(table.singular, DCAST.named(name), arguments: singleRowArguments(table),
                        directives: [DCAST.generated(from: name, purpose: "QUERY_SINGLE")], description: "One `\(name)` row, or null if none matches."),
            DCAST.field(table.plural, DCAST.nonNullListOfNonNull(name), arguments: Self.listArguments(filterTable: name, havingTable: name),
                        directives: [DCAST.generated(from: name, purpose: "QUERY_MULTIPLE")], description: "`\(name)` rows, filtered, sorted and paged."),
        ]
        for column in table.columns where column.typeName == "Vector" && !column.isList {
            fields.append(DCAST.field("\(table.plural)_\(column.name)_similarity", DCAST.nonNullListOfNonNull(name), arguments: [
                DCAST.input("compare", DCAST.named("Vector")),
                DCAST.input("compare_embed", DCAST.named("Vector_Embed")),
                DCAST.input("method", DCAST.named("VectorSimilarityMethod"), default: DCAST.enumValue("INNER_PRODUCT")),
                DCAST.input("within", DCAST.named("Float")),
                DCAST.input("where", DCAST.named(name + "_Filter")),
                DCAST.input("limit", DCAST.named("Int"), default: DCAST.int(100)),
            ], directives: [DCAST.generated(from: "\(name).\(column.name)", purpose: "QUERY_MULTIPLE_BY_SIMILARITY")],
            description: "`\(name)` rows ordered by the similarity of `\(column.name)` to a vector."))
        }
        if table.columns.contains(where: \.isSearchable) {
            fields.append(DCAST.field("\(table.plural)_search", DCAST.nonNullListOfNonNull(name), arguments: [
                DCAST.input("query", DCAST.named("String")),
                DCAST.input("queryFormat", DCAST.named("SearchQueryFormat"), default: DCAST.enumValue("QUERY")),
                DCAST.input("relevanceThreshold", DCAST.named("Float")),
            ] + Self.listArguments(filterTable: name, havingTable: name),
            directives: [DCAST.generated(from: name, purpose: "QUERY_MULTIPLE_BY_SEARCH")], description: "Full-text search over the @searchable columns of `\(name)`."))
        }
        return fields
    }

    func mutationFields(_ table: DCTable) -> [FieldDefinition] {
        let name = table.name
        let s = table.singular
        let keyOutput = name + "_KeyOutput"
        let data = DCAST.input("data", DCAST.nonNull(DCAST.named(name + "_Data")))
        let dataList = DCAST.input("data", DCAST.nonNullListOfNonNull(name + "_Data"))
        let whereAll = [
            DCAST.input("where", DCAST.named(name + "_Filter"), description: "The rows to change."),
            DCAST.input("all", DCAST.named("Boolean"), default: DCAST.bool(false), description: "Must be true to change every row when `where` is absent."),
        ]
        func generated(_ purpose: String) -> [Directive] { [DCAST.generated(from: name, purpose: purpose)] }
        return [
            DCAST.field(s + "_insert", DCAST.nonNull(DCAST.named(keyOutput)), arguments: [data], directives: generated("INSERT_SINGLE"),
                        description: "Inserts one `\(name)` row; returns its key."),
            DCAST.field(s + "_insertMany", DCAST.nonNullListOfNonNull(keyOutput), arguments: [dataList], directives: generated("INSERT_MULTIPLE"),
                        description: "Inserts `\(name)` rows; returns their keys."),
            DCAST.field(s + "_upsert", DCAST.nonNull(DCAST.named(keyOutput)), arguments: [data], directives: generated("UPSERT_SINGLE"),
                        description: "Inserts or replaces one `\(name)` row (by primary key); returns its key."),
            DCAST.field(s + "_upsertMany", DCAST.nonNullListOfNonNull(keyOutput), arguments: [dataList], directives: generated("UPSERT_MULTIPLE"),
                        description: "Inserts or replaces `\(name)` rows; returns their keys."),
            DCAST.field(s + "_update", DCAST.named(keyOutput), arguments: singleRowArguments(table) + [data], directives: generated("UPDATE_SINGLE"),
                        description: "Updates one `\(name)` row; returns its key, or null if none matched."),
            DCAST.field(s + "_updateMany", DCAST.nonNull(DCAST.named("Int")), arguments: whereAll + [data], directives: generated("UPDATE_MULTIPLE"),
                        description: "Updates `\(name)` rows; returns how many changed."),
            DCAST.field(s + "_delete", DCAST.named(keyOutput), arguments: singleRowArguments(table), directives: generated("DELETE_SINGLE"),
                        description: "Deletes one `\(name)` row; returns its key, or null if none matched."),
            DCAST.field(s + "_deleteMany", DCAST.nonNull(DCAST.named("Int")), arguments: whereAll, directives: generated("DELETE_MULTIPLE"),
                        description: "Deletes `\(name)` rows; returns how many."),
        ]
    }
}
