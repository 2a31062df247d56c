// Compiles `T_Filter` and `T_Order` inputs to SQL over a table alias. Every value is a bound
// parameter; only quoted identifiers from the schema are written into the SQL text. What is not
// standard SQL comes from the dialect.

import SQLGenJSON

/// Builds the WHERE and ORDER BY parts of the emulator's queries.
struct SQLBuilder {
    let model: StoreModel
    let dialect: any SQLDialect
    var serverValues: ServerValues
    private var aliasCounter = 0

    init(model: StoreModel, dialect: any SQLDialect, serverValues: ServerValues) {
        self.model = model
        self.dialect = dialect
        self.serverValues = serverValues
    }

    mutating func newAlias() -> String {
        aliasCounter += 1
        return "t\(aliasCounter)"
    }

    func table(_ name: String) throws(FieldFailure) -> StoreTable {
        guard let table = model.tables[name] else { throw .internal("Unknown table \"\(name)\".") }
        return table
    }

    // MARK: Filters

    /// A boolean SQL expression for `filter` (a coerced `T_Filter`), `alwaysTrue` when it has no condition.
    mutating func filter(_ filter: JSONValue?, table: StoreTable, alias: String, params: inout [SQLValue]) throws(FieldFailure) -> String {
        guard let filter, case .object(let members) = filter else { return dialect.alwaysTrue }
        var conditions: [String] = []
        for member in members {
            if member.value.isNull { continue }
            switch member.key {
            case "_and":
                for item in member.value.arrayValue ?? [] {
                    let part = try self.filter(item, table: table, alias: alias, params: &params)
                    if part != dialect.alwaysTrue { conditions.append("(\(part))") }
                }
            case "_or":
                let items = member.value.arrayValue ?? []
                guard !items.isEmpty else { continue }
                var parts: [String] = []
                for item in items { parts.append("(" + (try self.filter(item, table: table, alias: alias, params: &params)) + ")") }
                conditions.append("(" + parts.joined(separator: " OR ") + ")")
            case "_not":
                conditions.append("NOT (" + (try self.filter(member.value, table: table, alias: alias, params: &params)) + ")")
            default:
                if let column = table.column(member.key) {
                    conditions += try columnFilter(member.value, column: column, alias: alias, params: &params)
                } else if let reference = table.reference(member.key) {
                    let target = try self.table(reference.target)
                    let inner = newAlias()
                    let join = try joinCondition(local: reference.foreignKeys, localTable: table, localAlias: alias,
                                                 remote: reference.targetColumns, remoteTable: target, remoteAlias: inner)
                    let condition = try self.filter(member.value, table: target, alias: inner, params: &params)
                    conditions.append("EXISTS (SELECT 1 FROM \(dialect.quote(target.sqlName)) AS \(inner) WHERE \(join) AND (\(condition)))")
                } else if let relation = table.relations[member.key] {
                    conditions.append(try relationFilter(member.value, relation: relation, table: table, alias: alias, params: &params))
                } else {
                    throw FieldFailure("Unknown filter field \"\(member.key)\" on \"\(table.name)\".")
                }
            }
        }
        return conditions.isEmpty ? dialect.alwaysTrue : conditions.joined(separator: " AND ")
    }

    func joinCondition(local: [String], localTable: StoreTable, localAlias: String, remote: [String], remoteTable: StoreTable, remoteAlias: String) throws(FieldFailure) -> String {
        var parts: [String] = []
        for (localName, remoteName) in zip(local, remote) {
            guard let localColumn = localTable.column(localName), let remoteColumn = remoteTable.column(remoteName) else {
                throw .internal("Cannot join \"\(localTable.name)\" and \"\(remoteTable.name)\".")
            }
            parts.append(dialect.column(localAlias, localColumn) + " = " + dialect.column(remoteAlias, remoteColumn))
        }
        return parts.isEmpty ? dialect.alwaysFalse : parts.joined(separator: " AND ")
    }

    /// `reviews_on_movie: {count: {gt: 0}, exist: {...}}` and `_via_` relations: a correlated count.
    private mutating func relationFilter(_ value: JSONValue, relation: StoreRelation, table: StoreTable, alias: String, params: inout [SQLValue]) throws(FieldFailure) -> String {
        let (from, resultTable, resultAlias) = try relationSource(relation, parent: table, parentAlias: alias)
        if !relation.isList {
            let condition = try filter(value, table: resultTable, alias: resultAlias, params: &params)
            return "EXISTS (SELECT 1 FROM \(from) AND (\(condition)))"
        }
        let condition = try filter(value["exist"], table: resultTable, alias: resultAlias, params: &params)
        let count = "(SELECT COUNT(*) FROM \(from) AND (\(condition)))"
        var parts: [String] = []
        if case .object(let operators)? = value["count"] {
            for op in operators {
                guard case .int(let number) = op.value, let sqlOp = Self.comparison[op.key] else { continue }
                params.append(.integer(number))
                parts.append("\(count) \(sqlOp) ?")
            }
        }
        return parts.isEmpty ? "\(count) > 0" : parts.joined(separator: " AND ")
    }

    /// `FROM ... WHERE <join to the parent row>` for a relation (without the leading FROM keyword
    /// of the outer query), the result table and its alias.
    mutating func relationSource(_ relation: StoreRelation, parent: StoreTable, parentAlias: String) throws(FieldFailure) -> (String, StoreTable, String) {
        switch relation.kind {
        case .inverse(let childName, let referenceName):
            let child = try table(childName)
            guard let reference = child.reference(referenceName) else { throw .internal("Unknown reference \"\(referenceName)\".") }
            let childAlias = newAlias()
            let join = try joinCondition(local: reference.foreignKeys, localTable: child, localAlias: childAlias,
                                         remote: reference.targetColumns, remoteTable: parent, remoteAlias: parentAlias)
            return ("\(dialect.quote(child.sqlName)) AS \(childAlias) WHERE \(join)", child, childAlias)
        case .via(let joinName, let nearName, let farName):
            let joinTable = try table(joinName)
            guard let near = joinTable.reference(nearName), let far = joinTable.reference(farName) else { throw .internal("Unknown join \"\(joinName)\".") }
            let farTable = try table(far.target)
            let joinAlias = newAlias()
            let farAlias = newAlias()
            let nearJoin = try joinCondition(local: near.foreignKeys, localTable: joinTable, localAlias: joinAlias,
                                             remote: near.targetColumns, remoteTable: parent, remoteAlias: parentAlias)
            let farJoin = try joinCondition(local: far.foreignKeys, localTable: joinTable, localAlias: joinAlias,
                                            remote: far.targetColumns, remoteTable: farTable, remoteAlias: farAlias)
            return ("\(dialect.quote(joinTable.sqlName)) AS \(joinAlias) JOIN \(dialect.quote(farTable.sqlName)) AS \(farAlias) ON \(farJoin) WHERE \(nearJoin)",
                    farTable, farAlias)
        }
    }

    static let comparison: [String: String] = ["eq": "=", "ne": "<>", "gt": ">", "ge": ">=", "lt": "<", "le": "<="]

    /// The value of a comparison operator, from its plain, `_expr`, `_date` or `_time` form.
    private func operand(_ key: String, _ value: JSONValue, column: StoreColumn) throws(FieldFailure) -> (String, SQLValue)? {
        if key.hasSuffix("_expr") {
            guard case .string(let expression) = value else { return nil }
            let computed = try serverValues.evaluate(expression, typeName: column.typeName)
            return (String(key.dropLast(5)), StorageCodec.scalarSQLValue(computed))
        }
        if key.hasSuffix("_date") { return (String(key.dropLast(5)), .text(try serverValues.relativeDate(value))) }
        if key.hasSuffix("_time") { return (String(key.dropLast(5)), .text(try serverValues.relativeTime(value))) }
        return (key, StorageCodec.scalarSQLValue(value))
    }

    private func columnFilter(_ value: JSONValue, column: StoreColumn, alias: String, params: inout [SQLValue]) throws(FieldFailure) -> [String] {
        try scalarFilter(value, column: column, sqlColumn: dialect.column(alias, column), params: &params)
    }

    /// The conditions of a scalar filter (`Int_Filter`, `String_Filter`...) on the SQL expression
    /// `sqlColumn`, which holds values of `column`'s type (a column, or an aggregate for `having`).
    func scalarFilter(_ value: JSONValue, column: StoreColumn, sqlColumn: String, params: inout [SQLValue]) throws(FieldFailure) -> [String] {
        guard case .object(let operators) = value else { return [] }
        var conditions: [String] = []
        for op in operators {
            if op.value.isNull { continue }
            if op.key == "isNull" {
                conditions.append(op.value == .bool(true) ? "\(sqlColumn) IS NULL" : "\(sqlColumn) IS NOT NULL")
                continue
            }
            if column.isList {
                conditions.append(try listCondition(op.key, op.value, column: column, sqlColumn: sqlColumn, params: &params))
                continue
            }
            switch op.key {
            case "in", "nin":
                let items = op.value.arrayValue ?? []
                if items.isEmpty {
                    conditions.append(op.key == "in" ? dialect.alwaysFalse : dialect.alwaysTrue)
                } else {
                    params += items.map { StorageCodec.sqlValue($0, typeName: column.typeName, isList: false) }
                    let marks = Array(repeating: "?", count: items.count).joined(separator: ", ")
                    conditions.append("\(sqlColumn) \(op.key == "in" ? "IN" : "NOT IN") (\(marks))")
                }
            case "contains", "startsWith", "endsWith":
                guard case .string(let text) = op.value else { continue }
                params.append(.text(text))
                switch op.key {
                case "contains": conditions.append(dialect.textContains(sqlColumn))
                case "startsWith": conditions.append(dialect.textStartsWith(sqlColumn, text: text))
                default: conditions.append(dialect.textEndsWith(sqlColumn, text: text))
                }
            case "pattern":
                conditions.append(try pattern(op.value, sqlColumn: sqlColumn, params: &params))
            default:
                guard let (base, operand) = try operand(op.key, op.value, column: column), let sqlOp = Self.comparison[base] else {
                    throw FieldFailure("Unknown filter operator \"\(op.key)\" on \"\(column.name)\".")
                }
                params.append(operand)
                conditions.append("\(sqlColumn) \(sqlOp) ?")
            }
        }
        return conditions
    }

    /// `String_Pattern`: `like` (SQL LIKE, case-sensitive unless `ignoreCase`), optionally inverted.
    private func pattern(_ value: JSONValue, sqlColumn: String, params: inout [SQLValue]) throws(FieldFailure) -> String {
        let ignoreCase = value["ignoreCase"] == .bool(true)
        let invert = value["invert"] == .bool(true)
        var condition: String
        if case .string(let like)? = value["like"] {
            params.append(.text(like))
            condition = dialect.like(sqlColumn, ignoreCase: ignoreCase)
        } else if case .string(let regex)? = value["regex"] {
            // Checked here so a bad pattern is the client's error, not a failed statement.
            guard dialect.acceptsRegex(regex, ignoreCase: ignoreCase) else {
                throw FieldFailure("Invalid regular expression \(JSONValue.string(regex).jsonText) in \"pattern.regex\".")
            }
            params.append(.text(regex))
            condition = dialect.regexMatch(sqlColumn, ignoreCase: ignoreCase)
        } else {
            return dialect.alwaysTrue
        }
        return invert ? "NOT (\(condition))" : condition
    }

    private func listCondition(_ key: String, _ value: JSONValue, column: StoreColumn, sqlColumn: String, params: inout [SQLValue]) throws(FieldFailure) -> String {
        func contains(_ element: JSONValue) -> String {
            params.append(StorageCodec.scalarSQLValue(element))
            return dialect.listContains(sqlColumn)
        }
        switch key {
        case "includes": return contains(value)
        case "excludes": return "NOT " + contains(value)
        case "includesAll":
            let parts = (value.arrayValue ?? []).map(contains)
            return parts.isEmpty ? dialect.alwaysTrue : parts.joined(separator: " AND ")
        case "excludesAll":
            let parts = (value.arrayValue ?? []).map { "NOT " + contains($0) }
            return parts.isEmpty ? dialect.alwaysTrue : parts.joined(separator: " AND ")
        default:
            if let (base, operand) = try operand(key, value, column: column), base == "includes" || base == "excludes" {
                params.append(operand)
                return (base == "excludes" ? "NOT " : "") + dialect.listContains(sqlColumn)
            }
            throw FieldFailure("Unknown list filter operator \"\(key)\" on \"\(column.name)\".")
        }
    }

    // MARK: Ordering

    /// ORDER BY terms for a coerced `[T_Order!]`.
    mutating func order(_ orderBy: JSONValue?, table: StoreTable, alias: String) throws(FieldFailure) -> [String] {
        guard let orderBy else { return [] }
        var terms: [String] = []
        let items = orderBy.arrayValue ?? (orderBy.isNull ? [] : [orderBy])
        for item in items {
            try appendOrder(item, table: table, alias: alias, wrap: ("", ""), into: &terms)
        }
        return terms
    }

    /// `wrap` surrounds the column with the scalar subqueries that reach it through references.
    private mutating func appendOrder(_ item: JSONValue, table: StoreTable, alias: String, wrap: (String, String), into terms: inout [String]) throws(FieldFailure) {
        guard case .object(let members) = item else { return }
        for member in members {
            if member.value.isNull { continue }
            if let column = table.column(member.key) {
                guard case .string(let direction) = member.value else { continue }
                terms.append(wrap.0 + dialect.column(alias, column) + wrap.1 + (direction == "DESC" ? " DESC" : " ASC"))
            } else if let reference = table.reference(member.key) {
                let target = try self.table(reference.target)
                let inner = newAlias()
                let join = try joinCondition(local: reference.foreignKeys, localTable: table, localAlias: alias,
                                             remote: reference.targetColumns, remoteTable: target, remoteAlias: inner)
                let from = "FROM \(dialect.quote(target.sqlName)) AS \(inner) WHERE \(join)"
                try appendOrder(member.value, table: target, alias: inner, wrap: (wrap.0 + "(SELECT ", " " + from + ")" + wrap.1), into: &terms)
            } else {
                throw FieldFailure("Unknown order field \"\(member.key)\" on \"\(table.name)\".")
            }
        }
    }
}
