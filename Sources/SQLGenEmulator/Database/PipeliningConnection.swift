// A connection to a database server that can queue statements from several requests and send
// them together (one round trip for all). A request's work runs twice: the first run stops at its
// statement, which is queued; once the queue ran, the second run finds its statement's outcome
// waiting. A connection in the emulator's own process (SQLite) has no round trip and is not one.

/// A connection whose statements can be queued and run together.
protocol PipeliningConnection: SQLConnection {
    /// The next prepared statement run outside a transaction is queued instead: the work running
    /// it stops there (`interrupted`, and `queuedLastStatement` is true).
    func queueNextStatement()
    /// The next write is queued when it is its transaction's only statement (it carries BEGIN and
    /// COMMIT): a transaction of its own in the queue, the work stopping there. Any other runs as usual.
    func queueNextWrite()
    /// The place in the queue of the statement queued since `queueNextStatement`, nil when the
    /// work queued none (it finished, or failed, first).
    func takeQueuedStatement() -> Int?
    /// How many statements are queued and not sent yet.
    var unsentStatements: Int { get }
    /// Sends the queued statements and waits for their outcomes, under `limit` (a statement that
    /// outlasts it is cancelled on the server).
    func runQueuedStatements(under limit: WorkLimit)
    /// The next statement takes the outcome of the one queued at `place`, when it is the same
    /// statement with the same parameters; a skipped one runs as usual.
    func answerNextStatement(fromQueued place: Int)
    /// Whether the statement queued at `place` was stopped with its queue (cancelled by the
    /// queue's limit, or skipped after it).
    func queuedStatementWasStopped(_ place: Int) -> Bool
    /// Whether the write queued at `place` succeeded, and the work that queued it went on past
    /// it to its answer (its result unread): that answer stands, and the work need not run again.
    func provisionalAnswerStands(_ place: Int) -> Bool
    /// Forgets the queue's outcomes.
    func endQueue()
}
