// Every request's work runs under a `WorkLimit`: the emulator's time limit per request, and the
// cancellation of the request's task (the HTTP server cancels it when the client disconnects
// or when the server stops). A stopped request gets an answer that names what stopped it.

/// A request's work that its limit stopped, as the client hears it.
struct StoppedWork: Error {
    let response: EngineResponse

    init(_ reason: WorkLimit.Reason, isMutation: Bool) {
        // Mutations run in one transaction, which a stopped limit never commits.
        let unwritten = isMutation ? " Nothing was written." : ""
        switch reason {
        case .deadline(let timeout):
            response = EmulatorEngine.requestError(
                504, "The request was stopped after \(Self.format(timeout)), the emulator's time limit per request "
                    + "(sqlgen emulator --request-timeout).\(unwritten)", code: "DEADLINE_EXCEEDED")
        case .cancelled, .steps:
            response = EmulatorEngine.requestError(
                503, "The request was stopped before it finished: the emulator is stopping or the client went away.\(unwritten)",
                code: "UNAVAILABLE")
        }
    }

    /// `5s`, `1.5s`, `250ms`: how `--request-timeout` spells durations.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1_000 { return "\(milliseconds)ms" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000)s" }
        var text = String(Double(milliseconds) / 1_000)
        while text.hasSuffix("0") { text.removeLast() }
        return text + "s"
    }
}

extension EmulatorEngine {
    /// The default time limit of one request's SQL and execution.
    public static let defaultRequestTimeout = Duration.seconds(5)
}

/// Runs `work` under a limit of `timeout` (nil: none) that the calling task's cancellation
/// cancels: the work's result, or why the limit stopped it.
func underWorkLimit<Result>(
    timeout: Duration?, isMutation: Bool, isolation: isolated (any Actor)? = #isolation,
    _ work: (WorkLimit) async -> Result?
) async -> Swift.Result<Result, StoppedWork> {
    let limit = WorkLimit(timeout: timeout)
    let result = await withTaskCancellationHandler {
        await work(limit)
    } onCancel: {
        limit.cancel()
    }
    if let result, limit.stopReason == nil { return .success(result) }
    return .failure(StoppedWork(limit.stopReason ?? .cancelled, isMutation: isMutation))
}
