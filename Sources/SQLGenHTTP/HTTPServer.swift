#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// An HTTP/1.1 server on POSIX sockets.
///
/// Each request is handed to `handler` in its own Task; socket I/O happens on dedicated event-loop
/// threads (nonblocking sockets + `poll`), so slow clients never occupy the cooperative thread pool.
/// An optional `inlineHandler` is tried first, on the event-loop thread itself: a request it answers
/// (non-nil) is written in the same loop iteration, without a Task, a thread hop or a wake-up; one it
/// declines (nil) goes to `handler` as usual. With `inline:` instead, the handler may also hand a
/// request it began on to a Task of its own (`InlineOutcome.continued`), on an executor it names
/// (say, the threads that hold the database connections the rest needs). It must be quick and must
/// never block or wait (every connection of that loop waits while it runs). Pipelined requests are
/// answered in order either way.
///
/// Protocol behaviour (RFC 9112): persistent connections (HTTP/1.1 by default, HTTP/1.0 with
/// `Connection: keep-alive`) with pipelining answered in order; `Content-Length` and chunked request
/// bodies (extensions and trailers accepted and dropped); `Expect: 100-continue`; HTTP/1.1 requests
/// must carry exactly one `Host`. Answers for the handler's response to `HEAD` keep its headers and
/// `Content-Length` but drop the body, so a handler can treat `HEAD` like `GET`. Malformed requests get
/// 400 (or 413/417/431/501/505) and the connection is closed; slow clients get 408.
///
/// A handler's Task is cancelled when its client hangs up (closes or resets its side) and when
/// `stop()`'s grace period ends; a handler that checks for cancellation can stop its work then.
///
/// ```swift
/// let server = HTTPServer { request in .json("{\"ok\":true}") }
/// let port = try server.start()
/// ...
/// await server.stop()
/// ```
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private let inlineHandler: (@Sendable (HTTPRequest) -> InlineOutcome)?
    private let state = Mutex(State.idle)

    private enum State {
        case idle
        case running(port: Int, loops: [EventLoop])
        case stopping(loops: [EventLoop])
    }

    public init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        inlineHandler: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.configuration = configuration
        if let inlineHandler {
            self.inlineHandler = { request in
                guard let response = inlineHandler(request) else { return .declined }
                return .answered(response)
            }
        } else {
            self.inlineHandler = nil
        }
        self.handler = handler
    }

    /// A server whose inline handler may also continue a request in a Task (see `InlineOutcome`).
    public init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        inline: @escaping @Sendable (HTTPRequest) -> InlineOutcome,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.configuration = configuration
        self.inlineHandler = inline
        self.handler = handler
    }

    /// Binds and listens, starts the event loops, and returns the bound port (useful with port 0).
    /// Throws `HTTPServerError` (e.g. `.addressInUse`) without leaving anything open.
    /// A stopped server may be started again.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        try state.withLock { (state: inout State) throws(HTTPServerError) -> Int in
            guard case .idle = state else { throw .alreadyRunning }
            let settings = LoopSettings(configuration)
            let loopCount = min(max(1, configuration.eventLoopCount), 64)
            let (fd, port) = try Listener.open(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            let share = ListenerShare(fd: fd, users: loopCount)
            var loops: [EventLoop] = []
            for _ in 0..<loopCount {
                do throws(HTTPServerError) {
                    loops.append(try EventLoop(index: loops.count, settings: settings, listener: share, inlineHandler: inlineHandler, handler: handler))
                } catch {
                    for loop in loops { loop.closeUnstarted() }
                    closeDescriptor(fd)
                    throw error
                }
            }
            share.attach(loops)
            for loop in loops { loop.start() }
            state = .running(port: port, loops: loops)
            return port
        }
    }

    deinit {
        // A server dropped while running must not leave its threads and sockets behind.
        state.withLock { state in
            if case let .running(_, loops) = state {
                for loop in loops { loop.requestShutdown() }
            }
        }
    }

    /// The bound port while running, else nil.
    public var port: Int? {
        state.withLock { state in
            if case let .running(port, _) = state { return port }
            return nil
        }
    }

    /// Stops accepting connections, lets in-flight requests finish (up to
    /// `shutdownGracePeriod`, their responses carry `Connection: close`), cancels the handlers
    /// still running and writes the answers they give within a quarter of a second, closes every
    /// socket, and returns when all of that is done. Concurrent calls all wait; does nothing when
    /// not running.
    public func stop() async {
        let loops = state.withLock { state -> [EventLoop]? in
            switch state {
            case .idle:
                return nil
            case let .running(_, loops):
                state = .stopping(loops: loops)
                for loop in loops { loop.requestShutdown() }
                return loops
            case let .stopping(loops):
                return loops
            }
        }
        guard let loops else { return }
        for loop in loops { await loop.waitUntilExited() }
        state.withLock { state in
            if case .stopping = state { state = .idle }
        }
    }
}
