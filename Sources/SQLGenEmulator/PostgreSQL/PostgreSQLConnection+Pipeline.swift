// Statements queued for the event loop's lookups (`PipeliningConnection`): a run that is armed
// queues its first prepared statement outside a transaction and stops; the queue runs in one
// round trip (libpq's pipeline mode); the second run takes the outcome kept for its statement.

import SQLGenPostgres

/// The queue of a PostgreSQL connection, and what became of each statement in it.
struct StatementQueue {
    struct Entry {
        let name: String
        let parameters: [String?]
        var outcome: PostgresPipelineOutcome?
    }

    /// Whether the next statement is queued.
    var armed = false
    /// Whether the last armed run queued its statement.
    var queuedLast = false
    var entries: [Entry] = []
    /// The entry whose outcome the next statement takes.
    var answering: Int?
    /// Whether the queue's limit stopped it while it ran.
    var stopped = false
}

extension PostgreSQLConnection: PipeliningConnection {
    func queueNextStatement() {
        queue.armed = true
        queue.queuedLast = false
    }

    func takeQueuedStatement() -> Int? {
        queue.armed = false
        guard queue.queuedLast else { return nil }
        queue.queuedLast = false
        return queue.entries.count - 1
    }

    var queuedLastStatement: Bool { queue.queuedLast }

    func runQueuedStatements(under limit: WorkLimit) {
        guard client.hasQueuedStatements else { return }
        let canceller = client.canceller
        let watch = limit.timeLeft.map { _ in DeadlineWatchdog.shared.watch(limit) }
        defer { watch.map(DeadlineWatchdog.shared.stopWatching) }
        let outcomes = limit.whileInterruptible({ canceller.cancelRunningStatement() }) { client.runQueued() }
        queue.stopped = queue.stopped || limit.stopReason != nil
        // The queued entries without an outcome are the ones this run sent, in order.
        let first = queue.entries.count - outcomes.count
        for (offset, outcome) in outcomes.enumerated() where first + offset >= 0 {
            queue.entries[first + offset].outcome = outcome
        }
        if !client.isHealthy { reconnect() }
    }

    /// Runs what is queued before anything else uses the connection (a statement to prepare, one
    /// to run at once): the queue's outcomes wait for their second runs.
    func settleQueue() {
        if client.hasQueuedStatements { runQueuedStatements(under: WorkLimit()) }
    }

    func answerNextStatement(fromQueued place: Int) {
        queue.answering = place
    }

    func queuedStatementWasStopped(_ place: Int) -> Bool {
        guard queue.stopped, queue.entries.indices.contains(place) else { return false }
        switch queue.entries[place].outcome {
        case .result?: return false
        case .failure(let error)?: return error.isCancelled
        case .skipped?, nil: return true
        }
    }

    func endQueue() {
        queue = StatementQueue()
    }

    /// For `run`: queues an armed statement and stops the work (`interrupted`); returns the kept
    /// outcome of the statement being answered; nil when the statement runs as usual.
    func queuedAnswer(_ statement: PostgreSQLStatement, _ parameters: [String?]) throws(DatabaseError) -> PostgresResult? {
        if queue.armed {
            queue.armed = false
            do {
                try client.queue(prepared: statement.name, parameters)
            } catch {
                throw noted(DatabaseError(postgres: error, sql: statement.sql))
            }
            queue.entries.append(StatementQueue.Entry(name: statement.name, parameters: parameters))
            queue.queuedLast = true
            throw DatabaseError(kind: .interrupted, code: 0, message: "queued: its outcome comes with its queue's", sql: statement.sql,
                                database: "PostgreSQL")
        }
        guard let place = queue.answering else { return nil }
        queue.answering = nil
        // A reconnection in between forgot the queue: the statement runs as usual.
        guard queue.entries.indices.contains(place) else { return nil }
        let entry = queue.entries[place]
        guard entry.name == statement.name, entry.parameters == parameters, let outcome = entry.outcome else { return nil }
        switch outcome {
        case .result(let result): return result
        case .failure(let error): throw noted(DatabaseError(postgres: error, sql: statement.sql))
        case .skipped: return nil
        }
    }
}
