// A writing connection for mutations, besides the engine's own, where the database writes in
// parallel (`WritingThreads` lends it to the mutation running on its thread).

/// One writing connection for mutations. Only the job running on the `WritingThreads` thread
/// that holds it uses it, so it is never touched from two threads at once.
final class WriteConnection: @unchecked Sendable {
    let database: any SQLConnection

    init(_ database: any SQLConnection) {
        self.database = database
    }

    /// Runs `body` on the connection under `limit`: nil when the limit stopped it. A transaction
    /// left open by the connection's last request (a failed commit) is rolled back first.
    func write<Result>(under limit: WorkLimit, _ body: (any SQLConnection) -> Result) -> Result? {
        database.rollBackOpenTransaction()
        return database.withWorkLimit(limit) { body(database) }
    }
}
