import Foundation
@testable import SQLConnect

/// A transport in the test process: records every request and answers each with the next canned
/// body (`{"data":null}` once they run out), so generated code runs with no server.
final class FakeTransport: Transport {
    private let state = Locked<(requests: [OperationRequest], bodies: [String])>(([], []))

    init(_ bodies: String...) {
        state.withLock { $0.bodies = bodies }
    }

    func send(_ request: OperationRequest) async throws -> TransportResponse {
        let body = state.withLock { state in
            state.requests.append(request)
            return state.bodies.isEmpty ? #"{"data":null}"# : state.bodies.removeFirst()
        }
        return TransportResponse(statusCode: 200, body: Data(body.utf8))
    }

    /// Adds an answer.
    func reply(_ body: String) {
        state.withLock { $0.bodies.append(body) }
    }

    var requests: [OperationRequest] { state.withLock { $0.requests } }

    /// The variables of the last request as sent.
    var lastVariables: String? {
        requests.last.map { String(decoding: $0.variablesJSON, as: UTF8.self) }
    }

    /// A client of `connector` over this transport.
    func client(_ connector: ConnectorConfig, cache: CacheSettings? = nil) -> DataConnect {
        DataConnect(connectorConfig: connector, transport: self, cacheSettings: cache)
    }
}

/// A fresh folder for one test under the process's temporary folder.
func temporaryDirectory() throws -> URL {
    let url = TestFolders.root.appendingPathComponent("GeneratedSDKTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
