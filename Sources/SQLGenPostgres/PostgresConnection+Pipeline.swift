// Statements queued on a connection and sent together (libpq's pipeline mode): one write and one
// round trip for all of them, where each alone costs both sides their system calls and the server
// a wake-up. The emulator's event loop gathers the lookups its ready clients asked for this way,
// and the mutations (each in a transaction of its own).

import CLibPQ

/// What became of a queued statement.
public enum PostgresPipelineOutcome {
    case result(PostgresResult)
    case failure(PostgresError)
    /// Not run: a statement queued before it failed, and the server skipped the rest of the queue.
    case skipped
    /// No answer came (the connection broke): whether it ran is not known.
    case lost
}

extension PostgresConnection {
    /// Queues the prepared statement `name` with `parameters` (text forms; nil is NULL) without
    /// waiting for it (libpq writes when its buffer fills, else in `runQueued`), after `before`
    /// and before `after`, statements without parameters such as BEGIN and COMMIT: one outcome
    /// for the three, the first failure or the statement's result. Until `runQueued`, nothing but
    /// more queueing may run on the connection.
    public func queue(prepared name: String, _ parameters: [String?], before: String? = nil, after: String? = nil) throws(PostgresError) {
        if queuedStatements.isEmpty {
            prepareSimple(before, after)
            guard PQenterPipelineMode(connection) == 1 else { throw PostgresError(message: Self.errorMessage(connection)) }
        }
        let sent = (before.map(sendSimple) ?? true)
            && withCStrings(parameters, { PQsendQueryPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) }) == 1
            && (after.map(sendSimple) ?? true)
        guard sent else {
            // Whatever part of it went takes the rest of the queue's results with it: the
            // statements queued after it have no outcome but `lost`, and it has none.
            queuedStatements.append(QueuedStatement(statement: 0, parts: .max, isAnswered: false))
            throw PostgresError(message: Self.errorMessage(connection))
        }
        let parts = 1 + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
        queuedStatements.append(QueuedStatement(statement: before == nil ? 0 : 1, parts: parts, isAnswered: true))
    }

    /// Sends the queued statements and waits for them: their outcomes in the order queued. They
    /// run in one implicit transaction (but for those in transactions of their own), so after a
    /// failure the server skips the rest (`skipped`).
    public func runQueued() -> [PostgresPipelineOutcome] {
        let queued = queuedStatements
        guard !queued.isEmpty else { return [] }
        queuedStatements = []
        let synced = PQpipelineSync(connection) == 1
        var results = (synced ? pipelineResults() : [])[...]
        _ = PQexitPipelineMode(connection)
        return queued.compactMap { statement in
            let parts = results.prefix(statement.parts)
            results = results.dropFirst(statement.parts)
            guard statement.isAnswered else {
                for part in parts { PQclear(part) }
                return nil
            }
            return outcome(of: statement, parts)
        }
    }

    /// The outcome of one queued statement from the results of its parts (fewer when the
    /// connection broke): the first failure, else the statement's result.
    private func outcome(of statement: QueuedStatement, _ parts: ArraySlice<OpaquePointer>) -> PostgresPipelineOutcome {
        var failure: PostgresError?
        var skipped: PostgresPipelineOutcome?
        var result: PostgresResult?
        for (index, part) in parts.enumerated() {
            if PQresultStatus(part) == PGRES_PIPELINE_ABORTED {
                PQclear(part)
                // Skipped from its start, it did not run; skipped after a part ran, without a
                // failure of its own, it is not known how it ended.
                if failure == nil, skipped == nil { skipped = index == 0 ? .skipped : .lost }
                continue
            }
            do {
                let checked = try checked(part)
                if index == statement.statement { result = checked }
            } catch {
                if failure == nil { failure = error }
            }
        }
        if let failure { return .failure(failure) }
        if let skipped { return skipped }
        guard parts.count == statement.parts, let result else { return .lost }
        return .result(result)
    }

    /// A result of no rows, for a queued statement's caller to go on with while its outcome is
    /// pending (nil when libpq has no memory for it).
    public func emptyResult() -> PostgresResult? {
        PQmakeEmptyPGresult(connection, PGRES_COMMAND_OK).map(PostgresResult.init)
    }

    /// Whether statements are queued and not yet run (`queue`).
    public var hasQueuedStatements: Bool { !queuedStatements.isEmpty }
}

/// A statement queued with the statements around it: how many results it takes, which is its
/// own, and whether its outcome is asked for (not when queueing it failed).
struct QueuedStatement {
    let statement: Int
    let parts: Int
    let isAnswered: Bool
}
