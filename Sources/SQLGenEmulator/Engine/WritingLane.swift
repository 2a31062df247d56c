// The tasks of one batch of writes (`PipelinedWrites`) run one after another on one writing
// thread: the first writes the whole batch, and each of the others then finds its answer at once.
// On the writing threads' shared queue each task would wake a thread of its own, and all but one
// would wait there for the batch and be woken again.

import Synchronization

/// A task executor that runs its jobs in order as one piece of work on `writers`, holding one
/// writing connection meanwhile.
final class WritingLane: TaskExecutor, @unchecked Sendable {
    private struct Pending {
        var jobs: [UnownedJob] = []
        var draining = false
    }

    private let writers: WritingThreads
    private let pending = Mutex(Pending())

    init(writers: WritingThreads) {
        self.writers = writers
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let starts = pending.withLock { pending in
            pending.jobs.append(job)
            defer { pending.draining = true }
            return !pending.draining
        }
        if starts { writers.enqueueWork { self.drain() } }
    }

    /// Runs the jobs waiting, and those enqueued meanwhile, until none is left.
    private func drain() {
        while true {
            let jobs = pending.withLock { pending in
                defer { pending.jobs.removeAll() }
                if pending.jobs.isEmpty { pending.draining = false }
                return pending.jobs
            }
            if jobs.isEmpty { return }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
