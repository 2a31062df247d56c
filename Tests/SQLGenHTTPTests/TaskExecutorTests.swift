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

    /// A continued request names where its Task runs: there, and not on the server's executor.
    @Test func aContinuedRequestRunsOnTheExecutorItNames() async throws {
        let serverExecutor = CountingExecutor()
        let named = CountingExecutor()
        var configuration = testConfiguration()
        configuration.taskExecutor = serverExecutor
        let server = HTTPServer(configuration: configuration, inline: { _ in
            .continued(on: named) { HTTPResponse(status: 201, body: Array("continued".utf8)) }
        }, handler: { _ in HTTPResponse(status: 200) })
        let port = try server.start()
        let response: RawClient.Response
        do {
            response = try await blocking { try RawClient(port: port).roundTrip(request("GET", "/")) }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        #expect(response.status == 201)
        #expect(named.jobs.load(ordering: .relaxed) > 0)
        #expect(serverExecutor.jobs.load(ordering: .relaxed) == 0)
    }
}
