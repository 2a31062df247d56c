// The `Query` and `Mutation` fields derived for each table (NOTES §6.1, §6.2).

import SQLGenLanguage
import SQLGenSchema

extension DataConnectExpansion {
    /// The `id:` (and, for String keys, `id_expr:`) lookup arguments: only when the key is the single column `id`.
    private func idArguments(_ table: DataConnectTable) -> [InputValueDefinition] {
        guard table.keyColumns == ["id"], let column = table.column("id") else { return [] }
        var arguments = [SyntheticSDL.input("id", SyntheticSDL.named(column.typeName), description: "The row's `id`.")]
        if column.typeName == "String" {
            arguments.append(SyntheticSDL.input("id_expr", SyntheticSDL.named("String_Expr"), description: "The row's `id` as a server value (CEL), e.g. `auth.uid`."))
        }
        return arguments
    }

    /// `id`, `key` and `first`: the ways to pick one row.
    private func singleRowArguments(_ table: DataConnectTable) -> [InputValueDefinition] {
        var arguments: [InputValueDefinition] = []
        if !table.isView {
            arguments += idArguments(table)
            arguments.append(SyntheticSDL.input("key", SyntheticSDL.named(table.name + "_Key"), description: "The row's primary key."))
        }
        arguments.append(SyntheticSDL.input("first", SyntheticSDL.named(table.name + "_FirstRow"), description: "The first row matching a filter, in an order."))
        return arguments
    }

    func queryFields(_ table: DataConnectTable) -> [FieldDefinition] {
        let name = table.name
        var fields = [
            SyntheticSDL.field(table.singular, SyntheticSDL.named(name), arguments: singleRowArguments(table),
                        directives: [SyntheticSDL.generated(from: name, purpose: "QUERY_SINGLE")], description: "One `\(name)` row, or null if none matches."),
            SyntheticSDL.field(table.plural, SyntheticSDL.nonNullListOfNonNull(name), arguments: Self.listArguments(filterTable: name, havingTable: name),
                        directives: [SyntheticSDL.generated(from: name, purpose: "QUERY_MULTIPLE")], description: "`\(name)` rows, filtered, sorted and paged."),
        ]
        for column in table.columns where column.typeName == "Vector" && !column.isList {
            fields.append(SyntheticSDL.field("\(table.plural)_\(column.name)_similarity", SyntheticSDL.nonNullListOfNonNull(name), arguments: [
                SyntheticSDL.input("compare", SyntheticSDL.named("Vector")),
                SyntheticSDL.input("compare_embed", SyntheticSDL.named("Vector_Embed")),
                SyntheticSDL.input("method", SyntheticSDL.named("VectorSimilarityMethod"), default: SyntheticSDL.enumValue("INNER_PRODUCT")),
                SyntheticSDL.input("within", SyntheticSDL.named("Float")),
                SyntheticSDL.input("where", SyntheticSDL.named(name + "_Filter")),
                SyntheticSDL.input("limit", SyntheticSDL.named("Int"), default: SyntheticSDL.int(100)),
            ], directives: [SyntheticSDL.generated(from: "\(name).\(column.name)", purpose: "QUERY_MULTIPLE_BY_SIMILARITY")],
            description: "`\(name)` rows ordered by the similarity of `\(column.name)` to a vector."))
        }
        if table.columns.contains(where: \.isSearchable) {
            fields.append(SyntheticSDL.field("\(table.plural)_search", SyntheticSDL.nonNullListOfNonNull(name), arguments: [
                SyntheticSDL.input("query", SyntheticSDL.named("String")),
                SyntheticSDL.input("queryFormat", SyntheticSDL.named("SearchQueryFormat"), default: SyntheticSDL.enumValue("QUERY")),
                SyntheticSDL.input("relevanceThreshold", SyntheticSDL.named("Float")),
            ] + Self.listArguments(filterTable: name, havingTable: name),
            directives: [SyntheticSDL.generated(from: name, purpose: "QUERY_MULTIPLE_BY_SEARCH")], description: "Full-text search over the @searchable columns of `\(name)`."))
        }
        return fields
    }

    func mutationFields(_ table: DataConnectTable) -> [FieldDefinition] {
        let name = table.name
        let s = table.singular
        let keyOutput = name + "_KeyOutput"
        let data = SyntheticSDL.input("data", SyntheticSDL.nonNull(SyntheticSDL.named(name + "_Data")))
        let dataList = SyntheticSDL.input("data", SyntheticSDL.nonNullListOfNonNull(name + "_Data"))
        let whereAll = [
            SyntheticSDL.input("where", SyntheticSDL.named(name + "_Filter"), description: "The rows to change."),
            SyntheticSDL.input("all", SyntheticSDL.named("Boolean"), default: SyntheticSDL.bool(false), description: "Must be true to change every row when `where` is absent."),
        ]
        func generated(_ purpose: String) -> [Directive] { [SyntheticSDL.generated(from: name, purpose: purpose)] }
        return [
            SyntheticSDL.field(s + "_insert", SyntheticSDL.nonNull(SyntheticSDL.named(keyOutput)), arguments: [data], directives: generated("INSERT_SINGLE"),
                        description: "Inserts one `\(name)` row; returns its key."),
            SyntheticSDL.field(s + "_insertMany", SyntheticSDL.nonNullListOfNonNull(keyOutput), arguments: [dataList], directives: generated("INSERT_MULTIPLE"),
                        description: "Inserts `\(name)` rows; returns their keys."),
            SyntheticSDL.field(s + "_upsert", SyntheticSDL.nonNull(SyntheticSDL.named(keyOutput)), arguments: [data], directives: generated("UPSERT_SINGLE"),
                        description: "Inserts or replaces one `\(name)` row (by primary key); returns its key."),
            SyntheticSDL.field(s + "_upsertMany", SyntheticSDL.nonNullListOfNonNull(keyOutput), arguments: [dataList], directives: generated("UPSERT_MULTIPLE"),
                        description: "Inserts or replaces `\(name)` rows; returns their keys."),
            SyntheticSDL.field(s + "_update", SyntheticSDL.named(keyOutput), arguments: singleRowArguments(table) + [data], directives: generated("UPDATE_SINGLE"),
                        description: "Updates one `\(name)` row; returns its key, or null if none matched."),
            SyntheticSDL.field(s + "_updateMany", SyntheticSDL.nonNull(SyntheticSDL.named("Int")), arguments: whereAll + [data], directives: generated("UPDATE_MULTIPLE"),
                        description: "Updates `\(name)` rows; returns how many changed."),
            SyntheticSDL.field(s + "_delete", SyntheticSDL.named(keyOutput), arguments: singleRowArguments(table), directives: generated("DELETE_SINGLE"),
                        description: "Deletes one `\(name)` row; returns its key, or null if none matched."),
            SyntheticSDL.field(s + "_deleteMany", SyntheticSDL.nonNull(SyntheticSDL.named("Int")), arguments: whereAll, directives: generated("DELETE_MULTIPLE"),
                        description: "Deletes `\(name)` rows; returns how many."),
        ]
    }
}
