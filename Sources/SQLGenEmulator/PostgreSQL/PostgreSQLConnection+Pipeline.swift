// Statements queued for the event loop's lookups (`PipeliningConnection`): a run that is armed
// queues its first prepared statement outside a transaction and stops; the queue runs in one
// round trip (libpq's pipeline mode); the second run takes the outcome kept for its statement.

import SQLGenPostgres

/// The queue of a PostgreSQL connection, and what became of each statement in it.
struct StatementQueue {
    struct Entry {
        let name: String
        let parameters: [String?]
        /// A write queued as a transaction of its own.
        var isWrite = false
        /// Whether the work went on past it to an answer that stands if it succeeds.
        var isProvisional = false
        var outcome: PostgresPipelineOutcome?
    }

    /// Whether the next statement is queued.
    var armed = false
    /// Whether the armed statement is a write: queued only when it is its transaction's only one.
    var armsWrite = false
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
        queue.armsWrite = false
        queue.queuedLast = false
    }

    func queueNextWrite() {
        queue.armed = true
        queue.armsWrite = true
        queue.queuedLast = false
    }

    func takeQueuedStatement() -> Int? {
        queue.armed = false
        guard queue.queuedLast else { return nil }
        queue.queuedLast = false
        return queue.entries.count - 1
    }

    var queuedLastStatement: Bool { queue.queuedLast }

    var unsentStatements: Int { queue.entries.lazy.filter { $0.outcome == nil }.count }

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
        guard queue.entries.indices.contains(place) else { return false }
        let entry = queue.entries[place]
        switch entry.outcome {
        case .result?: return false
        case .failure(let error)?: return queue.stopped && error.isCancelled
        // A write skipped after another's failure was not made.
        case .skipped?: return queue.stopped || entry.isWrite
        // Without an answer, whether a write was made is not known: it is not made again.
        case .lost?, nil: return queue.stopped && !entry.isWrite
        }
    }

    func provisionalAnswerStands(_ place: Int) -> Bool {
        guard queue.entries.indices.contains(place), queue.entries[place].isProvisional else { return false }
        if case .result? = queue.entries[place].outcome { return true }
        return false
    }

    func endQueue() {
        queue = StatementQueue()
    }

    /// For `run`: queues an armed statement and stops the work (`interrupted`), or lets it go on
    /// with an empty result when it is a write whose result the work does not read (`unread`);
    /// returns the kept outcome of the statement being answered; nil when the statement runs as
    /// usual. A statement that carries its transaction's `begin` and `commit` (a write, the only
    /// statement of its transaction) is what a write's queue takes, with them: a transaction of
    /// its own.
    func queuedAnswer(_ statement: PostgreSQLStatement, _ parameters: [String?], begin: String?, commit: String?,
                      unread: Bool) throws(DatabaseError) -> PostgresResult? {
        let lone = begin != nil && commit != nil
        if queue.armed, queue.armsWrite == lone {
            queue.armed = false
            do {
                try client.queue(prepared: statement.name, parameters, before: begin, after: commit)
            } catch {
                throw noted(DatabaseError(postgres: error, sql: statement.sql))
            }
            // A write whose result the work does not read lets it go on to a provisional answer.
            let provisional = lone && unread ? client.emptyResult() : nil
            queue.entries.append(StatementQueue.Entry(name: statement.name, parameters: parameters, isWrite: lone, isProvisional: provisional != nil))
            queue.queuedLast = true
            if let provisional { return provisional }
            throw DatabaseError(kind: .interrupted, code: 0, message: "queued: its outcome comes with its queue's", sql: statement.sql,
                                database: "PostgreSQL")
        }
        // A write's first statement that is not its last runs as usual, and so does what follows.
        if queue.armsWrite { queue.armed = false }
        guard let place = queue.answering else { return nil }
        queue.answering = nil
        return try keptOutcome(at: place, statement, parameters, lone: lone)
    }

    /// The kept outcome of the statement queued at `place`, for the same statement run again.
    /// A lone write was queued once and never runs twice: without an outcome that is surely its
    /// own (the connection broke, or the run differs), it fails rather than run as usual.
    private func keptOutcome(at place: Int, _ statement: PostgreSQLStatement, _ parameters: [String?],
                             lone: Bool) throws(DatabaseError) -> PostgresResult? {
        let entry = queue.entries.indices.contains(place) ? queue.entries[place] : nil
        guard let entry, entry.isWrite == lone, entry.name == statement.name, entry.parameters == parameters,
              let outcome = entry.outcome, !lone || outcome.isKnown else {
            // A reconnection in between forgot the queue: a read runs as usual.
            guard lone || entry?.isWrite == true else { return nil }
            throw DatabaseError(kind: .other, code: 0, message: "The connection to the database was lost; the write may or may not have been made.",
                                sql: statement.sql, database: "PostgreSQL")
        }
        switch outcome {
        case .result(let result): return result
        case .failure(let error): throw noted(DatabaseError(postgres: error, sql: statement.sql))
        case .skipped, .lost: return nil
        }
    }
}

extension PostgresPipelineOutcome {
    /// Whether the server said what became of the statement: it ran, or failed.
    var isKnown: Bool {
        switch self {
        case .result, .failure: true
        case .skipped, .lost: false
        }
    }
}
