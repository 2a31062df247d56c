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
    /// How long, once the grace period is over and the handlers are cancelled, their answers may
    /// take to come back before the connections close anyway.
    var cancelledAnswerGrace: UInt64 = 250_000_000
    var taskExecutor: (any TaskExecutor)?

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
        taskExecutor = configuration.taskExecutor
    }
}
