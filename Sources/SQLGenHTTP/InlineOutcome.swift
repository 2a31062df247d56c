/// What an inline handler does with a request on the event-loop thread.
public enum InlineOutcome: Sendable {
    /// Answered here: written in the same loop iteration.
    case answered(HTTPResponse)
    /// Not for the loop: the server's async handler answers it.
    case declined
    /// Begun here and finished in a Task: work that turned out too long for the loop, handed on
    /// with what was already done for it (so the async handler does not start it over). The Task
    /// prefers `executor` when there is one (where the work will block anyway: a hop saved),
    /// else the server's `taskExecutor`.
    case continued(on: (any TaskExecutor)? = nil, @Sendable () async -> HTTPResponse)
    /// Begun here and finished with others of the same loop pass: once every ready request of
    /// the pass was offered, the loop runs each batch named once, then takes the outcome (say,
    /// lookups sent to a database server together, one round trip for all).
    case batched(any InlineBatch, @Sendable () -> InlineOutcome)

    /// The same outcome with `transform` applied to its response, whenever that comes.
    public func mapResponse(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> InlineOutcome {
        switch self {
        case .answered(let response): .answered(transform(response))
        case .declined: .declined
        case .continued(let executor, let work): .continued(on: executor) { transform(await work()) }
        case .batched(let batch, let outcome): .batched(batch) { outcome().mapResponse(transform) }
        }
    }
}

/// Work shared by requests an inline handler began on one loop pass (`InlineOutcome.batched`).
public protocol InlineBatch: AnyObject, Sendable {
    /// Does the shared work, on the loop thread, before the members' outcomes are taken. The loop
    /// calls it once per pass in which a member was begun, even when that member's client left.
    func run()
}
