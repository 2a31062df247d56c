// Mutation fields: `_insert`, `_upsert`, `_update`, `_delete` and their `Many` forms, as
// parameterised SQL. Results are key objects (`{"id": "..."}`), null, or a count.

import SQLGenJSON
import SQLGenSchema

extension Executor {
    /// One column assignment: `?` with its value, or an update expression over the old value.
    struct Assignment {
        var column: StoreColumn
        var expression: String
        var params: [SQLValue]
        /// The plain value, when the assignment is one (for key outputs).
        var value: SQLValue?
    }

    func mutate(_ table: StoreTable, action: RootFieldAction, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        switch action {
        case .insert, .upsert:
            guard let data = arguments["data"] else { throw FieldFailure("\"data\" is required.") }
            return .value(try insert(table, data: data, upsert: action == .upsert, isFinal: true))
        case .insertMany, .upsertMany:
            var keys: [Resolved] = []
            let rows = arguments["data"]?.arrayValue ?? []
            for (index, data) in rows.enumerated() {
                keys.append(.value(try insert(table, data: data, upsert: action == .upsertMany, isFinal: index == rows.count - 1)))
            }
            return .list(keys)
        case .update:
            guard let key = try findKey(table, arguments: arguments) else { return .null }
            let assignments = try self.assignments(table, data: arguments["data"] ?? .object([]), forInsert: false)
            if !assignments.isEmpty {
                var params = assignments.flatMap(\.params)
                let condition = keyCondition(table, key: key, params: &params)
                try runFinal("UPDATE \(dialect.quote(table.sqlName)) SET \(setClause(assignments)) WHERE \(condition)", params)
            }
            return .value(keyOutput(table, key))
        case .delete:
            guard let key = try findKey(table, arguments: arguments) else { return .null }
            var params: [SQLValue] = []
            let condition = keyCondition(table, key: key, params: &params)
            try runFinal("DELETE FROM \(dialect.quote(table.sqlName)) WHERE \(condition)", params)
            return .value(keyOutput(table, key))
        case .updateMany, .deleteMany:
            let alias = builder.newAlias()
            var params: [SQLValue] = []
            var assignments: [Assignment] = []
            if action == .updateMany {
                assignments = try self.assignments(table, data: arguments["data"] ?? .object([]), forInsert: false)
                params = assignments.flatMap(\.params)
            }
            let hasWhere = arguments["where"].map { !$0.isNull } ?? false
            guard hasWhere || arguments["all"] == .bool(true) else {
                throw FieldFailure("\"\(table.singular)\(action == .updateMany ? "_updateMany" : "_deleteMany")\" needs \"where\", or \"all: true\" to change every row.")
            }
            let condition = try builder.filter(arguments["where"], table: table, alias: alias, params: &params)
            let target = "\(dialect.quote(table.sqlName)) AS \(alias)"
            if action == .updateMany {
                guard !assignments.isEmpty else { return .value(.int(0)) }
                return .value(.int(Int64(try runFinal("UPDATE \(target) SET \(setClause(assignments)) WHERE \(condition)", params))))
            }
            return .value(.int(Int64(try runFinal("DELETE FROM \(target) WHERE \(condition)", params))))
        case .single, .list:
            throw .internal("Not a mutation.")
        }
    }

    /// Runs the mutation field's last statement: the transaction's COMMIT may go with it.
    @discardableResult
    private func runFinal(_ sql: String, _ params: [SQLValue], resultUnread: Bool = false) throws(FieldFailure) -> Int {
        if finalStatementCommits { database.commitWithNextStatement() }
        if resultUnread { database.nextStatementResultIsUnread() }
        return try run(sql, params)
    }

    @discardableResult
    func run(_ sql: String, _ params: [SQLValue]) throws(FieldFailure) -> Int {
        do {
            return try database.run(sql, params)
        } catch {
            throw Self.failure(error)
        }
    }

    private func setClause(_ assignments: [Assignment]) -> String {
        assignments.map { dialect.quote($0.column.sqlName) + " = " + $0.expression }.joined(separator: ", ")
    }

    /// The key of the row `id` / `key` / `first` selects, nil when there is none.
    private func findKey(_ table: StoreTable, arguments: [String: JSONValue]) throws(FieldFailure) -> [SQLValue]? {
        let alias = builder.newAlias()
        var params: [SQLValue] = []
        let (condition, order) = try lookupCondition(table, arguments: arguments, alias: alias, params: &params)
        let keyColumns = table.keyColumns.compactMap(table.column)
        let select = keyColumns.map { dialect.column(alias, $0) }.joined(separator: ", ")
        let orderSQL = (order + [alias + "." + dialect.insertionOrderColumn]).joined(separator: ", ")
        return try fetch("SELECT \(select) FROM \(dialect.quote(table.sqlName)) AS \(alias) WHERE \(condition) ORDER BY \(orderSQL) LIMIT 1", params).first
    }

    private func keyCondition(_ table: StoreTable, key: [SQLValue], params: inout [SQLValue]) -> String {
        params += key
        return table.keyColumns.compactMap(table.column).map { dialect.quote($0.sqlName) + " = ?" }.joined(separator: " AND ")
    }

    /// `{"id": "..."}`: the key columns in wire form.
    private func keyOutput(_ table: StoreTable, _ key: [SQLValue]) -> JSONValue {
        let columns = table.keyColumns.compactMap(table.column)
        return .object(zip(columns, key).map { JSONMember($0.0.name, StorageCodec.wireValue($0.1, typeName: $0.0.typeName, isList: false)) })
    }

    private func insert(_ table: StoreTable, data: JSONValue, upsert: Bool, isFinal: Bool) throws(FieldFailure) -> JSONValue {
        var assignments = try self.assignments(table, data: data, forInsert: true)
        let provided = Set(assignments.map(\.column.name))
        for column in table.columns where !provided.contains(column.name) {
            switch column.defaultValue {
            case .value(let value)?:
                let sqlValue = StorageCodec.sqlValue(value, typeName: column.typeName, isList: column.isList)
                assignments.append(Assignment(column: column, expression: "?", params: [sqlValue], value: sqlValue))
            case .expr(let expression)?:
                let value = StorageCodec.sqlValue(try serverValues.evaluate(expression, typeName: column.typeName), typeName: column.typeName, isList: column.isList)
                assignments.append(Assignment(column: column, expression: "?", params: [value], value: value))
            default:
                break
            }
        }
        var key: [SQLValue] = []
        for name in table.keyColumns {
            guard let value = assignments.first(where: { $0.column.name == name })?.value, value != .null else {
                throw FieldFailure("\"\(table.name)\" rows need a value for the key field \"\(name)\".")
            }
            key.append(value)
        }
        let columns = assignments.map { dialect.quote($0.column.sqlName) }.joined(separator: ", ")
        let values = assignments.map(\.expression).joined(separator: ", ")
        var sql = "INSERT INTO \(dialect.quote(table.sqlName)) (\(columns)) VALUES (\(values))"
        if upsert {
            let keySQL = table.keyColumns.compactMap(table.column).map { dialect.quote($0.sqlName) }
            let updates = assignments.filter { provided.contains($0.column.name) && !table.keyColumns.contains($0.column.name) }
            sql += dialect.upsertClause(conflict: keySQL, updated: updates.map { dialect.quote($0.column.sqlName) })
        }
        if isFinal {
            // The answer is the key, known before the row is written.
            try runFinal(sql, assignments.flatMap(\.params), resultUnread: true)
        } else {
            try run(sql, assignments.flatMap(\.params))
        }
        return keyOutput(table, key)
    }

    /// The column assignments a `T_Data` value asks for.
    func assignments(_ table: StoreTable, data: JSONValue, forInsert: Bool) throws(FieldFailure) -> [Assignment] {
        guard case .object(let members) = data else { throw FieldFailure("\"data\" must be an object.") }
        var result: [Assignment] = []
        func set(_ column: StoreColumn, _ value: JSONValue) throws(FieldFailure) {
            try checkColumnType(column, value)
            let sqlValue = StorageCodec.sqlValue(value, typeName: column.typeName, isList: column.isList)
            result.removeAll { $0.column.name == column.name }
            result.append(Assignment(column: column, expression: "?", params: [sqlValue], value: sqlValue))
        }
        for member in members {
            let name = member.key
            if let column = table.column(name) {
                try set(column, member.value)
            } else if let reference = table.reference(name) {
                guard case .object = member.value else {
                    for column in reference.foreignKeys.compactMap(table.column) { try set(column, .null) }
                    continue
                }
                for (foreignKey, targetColumn) in zip(reference.foreignKeys, reference.targetColumns) {
                    guard let column = table.column(foreignKey) else { continue }
                    if let value = member.value[targetColumn], !value.isNull {
                        try set(column, value)
                    } else if case .string(let expression)? = member.value[targetColumn + "_expr"] {
                        try set(column, try serverValues.evaluate(expression, typeName: column.typeName))
                    } else {
                        throw FieldFailure("\"\(name)\" needs \"\(targetColumn)\" to reference a \"\(reference.target)\".")
                    }
                }
            } else if name.hasSuffix("_expr"), let column = table.column(String(name.dropLast(5))) {
                guard case .string(let expression) = member.value else { continue }
                try set(column, try serverValues.evaluate(expression, typeName: column.typeName))
            } else if name.hasSuffix("_date"), let column = table.column(String(name.dropLast(5))) {
                try set(column, .string(try serverValues.relativeDate(member.value)))
            } else if name.hasSuffix("_time"), let column = table.column(String(name.dropLast(5))) {
                try set(column, .string(try serverValues.relativeTime(member.value)))
            } else if name.hasSuffix("_update"), let column = table.column(String(name.dropLast(7))) {
                if let assignment = try updateAssignment(column, operations: member.value.arrayValue ?? [], forInsert: forInsert) {
                    result.removeAll { $0.column.name == column.name }
                    result.append(assignment)
                }
            } else if name.hasSuffix("_embed"), let column = table.column(String(name.dropLast(6))), column.typeName == "Vector" {
                throw FieldFailure("\"\(name)\" needs Vertex AI to compute the embedding, which the emulator does not call; set \"\(column.name)\" to the vector itself.",
                                   code: "UNIMPLEMENTED")
            } else {
                throw FieldFailure("\"\(name)\" is not a field of \"\(table.name)_Data\".")
            }
        }
        return result
    }

    private func checkColumnType(_ column: StoreColumn, _ value: JSONValue) throws(FieldFailure) {
        if let problem = column.typeProblem(value) { throw FieldFailure(problem, code: "INVALID_ARGUMENT") }
    }

    /// `[{inc: 1}]`, `[{append: ["x"]}]`...: composed in order over the column's current value.
    /// On insert there is no old value: the operations start from NULL.
    private func updateAssignment(_ column: StoreColumn, operations: [JSONValue], forInsert: Bool) throws(FieldFailure) -> Assignment? {
        let sqlColumn = forInsert ? "NULL" : dialect.quote(column.sqlName)
        var expression = sqlColumn
        var params: [SQLValue] = []
        var plain: SQLValue?
        for operation in operations {
            guard case .object(let parts) = operation else { continue }
            for part in parts where !part.value.isNull {
                plain = nil
                switch part.key {
                case "set":
                    try checkColumnType(column, part.value)
                    let value = StorageCodec.sqlValue(part.value, typeName: column.typeName, isList: column.isList)
                    expression = "?"
                    params = [value]
                    plain = value
                case "set_expr":
                    guard case .string(let text) = part.value else { continue }
                    let evaluated = try serverValues.evaluate(text, typeName: column.typeName)
                    try checkColumnType(column, evaluated)
                    let value = StorageCodec.sqlValue(evaluated, typeName: column.typeName, isList: false)
                    expression = "?"
                    params = [value]
                    plain = value
                case "inc", "dec":
                    params.append(StorageCodec.scalarSQLValue(part.value))
                    expression = "(COALESCE(\(expression), 0) \(part.key == "inc" ? "+" : "-") ?)"
                case "append", "prepend", "add", "remove":
                    params.append(.text(part.value.jsonText))
                    let update = ListUpdate(rawValue: part.key) ?? .append
                    expression = dialect.listUpdate(update, of: expression, column: column)
                    // Parameters bind in text order: for prepend the new items come before the old value's.
                    if update == .prepend, params.count > 1 {
                        let new = params.removeLast()
                        params.insert(new, at: 0)
                    }
                case "set_embed":
                    throw FieldFailure("\"\(column.name)_update: set_embed\" needs Vertex AI to compute the embedding, which the emulator does not call; use \"set\" with the vector itself.",
                                       code: "UNIMPLEMENTED")
                default:
                    throw FieldFailure("The emulator does not support the update \"\(part.key)\" on \"\(column.name)\".", code: "UNIMPLEMENTED")
                }
            }
        }
        guard expression != sqlColumn else { return nil }
        return Assignment(column: column, expression: expression, params: params, value: plain)
    }
}
