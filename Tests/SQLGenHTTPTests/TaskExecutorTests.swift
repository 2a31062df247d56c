import Foundation
@testable import SQLGenHTTP
import Synchronization
import Testing

/// Runs each job on a new thread and counts them: a stand-in for a server's own threads.
private final class CountingExecutor: TaskExecutor, @unchecked Sendable {
    let jobs = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        Thread.detachNewThread { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

@Suite("Handler tasks on the configured executor")
struct TaskExecutorTests {
    @Test func handlersRunOnTheConfiguredTaskExecutor() async throws {
        let executor = CountingExecutor()
        var configuration = testConfiguration()
        configuration.taskExecutor = executor
        try await withServer(configuration) { _, port in
            let response = try await blocking { try RawClient(port: port).roundTrip(request("GET", "/")) }
            #expect(response.status == 200)
            #expect(response.bodyText == "hello")
        }
        #expect(executor.jobs.load(ordering: .relaxed) > 0)
    }
}
