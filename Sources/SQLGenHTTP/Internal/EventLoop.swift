#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// One I/O thread: polls its connections (and the shared listener), parses requests, tries the inline
/// handler on this thread, else runs the handler in a Task per request, and writes the responses. All
/// socket I/O stays on this thread; Tasks hand responses back through `complete` and a wake-up pipe,
/// so no Task ever blocks on a socket.
final class EventLoop: @unchecked Sendable {
    struct Completion {
        var fd: Int32
        var connectionID: UInt64
        var response: HTTPResponse
    }

    /// A connection another loop accepted for this one to serve.
    struct AdoptedConnection {
        var fd: Int32
        var remoteAddress: String?
    }

    private struct Shared {
        var completions: [Completion] = []
        var adopted: [AdoptedConnection] = []
        var wakePending = false
        var shutdownRequested = false
        var exited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let settings: LoopSettings
    let listener: ListenerShare
    /// This loop's place among the server's (`ListenerShare`'s loads).
    let index: Int
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    /// Tried first on the loop thread; a declined request (or no inline handler) means a Task runs `handler`.
    let inlineHandler: (@Sendable (HTTPRequest) -> InlineOutcome)?
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let shared = Mutex(Shared())

    // Loop-thread state.
    var connections: [Int32: Connection] = [:]
    var nextConnectionID: UInt64 = 0
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    var dateCache = DateLineCache()
    var shuttingDown = false
    private var graceDeadline = UInt64.max
    /// Whether the grace period ended and the handlers still running were cancelled.
    private var handlersCancelled = false
    /// Connections accepted beyond the limit, being told 503.
    var refusedConnections = 0
    var acceptPausedUntil: UInt64 = 0
    /// While set (the dispatch of one poll's events), `send` queues connections here instead of
    /// writing; they are written together once every ready connection is handled, so the peers
    /// woken by the writes do not preempt this thread between two requests of the same batch.
    var defersWrites = false
    var deferredWrites: [Connection] = []
    /// Requests the inline handler began this pass and finishes with their batch (`finishBatches`).
    var batchedRequests: [BatchedRequest] = []
    /// Connections found readable by this pass's `poll` and not served yet (`HTTPRequest.othersReady`).
    var readyStillToServe = 0
    private var pollSet: [pollfd] = []
    private var pollConnections: [Connection] = []

    init(index: Int, settings: LoopSettings, listener: ListenerShare, inlineHandler: (@Sendable (HTTPRequest) -> InlineOutcome)?,
         handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) throws(HTTPServerError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw .systemCallFailed(call: "pipe", errno: errno)
        }
        for fd in fds {
            _ = Socket.setNonBlocking(fd)
            Socket.setCloseOnExec(fd)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        self.index = index
        self.settings = settings
        self.listener = listener
        self.inlineHandler = inlineHandler
        self.handler = handler
    }

    /// Starts the loop on a dedicated thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "SQLGenHTTP.EventLoop"
        thread.start()
    }

    /// Marks a loop that was never started (a later loop failed to initialise) as exited.
    func closeUnstarted() {
        shared.withLock { $0.exited = true }
    }

    /// The wake-up pipe stays open while anything can still write to it: whoever queues a
    /// completion holds the loop, so the descriptors cannot be closed (and reused) under a write.
    deinit {
        closeDescriptor(wakeRead)
        closeDescriptor(wakeWrite)
    }

    /// Asks the loop to stop accepting, finish in-flight requests (within the grace period) and exit.
    func requestShutdown() {
        shared.withLock { $0.shutdownRequested = true }
        wake()
    }

    /// Returns once the loop thread has exited.
    func waitUntilExited() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let exited = shared.withLock { state -> Bool in
                if state.exited { return true }
                state.exitWaiters.append(continuation)
                return false
            }
            if exited { continuation.resume() }
        }
    }

    /// Called from another loop's thread: queues a connection it accepted for this loop to serve
    /// (its slot reserved and counted as this loop's); closed at once if this loop has exited.
    func adopt(fd: Int32, remoteAddress: String?) {
        let mustWake = shared.withLock { state -> Bool? in
            guard !state.exited else { return nil }
            state.adopted.append(AdoptedConnection(fd: fd, remoteAddress: remoteAddress))
            return takeWakeUp(&state)
        }
        guard let mustWake else {
            closeDescriptor(fd)
            listener.releaseConnection(servedBy: index)
            return
        }
        if mustWake { writeWakeUpByte() }
    }

    /// Called from a handler Task: queues the response for the loop thread.
    func complete(_ completion: Completion) {
        let mustWake = shared.withLock { state in
            guard !state.exited else { return false }
            state.completions.append(completion)
            return takeWakeUp(&state)
        }
        if mustWake { writeWakeUpByte() }
    }

    private func wake() {
        let mustWake = shared.withLock { state in
            guard !state.exited else { return false }
            return takeWakeUp(&state)
        }
        if mustWake { writeWakeUpByte() }
    }

    /// Whether the caller must write the wake-up byte: none is pending yet. The byte is written
    /// after the lock is released, so the loop, woken at once, does not find the lock still held.
    private func takeWakeUp(_ state: inout Shared) -> Bool {
        guard !state.wakePending else { return false }
        state.wakePending = true
        return true
    }

    private func writeWakeUpByte() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The loop

    private func run() {
        while true {
            let now = MonotonicClock.now()
            if !shuttingDown, shared.withLock({ $0.shutdownRequested }) {
                beginShutdown(now: now)
            }
            if shuttingDown, connections.isEmpty { break }
            if shuttingDown, now >= graceDeadline {
                if handlersCancelled { break }
                cancelHandlers(now: now)
            }
            pollOnce(now: now)
        }
        for connection in Array(connections.values) {
            close(connection)
        }
        let (waiters, adopted) = shared.withLock { state -> ([CheckedContinuation<Void, Never>], [AdoptedConnection]) in
            state.exited = true
            state.completions.removeAll()
            defer {
                state.exitWaiters.removeAll()
                state.adopted.removeAll()
            }
            return (state.exitWaiters, state.adopted)
        }
        registerAdopted(adopted, now: MonotonicClock.now())
        for waiter in waiters { waiter.resume() }
    }

    private func beginShutdown(now: UInt64) {
        shuttingDown = true
        graceDeadline = now &+ settings.shutdownGrace
        listener.releaseListener()
        for connection in Array(connections.values) where connection.state == .reading || connection.state == .draining {
            close(connection)
        }
    }

    /// The grace period is over: the handlers still running are cancelled, and their answers
    /// (a handler that stops work on cancellation answers at once) get a short time to come back.
    private func cancelHandlers(now: UInt64) {
        handlersCancelled = true
        graceDeadline = now &+ settings.cancelledAnswerGrace
        for connection in connections.values {
            connection.handlerTask?.cancel()
        }
    }

    private func pollOnce(now: UInt64) {
        let plan = fillPollSet(now: now)
        let ready = poll(&pollSet, nfds_t(pollSet.count), plan.timeout)
        if ready < 0 {
            // EINTR is routine; anything else (ENOMEM) is retried after the deadline pass below.
            expireDeadlines(now: MonotonicClock.now())
            return
        }
        let after = MonotonicClock.now()
        serviceReadyDescriptors(listenerIndex: plan.listenerIndex, now: after)
        // Responses written above set fresh deadlines, so only an expiry seen before polling matters.
        if after >= plan.earliestConnectionDeadline {
            expireDeadlines(now: after)
        }
    }

    /// Fills `pollSet` (the wake pipe, the listener unless accepting is paused, each connection
    /// waiting on its socket) and says how long `poll` may wait.
    private func fillPollSet(now: UInt64) -> (timeout: Int32, listenerIndex: Int?, earliestConnectionDeadline: UInt64) {
        pollSet.removeAll(keepingCapacity: true)
        pollConnections.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeRead, events: Self.readable, revents: 0))
        var earliest = graceDeadline
        var earliestConnectionDeadline = UInt64.max
        var listenerIndex: Int?
        if !shuttingDown {
            if now < acceptPausedUntil {
                earliest = min(earliest, acceptPausedUntil)
            } else {
                listenerIndex = pollSet.count
                pollSet.append(pollfd(fd: listener.fd, events: Self.readable, revents: 0))
            }
        }
        for connection in connections.values {
            earliestConnectionDeadline = min(earliestConnectionDeadline, connection.deadline)
            let events: Int16
            switch connection.state {
            case .reading, .draining: events = Self.readable
            case .writing: events = Self.writable
            case .handling where connection.watchesHangUp: events = Self.hangUp
            case .handling: continue
            }
            pollSet.append(pollfd(fd: connection.fd, events: events, revents: 0))
            pollConnections.append(connection)
        }
        earliest = min(earliest, earliestConnectionDeadline)
        let timeout: Int32
        if earliest == UInt64.max {
            timeout = -1
        } else if earliest <= now {
            timeout = 0
        } else {
            timeout = Int32(min((earliest - now + 999_999) / 1_000_000, 60_000))
        }
        return (timeout, listenerIndex, earliestConnectionDeadline)
    }

    /// Serves what `poll` found ready: completed handlers, new connections, each connection's
    /// socket; then the writes deferred meanwhile.
    private func serviceReadyDescriptors(listenerIndex: Int?, now: UInt64) {
        defersWrites = true
        if pollSet[0].revents != 0 {
            processCompletions(now: now)
        }
        if let listenerIndex, pollSet[listenerIndex].revents != 0 {
            acceptConnections(now: now)
        }
        let firstConnection = listenerIndex.map { $0 + 1 } ?? 1
        readyStillToServe = (0..<pollConnections.count).count { offset in
            pollSet[firstConnection + offset].revents != 0 && pollConnections[offset].state == .reading
        }
        for offset in 0..<pollConnections.count {
            let revents = pollSet[firstConnection + offset].revents
            guard revents != 0 else { continue }
            let connection = pollConnections[offset]
            if connection.state == .reading { readyStillToServe -= 1 }
            guard !connection.isClosed else { continue }
            switch connection.state {
            case .reading: readRequestBytes(connection, now: now)
            case .writing: flush(connection, now: now)
            case .draining: drain(connection)
            case .handling: checkHangUp(connection, revents: revents)
            }
        }
        readyStillToServe = 0
        finishBatches(now: now)
        defersWrites = false
        for connection in deferredWrites where !connection.isClosed && connection.state == .writing {
            flush(connection, now: now)
        }
        deferredWrites.removeAll(keepingCapacity: true)
        // A response written above may have let a pipelined request begin in a batch.
        finishBatches(now: now)
    }

    private static let readable = Int16(truncatingIfNeeded: POLLIN)
    private static let writable = Int16(truncatingIfNeeded: POLLOUT)
    /// Linux reports a peer's close on its own (`POLLRDHUP`), so pipelined bytes do not wake the
    /// loop; elsewhere a readable socket is peeked at to tell an end of input from more bytes.
    #if os(Linux)
    static let hangUpOnly = Int16(truncatingIfNeeded: 0x2000 | POLLHUP | POLLERR)
    private static let hangUp = Int16(truncatingIfNeeded: 0x2000)
    #else
    static let hangUpOnly = Int16(truncatingIfNeeded: POLLHUP | POLLERR)
    private static let hangUp = readable
    #endif

    /// Empties the wake-up pipe, then takes the queued responses. The order matters: clearing
    /// `wakePending` only after the pipe is empty guarantees that any completion queued later
    /// writes a fresh byte, so no response can sit in the queue without a wake-up.
    private func processCompletions(now: UInt64) {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        let (completions, adopted) = shared.withLock { state -> ([Completion], [AdoptedConnection]) in
            state.wakePending = false
            defer {
                state.completions.removeAll(keepingCapacity: true)
                state.adopted.removeAll(keepingCapacity: true)
            }
            return (state.completions, state.adopted)
        }
        registerAdopted(adopted, now: now)
        for completion in completions {
            guard let connection = connections[completion.fd],
                  connection.id == completion.connectionID,
                  connection.state == .handling
            else { continue }
            answer(completion.response, on: connection, now: now)
        }
    }
}
