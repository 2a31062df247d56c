// Statements prepared under names the caller chooses, described once (the parameter types the
// server inferred, the result columns), run with text parameters and released by name.

import CLibPQ

/// What the server made of a prepared statement.
public struct PostgresStatementShape: Sendable {
    /// The type of each `$n` (`pg_type.oid`), as the server inferred it from the statement.
    public var parameterTypes: [UInt32]
    public var columnNames: [String]
    public var columnTypes: [UInt32]
}

/// Where a connection stands with respect to transactions.
public enum PostgresTransactionState: Sendable {
    case idle
    /// In a transaction that can go on.
    case inTransaction
    /// In a transaction a failed statement aborted: only a rollback helps.
    case failed
    /// A command is running, or the connection is broken.
    case unknown
}

extension PostgresConnection {
    /// Parses and plans `sql` as the statement `name`, and describes it.
    public func prepare(named name: String, _ sql: String) throws(PostgresError) -> PostgresStatementShape {
        _ = try checked(PQprepare(connection, name, sql, 0, nil))
        let description = try checked(PQdescribePrepared(connection, name))
        return description.shape
    }

    /// Runs the prepared statement `name` with `parameters` in text form (nil is NULL).
    public func executePrepared(named name: String, _ parameters: [String?]) throws(PostgresError) -> PostgresResult {
        try checked(withCStrings(parameters) { PQexecPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) })
    }

    public var transactionState: PostgresTransactionState {
        switch PQtransactionStatus(connection) {
        case PQTRANS_IDLE: .idle
        case PQTRANS_INTRANS: .inTransaction
        case PQTRANS_INERROR: .failed
        default: .unknown
        }
    }

    /// The server's version as a number (150018 for 15.18).
    public var serverVersion: Int { Int(PQserverVersion(connection)) }
}

extension PostgresResult {
    var shape: PostgresStatementShape {
        let raw = handle
        let parameters = (0..<PQnparams(raw)).map { UInt32(PQparamtype(raw, $0)) }
        return PostgresStatementShape(parameterTypes: parameters, columnNames: (0..<columnCount).map(columnName),
                                      columnTypes: (0..<columnCount).map(columnType))
    }
}

extension PostgresConnection {
    /// Runs the prepared statement `name` in one round trip (libpq's pipeline mode) after
    /// `before` and before `after`, statements without parameters such as BEGIN and COMMIT: the
    /// statement's result, or the first failure (the server skips what follows a failure).
    public func executePrepared(named name: String, _ parameters: [String?], before: String?, after: String?)
        throws(PostgresError) -> PostgresResult {
        prepareSimple(before, after)
        guard PQenterPipelineMode(connection) == 1 else { throw PostgresError(message: Self.errorMessage(connection)) }
        let sent = (before.map(sendSimple) ?? true)
            && withCStrings(parameters, { PQsendQueryPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) }) == 1
            && (after.map(sendSimple) ?? true)
            && PQpipelineSync(connection) == 1
        let results = pipelineResults()
        _ = PQexitPipelineMode(connection)
        let statementIndex = before == nil ? 0 : 1
        guard sent, results.count == statementIndex + (after == nil ? 1 : 2) else {
            for result in results { PQclear(result) }
            throw PostgresError(message: Self.errorMessage(connection))
        }
        var statementResult: PostgresResult?
        var failure: PostgresError?
        for (index, result) in results.enumerated() {
            guard failure == nil else {
                PQclear(result)
                continue
            }
            do {
                let checkedResult = try checked(result)
                if index == statementIndex { statementResult = checkedResult }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let statementResult else { throw PostgresError(message: Self.errorMessage(connection)) }
        return statementResult
    }

    /// Sends `sql`, a statement without parameters, as prepared when it is (`prepareSimple`).
    func sendSimple(_ sql: String) -> Bool {
        if let name = preparedSimple[sql] { return PQsendQueryPrepared(connection, name, 0, nil, nil, nil, 0) == 1 }
        return PQsendQueryParams(connection, sql, 0, nil, nil, nil, nil, 0) == 1
    }

    /// Prepares each of `statements` (without parameters) not prepared yet, for `sendSimple`:
    /// once per connection, outside pipeline mode (where a statement cannot wait for its answer).
    /// One that fails to prepare is sent unprepared.
    func prepareSimple(_ statements: String?...) {
        guard queuedStatements.isEmpty else { return }
        for case let sql? in statements where preparedSimple[sql] == nil {
            let name = "sqlgen_around_\(preparedSimple.count + 1)"
            guard let result = PQprepare(connection, name, sql, 0, nil) else { continue }
            if PQresultStatus(result) == PGRES_COMMAND_OK { preparedSimple[sql] = name }
            PQclear(result)
        }
    }

    /// The results of one pipeline up to its sync point (the NULLs between them skipped).
    func pipelineResults() -> [OpaquePointer] {
        var results: [OpaquePointer] = []
        var nulls = 0
        while nulls < 2 {
            guard let result = PQgetResult(connection) else {
                nulls += 1
                continue
            }
            nulls = 0
            if PQresultStatus(result) == PGRES_PIPELINE_SYNC {
                PQclear(result)
                break
            }
            results.append(result)
        }
        return results
    }
}
