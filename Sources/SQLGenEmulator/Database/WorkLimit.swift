// What bounds the database work of one request: a deadline, a budget of virtual-machine steps, and
// a cancellation that another thread may request (the client went away, the server is stopping).
// `SQLConnection.withWorkLimit` enforces it; this type only decides.

import Synchronization

/// A bound on one request's database work. Thread-safe: `cancel()` may come from any thread while
/// the connection's thread checks the limit.
public final class WorkLimit: Sendable {
    /// Why work was stopped.
    public enum Reason: Sendable, Equatable {
        /// The time limit (the duration given) ran out.
        case deadline(Duration)
        /// `cancel()` was called.
        case cancelled
        /// The step budget ran out.
        case steps
    }

    /// How many virtual-machine instructions SQLite runs between two checks.
    let checkInterval: Int32
    private let timeout: Duration?
    /// When the time limit runs out, nil without one.
    let deadline: ContinuousClock.Instant?
    private let stepChecks: Int?
    private let checksMade = Atomic<Int>(0)
    private let cancelRequested = Atomic<Bool>(false)
    /// 0 while work may go on, else the stop that was enforced (see `code(of:)`).
    private let stopCode = Atomic<Int>(0)
    /// Set when the work's transaction committed (`noteCommitted`).
    private let committed = Atomic<Bool>(false)
    /// Stops the statement running now, for a database that cannot check the limit itself while
    /// a statement runs (a server): set by `whileInterruptible`.
    private let interrupter = Mutex<(@Sendable () -> Void)?>(nil)

    /// A limit of `timeout` from now and/or about `steps` SQLite instructions; neither: no limit
    /// but cancellation.
    public init(timeout: Duration? = nil, steps: Int? = nil) {
        self.timeout = timeout
        deadline = timeout.map { ContinuousClock.now + $0 }
        let interval = max(1, min(1_000, steps ?? 1_000))
        checkInterval = Int32(interval)
        stepChecks = steps.map { max(1, $0 / interval) }
    }

    /// Asks for the work to stop at its next check. Work that is already done is not undone.
    public func cancel() {
        cancelRequested.store(true, ordering: .releasing)
        interrupter.withLock { $0?() }
    }

    /// Runs `body` with `interrupt` called when `cancel()` is (at once when it already was) or
    /// when `interruptIfStopped()` finds work must stop. The call happens under a lock that this
    /// method takes again before returning, so `interrupt` is never called after it returns.
    func whileInterruptible<Result>(_ interrupt: @escaping @Sendable () -> Void, _ body: () -> Result) -> Result {
        interrupter.withLock { $0 = interrupt }
        defer { interrupter.withLock { $0 = nil } }
        if cancelRequested.load(ordering: .acquiring) { interruptIfStopped() }
        return body()
    }

    /// Calls the interrupter when work must stop now (the deadline passed, or cancelled).
    func interruptIfStopped() {
        guard shouldStop() else { return }
        interrupter.withLock { $0?() }
    }

    /// The time left before the deadline (zero once it passed), nil without one.
    var timeLeft: Duration? {
        deadline.map { max(.zero, $0 - ContinuousClock.now) }
    }

    /// Records that the work's transaction committed. A stop recorded while its COMMIT ran then
    /// does not count: what was written stays written, and the answer must say it was.
    func noteCommitted() {
        committed.store(true, ordering: .releasing)
    }

    /// The stop that was enforced (a statement interrupted or refused), nil while none was, and
    /// nil once the work committed.
    public var stopReason: Reason? {
        if committed.load(ordering: .acquiring) { return nil }
        return switch stopCode.load(ordering: .acquiring) {
        case 1: timeout.map { .deadline($0) }
        case 2: .cancelled
        case 3: .steps
        default: nil
        }
    }

    /// Whether work must stop now; records the reason when it must. Called between statements.
    func shouldStop() -> Bool {
        if stopCode.load(ordering: .relaxed) != 0 { return true }
        if cancelRequested.load(ordering: .relaxed) { return record(2) }
        if let deadline, ContinuousClock.now >= deadline { return record(1) }
        return false
    }

    /// One progress-handler call, every `checkInterval` instructions: counts against the step
    /// budget, then checks like `shouldStop`.
    func spendCheck() -> Bool {
        if let stepChecks, checksMade.add(1, ordering: .relaxed).newValue >= stepChecks {
            return record(3)
        }
        return shouldStop()
    }

    private func record(_ code: Int) -> Bool {
        _ = stopCode.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing)
        return true
    }
}
