#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-connection work of an event loop: reading and parsing, writing, hang-ups, timeouts.
extension EventLoop {
    // MARK: - Reading

    func readRequestBytes(_ connection: Connection, now: UInt64) {
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

    /// Parses buffered input and answers what it can. Requests answered inline are written here
    /// and the next pipelined request is taken in the same call (a loop, not recursion through
    /// `finishResponse`, so a long pipeline cannot grow the stack); a request for the async handler
    /// ends the loop until its response comes back.
    func processInput(_ connection: Connection, now: UInt64) {
        connection.isProcessingInput = true
        defer { connection.isProcessingInput = false }
        while !connection.isClosed, connection.state == .reading {
            guard var request = parseRequest(connection, now: now) else { return }
            request.othersReady = readyStillToServe > 0
            let outcome = inlineHandler?(request) ?? .declined
            take(outcome, for: request, on: connection, now: now)
            // After an answer, the loop condition stops it when the answer is still being written
            // or the connection closed; otherwise it goes on with any pipelined request.
            guard case .answered = outcome, connection.hasBufferedInput else { return }
        }
    }

    /// Acts on the inline handler's outcome for the connection's request: writes an answer,
    /// starts a task, or keeps the request for its batch (`finishBatches`).
    func take(_ outcome: InlineOutcome, for request: HTTPRequest, on connection: Connection, now: UInt64) {
        switch outcome {
        case .answered(let response):
            answer(response, on: connection, now: now)
        case .continued(let executor, let rest):
            startTask(on: connection, executor: executor, rest)
        case .declined:
            startTask(on: connection) { [handler] in await handler(request) }
        case .batched(let batch, let outcome):
            batchedRequests.append(BatchedRequest(connection: connection, request: request, batch: batch, outcome: outcome))
        }
    }

    /// Answers the connection's request with `work`, in a Task of its own.
    private func startTask(on connection: Connection, executor: (any TaskExecutor)? = nil, _ work: @escaping @Sendable () async -> HTTPResponse) {
        let fd = connection.fd
        let id = connection.id
        // High priority: a request already read is answered before queued background work
        // (a busy process, or a test run, can have hundreds of jobs waiting on two cores).
        connection.handlerTask = Task(executorPreference: executor ?? settings.taskExecutor, priority: .high) { [self] in
            let response = await work()
            complete(Completion(fd: fd, connectionID: id, response: response))
        }
        connection.watchesHangUp = true
    }

    /// Parses the next request from the buffered input: returns it with the connection set to
    /// `.handling`, or nil when more bytes are needed or the input was malformed (already answered).
    private func parseRequest(_ connection: Connection, now: UInt64) -> HTTPRequest? {
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
            return nil
        case let .failure(error):
            connection.isHeadRequest = false
            connection.requestVersion = .http1_1
            send(ResponseHead.errorResponse(status: error.status, reason: error.reason), on: connection, close: true, now: now)
            return nil
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
            return request
        }
    }

    /// Writes a handler's answer to the request in hand (inline or from a Task).
    func answer(_ response: HTTPResponse, on connection: Connection, now: UInt64) {
        connection.handlerTask = nil
        connection.watchesHangUp = false
        let handlerCloses = ResponseHead.asksToClose(response.headers)
        send(response, on: connection, close: !connection.keepAlive || handlerCloses, now: now)
    }

    // MARK: - Writing

    func send(_ response: HTTPResponse, on connection: Connection, close closeAfter: Bool, now: UInt64) {
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
        if defersWrites {
            deferredWrites.append(connection)
        } else {
            flush(connection, now: now)
        }
    }

    func flush(_ connection: Connection, now: UInt64) {
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

    func finishResponse(_ connection: Connection, now: UInt64) {
        if connection.closeAfterWrite || shuttingDown {
            // Lingering close: stop sending, then read until the peer closes or the linger time ends.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.state = .draining
            connection.deadline = now &+ settings.lingerTimeout
            return
        }
        connection.state = .reading
        connection.readingSince = now
        connection.continueSent = false
        if connection.hasBufferedInput {
            connection.hasPartialRequest = true
            connection.deadline = now &+ settings.readTimeout
            // Inside `processInput` its loop takes the next request.
            if !connection.isProcessingInput { processInput(connection, now: now) }
        } else {
            connection.hasPartialRequest = false
            connection.deadline = now &+ settings.idleTimeout
        }
    }

    /// The peer of a request in hand closed its side or reset: the handler's work is cancelled
    /// (nobody may read its answer). An answer it still gives is written if the peer can read
    /// it, and the connection closes after it. Pipelined bytes instead end the watch.
    func checkHangUp(_ connection: Connection, revents: Int16) {
        if revents & Self.hangUpOnly == 0 {
            var byte: UInt8 = 0
            let count = recv(connection.fd, &byte, 1, Int32(MSG_PEEK))
            if count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
                connection.watchesHangUp = count <= 0
                return
            }
        }
        connection.watchesHangUp = false
        connection.keepAlive = false
        connection.handlerTask?.cancel()
    }

    func drain(_ connection: Connection) {
        let count = scratch.withUnsafeMutableBytes { buffer in
            recv(connection.fd, buffer.baseAddress, buffer.count, 0)
        }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            close(connection)
        }
    }

    // MARK: - Timeouts and closing

    func expireDeadlines(now: UInt64) {
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

    func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.fd] = nil
        closeDescriptor(connection.fd)
        connection.handlerTask?.cancel()
        if connection.countsTowardLimit {
            listener.releaseConnection(servedBy: index)
        } else {
            refusedConnections -= 1
        }
    }
}
