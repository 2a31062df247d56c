// `<plural>_<field>_similarity(compare:, method:, within:, where:, limit:)`: rows ordered by the
// pgvector distance between a stored Vector column and `compare` (as the dialect computes it),
// closest first; `within` keeps rows at most that distance away.

import SQLGenJSON

extension Executor {
    func similarity(_ table: StoreTable, column: StoreColumn, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let field = "\(table.plural)_\(column.name)_similarity"
        if let embed = arguments["compare_embed"], !embed.isNull {
            throw FieldFailure("\"\(field)(compare_embed:)\" needs Vertex AI to compute the embedding, which the emulator does not call; pass the vector as \"compare\".",
                               code: "UNIMPLEMENTED")
        }
        guard case .array(let compare)? = arguments["compare"], !compare.isEmpty else {
            throw FieldFailure("\"\(field)\" needs \"compare\": a non-empty vector to compare \"\(column.name)\" with.")
        }
        var method = "INNER_PRODUCT"
        if case .string(let given)? = arguments["method"] { method = given }
        let alias = builder.newAlias()
        var params: [SQLValue] = []
        let distance = dialect.vectorDistance(dialect.column(alias, column), to: compare, method: method, params: &params)
        let condition = try builder.filter(arguments["where"], table: table, alias: alias, params: &params)
        let inner = "SELECT \(selectList(table, alias: alias)), \(distance) AS fdc_distance FROM \(dialect.quote(table.sqlName)) AS \(alias) WHERE \(condition)"
        var sql = "SELECT * FROM (\(inner)) AS fdc_rows"
        if let within = arguments["within"], !within.isNull {
            switch within {
            case .double(let bound): params.append(.real(bound))
            case .int(let bound): params.append(.real(Double(bound)))
            default: throw FieldFailure("\"within\" must be a number.")
            }
            sql += " WHERE fdc_distance <= ?"
        }
        // Rows without a vector have no distance: last, as PostgreSQL sorts NULLs.
        sql += " ORDER BY fdc_distance IS NULL, fdc_distance LIMIT ?"
        var limit: Int64 = 100
        if case .int(let value)? = arguments["limit"] { limit = max(0, value) }
        params.append(.integer(limit))
        let rows: [[SQLValue]]
        do {
            rows = try fetch(sql, params)
        } catch where dialect.isVectorDimensionMismatch(error.message) {
            throw FieldFailure("\"compare\" has \(compare.count) dimensions but a stored \"\(table.name).\(column.name)\" vector has another number; vectors must have the same dimensions.")
        }
        return .list(rows.map { .object(.row(decodeRow(Array($0.dropLast()), table: table))) })
    }
}
