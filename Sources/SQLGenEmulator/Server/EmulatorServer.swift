// The emulator's HTTP server on SQLGenHTTP, for an engine of either dialect: Data Connect's
// persisted operations, GraphQL over HTTP and sign-in endpoints, or AEM's persisted queries,
// GraphiQL endpoint, assets and author tier (see `EmulatorRouter`).

import SQLGenHTTP

/// The HTTP face of an `EmulatorEngine`.
public final class EmulatorServer: Sendable {
    public let engine: EmulatorEngine
    /// Refuse ad-hoc operations and `persist.json`: only hosted operations run.
    public let persistedOnly: Bool
    private let server: HTTPServer

    /// `access` decides what a web browser may do (by default: the pages of no other origin may
    /// change data or run ad-hoc operations, and `Host` must name the server). For an AEM engine,
    /// `/content/dam/<path>` serves the file `<assetsDirectory>/<path>` when there is one, and a
    /// placeholder image of the right type otherwise.
    public init(engine: EmulatorEngine, configuration: HTTPServerConfiguration = HTTPServerConfiguration(), persistedOnly: Bool = false,
                access: LocalAccessPolicy? = nil, assetsDirectory: String? = nil) {
        self.engine = engine
        self.persistedOnly = persistedOnly
        let access = access ?? LocalAccessPolicy(boundHost: configuration.host)
        let router = EmulatorRouter(engine: engine, persistedOnly: persistedOnly, access: access, assetsDirectory: assetsDirectory)
        // The console answers `/` and `/console/...`, and logs every other request.
        let console = EmulatorConsole(source: engine, access: access)
        // Requests run on the engine's database threads from the start: no hop there and back.
        var configuration = configuration
        configuration.taskExecutor = engine.databaseThreads
        server = HTTPServer(configuration: configuration, inline: { request in console.observing(request) { router.handleInline(request) } }) { request in
            await console.respond(to: request) { await router.handle(request) }
        }
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int { try server.start() }

    public var port: Int? { server.port }

    /// Stops accepting, lets in-flight requests finish, closes the connections.
    public func stop() async { await server.stop() }
}
