// A budget of virtual-machine steps for the statements of a piece of work, through SQLite's
// progress handler: the event loop answers cheap hosted queries itself, and a budget bounds how
// long one can hold the loop whatever the data (a bounded list over an unindexed column scans
// the whole table to find few rows).

import CSQLite

extension Database {
    /// Runs `body` with a budget of about `steps` SQLite virtual-machine instructions for the
    /// statements it runs. Past the budget, the running statement fails with `SQLITE_INTERRUPT`
    /// and so does every later one; nil is returned then, whatever `body` made of the failure.
    func withStepBudget<Result>(_ steps: Int, _ body: () -> Result) -> Result? {
        // SQLite calls the handler every `interval` instructions of a statement (counting starts
        // again with each statement, so short statements are never interrupted).
        let interval = max(1, min(1_000, steps))
        let budget = StepBudget(checks: max(1, steps / interval))
        let context = Unmanaged.passUnretained(budget).toOpaque()
        sqlite3_progress_handler(handle, Int32(interval), { context in
            guard let context else { return 0 }
            return Unmanaged<StepBudget>.fromOpaque(context).takeUnretainedValue().spend()
        }, context)
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        let result = withExtendedLifetime(budget) { body() }
        return budget.isSpent ? nil : result
    }
}

/// What is left of a `withStepBudget` budget, counted in progress-handler calls.
private final class StepBudget {
    private var checksLeft: Int
    private(set) var isSpent = false

    init(checks: Int) {
        checksLeft = checks
    }

    /// One more call: 0 to go on, 1 (interrupt) once the budget is spent.
    func spend() -> Int32 {
        checksLeft -= 1
        if checksLeft > 0 && !isSpent { return 0 }
        isSpent = true
        return 1
    }
}
