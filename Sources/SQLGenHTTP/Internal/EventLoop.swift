#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Settings an event loop needs, resolved once from `HTTPServerConfiguration`.
struct LoopSettings: Sendable {
    var maxHeaderBytes: Int
    var maxBodyBytes: Int
    var readTimeout: UInt64
    var writeTimeout: UInt64
    var idleTimeout: UInt64
    var lingerTimeout: UInt64
    var maxConnections: Int
    var shutdownGrace: UInt64

    init(_ configuration: HTTPServerConfiguration) {
        // Clamped so that offset arithmetic in the parser can never overflow.
        maxHeaderBytes = min(max(256, configuration.maxHeaderBytes), 1 << 26)
        maxBodyBytes = min(max(0, configuration.maxBodyBytes), 1 << 40)
        readTimeout = configuration.readTimeout.clampedNanoseconds
        writeTimeout = configuration.writeTimeout.clampedNanoseconds
        idleTimeout = configuration.idleTimeout.clampedNanoseconds
        lingerTimeout = min(readTimeout, 2_000_000_000)
        maxConnections = max(1, configuration.maxConnections)
        shutdownGrace = configuration.shutdownGracePeriod.clampedNanoseconds
    }
}

/// State shared by the event loops of one server: the listening socket and the connection count.
final class ListenerShare: Sendable {
    let fd: Int32
    private let state: Locked<(connections: Int, users: Int)>

    init(fd: Int32, users: Int) {
        self.fd = fd
        state = Locked((0, users))
    }

    /// Reserves room for one more connection, or returns false at the limit.
    func reserveConnection(limit: Int) -> Bool {
        state.withLock { value in
            guard value.connections < limit else { return false }
            value.connections += 1
            return true
        }
    }

    func releaseConnection() {
        state.withLock { $0.connections -= 1 }
    }

    func isFull(limit: Int) -> Bool {
        state.withLock { $0.connections >= limit }
    }

    /// Called once by each loop when it stops polling the listener; the last one closes it.
    func releaseListener() {
        let isLast = state.withLock { value -> Bool in
            value.users -= 1
            return value.users == 0
        }
        if isLast { close(fd) }
    }
}

/// One I/O thread: polls its connections (and the shared listener), parses requests, runs the handler
/// in a Task per request and writes the responses. All socket I/O stays on this thread; Tasks hand
/// responses back through `complete` and a wake-up pipe, so no Task ever blocks on a socket.
final class EventLoop: @unchecked Sendable {
    private struct Completion {
        var fd: Int32
        var connectionID: UInt64
        var response: HTTPResponse
    }

    private struct Shared {
        var completions: [Completion] = []
        var wakePending = false
        var shutdownRequested = false
        var exited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let settings: LoopSettings
    private let listener: ListenerShare
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let shared = Locked(Shared())

    // Loop-thread state.
    private var connections: [Int32: Connection] = [:]
    private var nextConnectionID: UInt64 = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    private var dateCache = DateLineCache()
    private var shuttingDown = false
    private var graceDeadline = UInt64.max
    private var acceptPausedUntil: UInt64 = 0
    private var pollSet: [pollfd] = []
    private var pollConnections: [Connection] = []

    init(settings: LoopSettings, listener: ListenerShare, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) throws(HTTPServerError) {
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
        self.settings = settings
        self.listener = listener
        self.handler = handler
    }

    /// Starts the loop on a dedicated thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "SQLGenHTTP.EventLoop"
        thread.start()
    }

    /// Releases the wake-up pipe of a loop that was never started (a later loop failed to initialise).
    func closeUnstarted() {
        shared.withLock { state in
            state.exited = true
            closeDescriptor(wakeRead)
            closeDescriptor(wakeWrite)
        }
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

    /// Called from a handler Task: queues the response for the loop thread.
    private func complete(_ completion: Completion) {
        shared.withLock { state in
            guard !state.exited else { return }
            state.completions.append(completion)
            wakeLocked(&state)
        }
    }

    private func wake() {
        shared.withLock { state in
            guard !state.exited else { return }
            wakeLocked(&state)
        }
    }

    /// Writes the wake-up byte unless one is already pending. It is written under the lock so the
    /// loop cannot close the pipe in between (the descriptor number could already be reused).
    private func wakeLocked(_ state: inout Shared) {
        guard !state.wakePending else { return }
        state.wakePending = true
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
            if shuttingDown, connections.isEmpty || now >= graceDeadline { break }
            pollOnce(now: now)
        }
        for connection in Array(connections.values) {
            close(connection)
        }
        let waiters = shared.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.exited = true
            state.completions.removeAll()
            closeDescriptor(wakeRead)
            closeDescriptor(wakeWrite)
            defer { state.exitWaiters.removeAll() }
            return state.exitWaiters
        }
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

    private func pollOnce(now: UInt64) {
        pollSet.removeAll(keepingCapacity: true)
        pollConnections.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeRead, events: Self.readable, revents: 0))

        var earliest = graceDeadline
        var earliestConnectionDeadline = UInt64.max
        var listenerIndex: Int?
        if !shuttingDown {
            if now < acceptPausedUntil {
                earliest = min(earliest, acceptPausedUntil)
            } else if listener.isFull(limit: settings.maxConnections) {
                // Another loop may free a slot without waking this one: look again soon.
                earliest = min(earliest, now &+ 50_000_000)
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
        let ready = poll(&pollSet, nfds_t(pollSet.count), timeout)
        if ready < 0 {
            // EINTR is routine; anything else (ENOMEM) is retried after the deadline pass below.
            expireDeadlines(now: MonotonicClock.now())
            return
        }
        let after = MonotonicClock.now()
        if pollSet[0].revents != 0 {
            processCompletions(now: after)
        }
        if let listenerIndex, pollSet[listenerIndex].revents != 0 {
            acceptConnections(now: after)
        }
        let firstConnection = listenerIndex.map { $0 + 1 } ?? 1
        for offset in 0..<pollConnections.count {
            let revents = pollSet[firstConnection + offset].revents
            guard revents != 0 else { continue }
            let connection = pollConnections[offset]
            guard !connection.isClosed else { continue }
            switch connection.state {
            case .reading: readRequestBytes(connection, now: after)
            case .writing: flush(connection, now: after)
            case .draining: drain(connection)
            case .handling: break
            }
        }
        // Responses written above set fresh deadlines, so only an expiry seen before polling matters.
        if after >= earliestConnectionDeadline {
            expireDeadlines(now: after)
        }
    }

    private static let readable = Int16(truncatingIfNeeded: POLLIN)
    private static let writable = Int16(truncatingIfNeeded: POLLOUT)

    /// Empties the wake-up pipe, then takes the queued responses. The order matters: clearing
    /// `wakePending` only after the pipe is empty guarantees that any completion queued later
    /// writes a fresh byte, so no response can sit in the queue without a wake-up.
    private func processCompletions(now: UInt64) {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        let completions = shared.withLock { state -> [Completion] in
            state.wakePending = false
            defer { state.completions.removeAll(keepingCapacity: true) }
            return state.completions
        }
        for completion in completions {
            guard let connection = connections[completion.fd],
                  connection.id == completion.connectionID,
                  connection.state == .handling
            else { continue }
            let handlerCloses = ResponseHead.asksToClose(completion.response.headers)
            send(completion.response, on: connection, close: !connection.keepAlive || handlerCloses, now: now)
        }
    }

    // MARK: - Accepting

    private func acceptConnections(now: UInt64) {
        for _ in 0..<64 {
            guard listener.reserveConnection(limit: settings.maxConnections) else { return }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener.fd, $0, &length) }
            }
            guard fd >= 0 else {
                let code = errno
                listener.releaseConnection()
                if code == EINTR || code == ECONNABORTED { continue }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    // Out of descriptors: back off instead of spinning on a readable listener.
                    acceptPausedUntil = now &+ 100_000_000
                }
                return
            }
            guard Socket.configureAccepted(fd) else {
                closeDescriptor(fd)
                listener.releaseConnection()
                continue
            }
            nextConnectionID &+= 1
            let remote = withUnsafePointer(to: &address) { Socket.describe($0) }
            let connection = Connection(
                fd: fd,
                id: nextConnectionID,
                remoteAddress: remote,
                limits: RequestParser.Limits(maxHeaderBytes: settings.maxHeaderBytes, maxBodyBytes: settings.maxBodyBytes),
                deadline: now &+ settings.readTimeout
            )
            connections[fd] = connection
        }
    }

    // MARK: - Reading

    private func readRequestBytes(_ connection: Connection, now: UInt64) {
        let count = scratch.withUnsafeMutableBytes { buffer in
            recv(connection.fd, buffer.baseAddress, buffer.count, 0)
        }
        if count > 0 {
            if !connection.hasPartialRequest {
                connection.hasPartialRequest = true
                connection.deadline = now &+ settings.readTimeout
            }
            connection.input.append(contentsOf: scratch[0..<count])
            processInput(connection, now: now)
        } else if count == 0 {
            close(connection)
        } else {
            let code = errno
            if code != EAGAIN && code != EWOULDBLOCK && code != EINTR { close(connection) }
        }
    }

    private func processInput(_ connection: Connection, now: UInt64) {
        let outcome = connection.parser.parse(connection.input, start: &connection.inputStart)
        switch outcome {
        case .needMore:
            // Even ignorable empty lines keep the read deadline running: trickling CRLFs must not
            // hold a connection open forever.
            connection.compactInput()
            if connection.parser.isAwaitingContinue, !connection.continueSent {
                connection.continueSent = true
                let sent = ResponseHead.continueLine.withUnsafeBytes { Socket.write(connection.fd, $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
                if sent != ResponseHead.continueLine.count { close(connection) }
            }
        case let .failure(error):
            connection.isHeadRequest = false
            connection.requestVersion = .http1_1
            send(ResponseHead.errorResponse(status: error.status, reason: error.reason), on: connection, close: true, now: now)
        case let .request(request, keepAlive):
            connection.compactInput()
            connection.state = .handling
            connection.deadline = UInt64.max
            connection.hasPartialRequest = false
            connection.keepAlive = keepAlive
            connection.isHeadRequest = request.method == "HEAD"
            connection.requestVersion = request.version
            var request = request
            request.remoteAddress = connection.remoteAddress
            let handler = handler
            let fd = connection.fd
            let id = connection.id
            Task { [self] in
                let response = await handler(request)
                complete(Completion(fd: fd, connectionID: id, response: response))
            }
        }
    }

    // MARK: - Writing

    private func send(_ response: HTTPResponse, on connection: Connection, close closeAfter: Bool, now: UInt64) {
        let status = ResponseHead.sentStatus(response.status)
        let closes = closeAfter || shuttingDown
        connection.outputHead = ResponseHead.serialize(
            response,
            status: status,
            keepAlive: !closes,
            requestVersion: connection.requestVersion,
            date: dateCache.current()
        )
        connection.outputBody = connection.isHeadRequest || ResponseHead.forbidsBody(status) ? [] : response.body
        connection.outputOffset = 0
        connection.closeAfterWrite = closes
        connection.state = .writing
        connection.deadline = now &+ settings.writeTimeout
        flush(connection, now: now)
    }

    private func flush(_ connection: Connection, now: UInt64) {
        while connection.pendingOutputCount > 0 {
            let headCount = connection.outputHead.count
            let offset = connection.outputOffset
            let written = connection.outputHead.withUnsafeBytes { head in
                connection.outputBody.withUnsafeBytes { body in
                    if offset < headCount {
                        return Socket.write(connection.fd, UnsafeRawBufferPointer(rebasing: head[offset...]), body)
                    }
                    return Socket.write(connection.fd, UnsafeRawBufferPointer(rebasing: body[(offset - headCount)...]), UnsafeRawBufferPointer(start: nil, count: 0))
                }
            }
            if written > 0 {
                connection.outputOffset += written
                continue
            }
            let code = errno
            if written < 0, code == EINTR { continue }
            if written < 0, code == EAGAIN || code == EWOULDBLOCK { return }
            close(connection)
            return
        }
        connection.outputHead = []
        connection.outputBody = []
        connection.outputOffset = 0
        finishResponse(connection, now: now)
    }

    private func finishResponse(_ connection: Connection, now: UInt64) {
        if connection.closeAfterWrite || shuttingDown {
            // Lingering close: stop sending, then read until the peer closes or the linger time ends.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.state = .draining
            connection.deadline = now &+ settings.lingerTimeout
            return
        }
        connection.state = .reading
        connection.continueSent = false
        if connection.hasBufferedInput {
            connection.hasPartialRequest = true
            connection.deadline = now &+ settings.readTimeout
            processInput(connection, now: now)
        } else {
            connection.hasPartialRequest = false
            connection.deadline = now &+ settings.idleTimeout
        }
    }

    private func drain(_ connection: Connection) {
        let count = scratch.withUnsafeMutableBytes { buffer in
            recv(connection.fd, buffer.baseAddress, buffer.count, 0)
        }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            close(connection)
        }
    }

    // MARK: - Timeouts and closing

    private func expireDeadlines(now: UInt64) {
        for connection in Array(connections.values) where connection.deadline <= now && !connection.isClosed {
            switch connection.state {
            case .reading where connection.hasPartialRequest:
                connection.isHeadRequest = false
                send(ResponseHead.errorResponse(status: 408, reason: "request not received in time"), on: connection, close: true, now: now)
            case .reading, .writing, .draining:
                close(connection)
            case .handling:
                break
            }
        }
    }

    private func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.fd] = nil
        closeDescriptor(connection.fd)
        listener.releaseConnection()
    }
}

/// `close(2)`, named apart from the loop's `close(_ connection:)`.
@inline(__always)
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}
