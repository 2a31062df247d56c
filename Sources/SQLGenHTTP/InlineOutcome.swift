/// What an inline handler does with a request on the event-loop thread.
public enum InlineOutcome: Sendable {
    /// Answered here: written in the same loop iteration.
    case answered(HTTPResponse)
    /// Not for the loop: the server's async handler answers it.
    case declined
    /// Begun here and finished in a Task: work that turned out too long for the loop, handed on
    /// with what was already done for it (so the async handler does not start it over).
    case continued(@Sendable () async -> HTTPResponse)
}
