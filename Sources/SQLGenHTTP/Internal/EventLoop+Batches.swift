// Requests the inline handler began in one pass over the ready connections and finishes together
// (`InlineOutcome.batched`): each batch named runs once, after every ready request was offered,
// so work they share (a round trip to a database server) is done once for all of them.

/// A request waiting for its batch to run.
struct BatchedRequest {
    let connection: Connection
    let request: HTTPRequest
    let batch: any InlineBatch
    let outcome: @Sendable () -> InlineOutcome
}

extension EventLoop {
    /// Runs the batches of the requests begun this pass, then takes each request's outcome. An
    /// answer may let a connection's next pipelined request begin in a new batch: repeated until
    /// none is left.
    func finishBatches(now: UInt64) {
        while !batchedRequests.isEmpty {
            let requests = batchedRequests
            batchedRequests.removeAll(keepingCapacity: true)
            var ran: Set<ObjectIdentifier> = []
            for request in requests where ran.insert(ObjectIdentifier(request.batch)).inserted {
                request.batch.run()
            }
            for request in requests {
                let outcome = request.outcome()
                let connection = request.connection
                // The client left (or the loop is stopping): the outcome is taken and dropped.
                guard !connection.isClosed, connection.state == .handling else { continue }
                // An answer written at once goes on with the connection's pipelined input itself
                // (`finishResponse`); a deferred one, when it is written.
                take(outcome, for: request.request, on: connection, now: now)
            }
        }
    }
}
