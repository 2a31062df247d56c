import Foundation
import SQLGenHTTP
@testable import SQLConnect

/// A loopback HTTP server (SQLGenHTTP) that records every request and answers from a script of
/// replies, falling back to `defaultResponse` when the script is empty.
final class RecordingServer: Sendable {
    struct Recorded: Sendable {
        let method: String
        let target: String
        let headers: HTTPHeaders
        let body: [UInt8]

        var bodyText: String { String(decoding: body, as: UTF8.self) }
        var bodyJSON: AnyValue? { try? AnyValue(jsonData: Data(body)) }
        func header(_ name: String) -> String? { headers[name] }
    }

    enum Reply: Sendable {
        case respond(HTTPResponse)
        /// Waits before answering (timeouts, cancellation, shared in-flight requests).
        case delayed(TimeInterval, HTTPResponse)
    }

    private final class State: Sendable {
        let recorded = Locked<[Recorded]>([])
        let script = Locked<[Reply]>([])
        let defaultResponse: HTTPResponse

        init(defaultResponse: HTTPResponse) {
            self.defaultResponse = defaultResponse
        }

        func handle(_ request: HTTPRequest) async -> HTTPResponse {
            recorded.withLock { $0.append(Recorded(method: request.method, target: request.target, headers: request.headers, body: request.body)) }
            let reply = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            switch reply {
            case nil:
                return defaultResponse
            case .respond(let response):
                return response
            case .delayed(let seconds, let response):
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return response
            }
        }
    }

    private let state: State
    private let server: HTTPServer
    let port: Int

    init(defaultResponse: HTTPResponse = .json(status: 404, #"{"errors":[{"message":"no scripted response"}]}"#)) throws {
        let state = State(defaultResponse: defaultResponse)
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, shutdownGracePeriod: .milliseconds(200))
        server = HTTPServer(configuration: configuration) { request in await state.handle(request) }
        port = try server.start()
        self.state = state
    }

    /// Replies used in order, one per request.
    func enqueue(_ replies: Reply...) {
        state.script.withLock { $0.append(contentsOf: replies) }
    }

    /// Queues `.respond(.json(status, text))`.
    func enqueueJSON(_ text: String, status: Int = 200) {
        enqueue(.respond(.json(status: status, text)))
    }

    var requests: [Recorded] {
        state.recorded.withLock { $0 }
    }

    func stop() async {
        await server.stop()
    }

    /// `body` with a running server, stopped afterwards even when `body` throws.
    static func with<Result>(isolation: isolated (any Actor)? = #isolation, _ body: (RecordingServer) async throws -> Result) async throws -> Result {
        let server = try RecordingServer()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    // MARK: Clients pointed at this server

    static let connector = ConnectorConfig(serviceId: "svc", location: "local", connector: "movies")

    func emulatorTransport(timeout: TimeInterval = 10, authorization: Authorization = .none) -> EmulatorTransport {
        EmulatorTransport(host: "127.0.0.1", port: port, timeout: timeout, authorization: authorization)
    }

    func client(cache: CacheSettings? = nil, retry: RetryPolicy = .none, timeout: TimeInterval = 10,
                authorization: Authorization = .none, clock: TestClock? = nil) -> DataConnect {
        let clock = clock ?? TestClock()
        return DataConnect(connectorConfig: Self.connector, transport: emulatorTransport(timeout: timeout, authorization: authorization),
                           cacheSettings: cache, retryPolicy: retry, now: { clock.now })
    }

    func aemConfiguration(_ extra: [String: String] = [:]) throws -> AEMConfiguration {
        try AEMConfiguration(environment: ["AEM_SCHEME": "http", "AEM_HOST": "127.0.0.1:\(port)"].merging(extra) { $1 })
    }
}

/// A clock tests move by hand, so `maxAge` expiry needs no sleeping.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A fresh folder under the temporary directory.
func temporaryDirectory(_ name: String = #function) throws -> URL {
    let url = TestFolders.root
        .appendingPathComponent("SQLConnectTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
