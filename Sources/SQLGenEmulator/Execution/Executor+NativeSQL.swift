// Native SQL root fields (`_select`, `_selectFirst`, `_execute`, `_executeReturning`,
// `_executeReturningFirst`): the operation's SQL literal runs on the emulator's database with
// `$n` written as the dialect writes parameters and `params` bound (never interpolated). Rows
// come back as JSON objects keyed by column name, with values as the database holds them.
// Mutation fields run inside the operation's transaction, on the engine's connection; query
// fields run on a read-only connection.

import SQLGenJSON
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

extension Executor {
    /// What tells a client that its SQL met another database than PostgreSQL (nothing on PostgreSQL).
    var nativeSQLDialectNote: String {
        dialect.runsDataConnectSQL ? ""
            : " The emulator runs native SQL on \(dialect.name), while Data Connect runs it on PostgreSQL: write SQL both accept, or check this operation against the Data Connect emulator."
    }

    func nativeSQL(_ native: NativeSQLField, fields: [Field], arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let name = native.rawValue
        guard let field = fields.first, let sqlArgument = field.arguments.first(where: { $0.name.value == "sql" }) else {
            throw FieldFailure("\"\(name)\" needs \"sql\".")
        }
        guard case .string(let literal) = sqlArgument.value else {
            throw FieldFailure("Argument \"\(name)(sql:)\" must be a string literal written in the operation, not a variable: clients cannot change native SQL.")
        }
        let text = NativeSQLText(literal.value)
        let values = try nativeParameters(field, name: name, coerced: arguments["params"])
        if let problem = native.problems(text, parameterCount: values.count).first {
            throw FieldFailure(problem)
        }
        // Statements that would break the transaction the emulator wraps a mutation in.
        if let first = text.firstWord, dialect.connectionControlWords.contains(first) {
            throw FieldFailure("The SQL of \"\(name)\" controls the transaction or the connection (\"\(first)\"), which Data Connect manages.")
        }
        if dialect.readsQuestionMarkAsParameter, text.hasQuestionMark {
            throw FieldFailure("The SQL of \"\(name)\" has a \"?\", which \(dialect.name) reads as a parameter.\(nativeSQLDialectNote)")
        }
        let statement: any SQLStatement
        do {
            statement = try database.prepareNative(text.rewritingParameters { dialect.nativeParameter($0) })
        } catch {
            throw FieldFailure("\(dialect.name) rejected the SQL of \"\(name)\": \(error.message).\(nativeSQLDialectNote)")
        }
        if native.isReadOnly, !statement.isReadOnly {
            throw FieldFailure("\"\(name)\" runs read-only SQL, but this SQL writes; change data with a mutation's \"_execute\".")
        }
        do {
            for index in 0..<Int(statement.parameterCount) {
                try statement.bind(index < values.count ? values[index] : .null, at: Int32(index + 1))
            }
        } catch {
            throw FieldFailure("Binding \"\(name)(params:)\" failed: \(error.message).")
        }
        let changesBefore = database.totalChanges
        let rows = try nativeRows(statement, name: name)
        switch native {
        case .execute:
            return .value(.int(database.totalChanges - changesBefore))
        case .selectFirst, .executeReturningFirst:
            return rows.first.map { .value($0) } ?? .null
        case .select, .executeReturning:
            return .list(rows.map { .value($0) })
        }
    }

    /// The values of `params`, in order: `{_expr: "..."}` entries written in the operation are
    /// evaluated on the server; everything else is the coerced value (variables included).
    private func nativeParameters(_ field: Field, name: String, coerced: JSONValue?) throws(FieldFailure) -> [SQLValue] {
        let written = field.arguments.first { $0.name.value == "params" }?.value
        var items: [JSONValue] = []
        switch coerced {
        case .array(let values)?: items = values
        case nil, .null?: return []
        case let value?: items = [value]
        }
        var result: [SQLValue] = []
        for (index, item) in items.enumerated() {
            if case .list(let literals, _)? = written, index < literals.count, case .object(let members, _) = literals[index],
               let expression = members.first(where: { $0.name.value == "_expr" }) {
                guard case .string(let text) = expression.value else {
                    throw FieldFailure("\"_expr\" in \"\(name)(params:)\" must be a string literal (a CEL expression such as \"auth.uid\").")
                }
                result.append(StorageCodec.scalarSQLValue(try serverValues.evaluate(text.value, typeName: "Any")))
            } else {
                result.append(StorageCodec.scalarSQLValue(item))
            }
        }
        return result
    }

    /// Every row as a JSON object keyed by column name (the first of duplicate names wins).
    private func nativeRows(_ statement: any SQLStatement, name: String) throws(FieldFailure) -> [JSONValue] {
        defer { statement.reset() }
        let count = statement.columnCount
        var names: [String] = []
        var keep: [Bool] = []
        var seen: Set<String> = []
        for index in 0..<count {
            let column = statement.columnName(at: index)
            names.append(column)
            keep.append(seen.insert(column).inserted)
        }
        var rows: [JSONValue] = []
        while true {
            do {
                guard try statement.step() else { break }
            } catch {
                if error.isConstraintViolation { throw Self.failure(error) }
                throw FieldFailure("\(dialect.name) could not run the SQL of \"\(name)\": \(error.message).\(nativeSQLDialectNote)")
            }
            rowsLoaded += 1
            if rowsLoaded > limits.maxRows {
                throw FieldFailure("The operation loads too many rows (more than \(limits.maxRows)); add a LIMIT to the SQL of \"\(name)\".", code: "RESOURCE_EXHAUSTED")
            }
            var members: [JSONMember] = []
            members.reserveCapacity(Int(count))
            for index in 0..<count where keep[Int(index)] {
                members.append(JSONMember(names[Int(index)], Self.nativeJSON(statement.value(at: index))))
            }
            rows.append(.object(members))
        }
        return rows
    }

    /// A stored value as JSON; blobs as PostgreSQL prints `bytea` (`\x` and hex digits).
    static func nativeJSON(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .int(number)
        case .real(let number): return number.isFinite ? .double(number) : .null
        case .text(let text): return .string(text)
        case .blob(let bytes):
            let digits: [UInt8] = Array("0123456789abcdef".utf8)
            var out: [UInt8] = [0x5C, 0x78]
            for byte in bytes {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0F)])
            }
            return .string(String(decoding: out, as: UTF8.self))
        }
    }
}
