/// Settings for an `HTTPServer`. Every limit exists so that a misbehaving client costs bounded
/// memory and time; the defaults suit a local development server.
public struct HTTPServerConfiguration: Sendable {
    /// The numeric address to bind (`127.0.0.1`, `0.0.0.0`, `::1`, `::`) or `localhost`.
    public var host: String
    /// The port to bind; 0 picks a free ephemeral port (read it from `start()` or `port`).
    public var port: Int
    /// The listen backlog.
    public var backlog: Int
    /// The largest request head (request line + header fields) accepted; larger gets 431.
    /// (Clamped to 256 bytes...64 MiB.)
    public var maxHeaderBytes: Int
    /// The largest request body accepted (after de-chunking); larger gets 413.
    public var maxBodyBytes: Int
    /// How long a client may take to send one complete request, from its first byte (or from
    /// connecting); a client that is too slow gets 408 and is closed. This bounds slowloris.
    public var readTimeout: Duration
    /// How long writing one response may take; a client that reads too slowly (or not at all) is closed.
    public var writeTimeout: Duration
    /// How long a keep-alive connection may sit idle between requests before it is closed.
    public var idleTimeout: Duration
    /// The most connections open at once. A client beyond it takes the slot of the connection
    /// that has waited longest for a request (idle, or slow to send one); when every connection
    /// has a request in hand, it is answered 503 with `Retry-After` at once and closed.
    public var maxConnections: Int
    /// The number of I/O threads, each polling its own connections. Async handlers run as Swift
    /// Tasks, so for them one I/O thread is usually enough; an inline handler runs on these threads,
    /// so then about one per core (the emulator's lookups on 2 cores: 1 thread gave about 0.8× the
    /// throughput of 2). Clamped to 1...64.
    public var eventLoopCount: Int
    /// Where handler Tasks run: nil for the cooperative pool; a server whose handlers block their
    /// thread (a database call) gives threads of its own, so blocked handlers never hold up the
    /// pool and a request costs no hop onto other threads.
    public var taskExecutor: (any TaskExecutor)? = nil
    /// How long `stop()` lets in-flight requests finish; then their handler Tasks are cancelled,
    /// and answers that come back within a quarter of a second are still written.
    public var shutdownGracePeriod: Duration

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        backlog: Int = 512,
        maxHeaderBytes: Int = 16 * 1024,
        maxBodyBytes: Int = 8 * 1024 * 1024,
        readTimeout: Duration = .seconds(10),
        writeTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(60),
        maxConnections: Int = 512,
        eventLoopCount: Int = 1,
        shutdownGracePeriod: Duration = .seconds(5)
    ) {
        self.host = host
        self.port = port
        self.backlog = backlog
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.readTimeout = readTimeout
        self.writeTimeout = writeTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
        self.eventLoopCount = eventLoopCount
        self.shutdownGracePeriod = shutdownGracePeriod
    }
}
