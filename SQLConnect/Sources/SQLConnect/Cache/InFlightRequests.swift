/// Shares one network call between identical concurrent queries.
///
/// Each caller awaits the shared task; the call is cancelled only when every caller has been cancelled.
actor InFlightRequests {
    private struct Entry {
        let task: Task<TransportResponse, any Error>
        var waiters: Int
        var cancelledWaiters = 0
    }

    private var entries: [String: Entry] = [:]

    func run(key: String, operation: @escaping @Sendable () async throws -> TransportResponse) async throws -> TransportResponse {
        let task: Task<TransportResponse, any Error>
        if var entry = entries[key] {
            entry.waiters += 1
            entries[key] = entry
            task = entry.task
        } else {
            task = Task { try await operation() }
            entries[key] = Entry(task: task, waiters: 1)
        }
        defer { finish(key: key, task: task) }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await self.cancelWaiter(key: key, task: task) }
        }
    }

    private func finish(key: String, task: Task<TransportResponse, any Error>) {
        guard var entry = entries[key], entry.task == task else { return }
        entry.waiters -= 1
        if Task.isCancelled { entry.cancelledWaiters = max(0, entry.cancelledWaiters - 1) }
        entries[key] = entry.waiters <= 0 ? nil : entry
    }

    private func cancelWaiter(key: String, task: Task<TransportResponse, any Error>) {
        guard var entry = entries[key], entry.task == task else {
            task.cancel()
            return
        }
        entry.cancelledWaiters += 1
        entries[key] = entry
        if entry.cancelledWaiters >= entry.waiters { task.cancel() }
    }
}
