// Statements queued on a connection and sent together (libpq's pipeline mode): one write and one
// round trip for all of them, where each alone costs both sides their system calls and the server
// a wake-up. The emulator's event loop gathers the lookups its ready clients asked for this way.

import CLibPQ

/// What became of a queued statement.
public enum PostgresPipelineOutcome {
    case result(PostgresResult)
    case failure(PostgresError)
    /// Not run: a statement queued before it failed, and the server skipped the rest of the queue.
    case skipped
}

extension PostgresConnection {
    /// Queues the prepared statement `name` with `parameters` (text forms; nil is NULL) without
    /// waiting for it (libpq writes when its buffer fills, else in `runQueued`). Until `runQueued`,
    /// nothing but more queueing may run on the connection.
    public func queue(prepared name: String, _ parameters: [String?]) throws(PostgresError) {
        if queuedStatements == 0 {
            guard PQenterPipelineMode(connection) == 1 else { throw PostgresError(message: Self.errorMessage(connection)) }
        }
        let sent = withCStrings(parameters) { PQsendQueryPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) }
        guard sent == 1 else {
            if queuedStatements == 0 { _ = PQexitPipelineMode(connection) }
            throw PostgresError(message: Self.errorMessage(connection))
        }
        queuedStatements += 1
    }

    /// Sends the queued statements and waits for them: their outcomes in the order queued. They
    /// run in one implicit transaction, so after a failure the server skips the rest (`skipped`).
    public func runQueued() -> [PostgresPipelineOutcome] {
        let count = queuedStatements
        guard count > 0 else { return [] }
        queuedStatements = 0
        let synced = PQpipelineSync(connection) == 1
        let results = synced ? pipelineResults() : []
        _ = PQexitPipelineMode(connection)
        var outcomes: [PostgresPipelineOutcome] = results.map { result in
            guard PQresultStatus(result) != PGRES_PIPELINE_ABORTED else {
                PQclear(result)
                return .skipped
            }
            do throws(PostgresError) {
                return .result(try checked(result))
            } catch {
                return .failure(error)
            }
        }
        // A broken connection answers none (or not all): the rest run again on their own.
        while outcomes.count < count { outcomes.append(.skipped) }
        return Array(outcomes.prefix(count))
    }

    /// Whether statements are queued and not yet run (`queue`).
    public var hasQueuedStatements: Bool { queuedStatements > 0 }
}
