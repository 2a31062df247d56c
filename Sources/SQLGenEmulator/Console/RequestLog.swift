// The console's live log: the last requests the emulator answered, kept in a ring. Recording is
// on every request's path (the event loop's inline answers too), so it stores what the request
// already holds and two clock readings; the operation and the caller are worked out only when
// the console reads the log.

import Foundation
import SQLGenHTTP
import Synchronization

/// One answered request, as recorded.
struct LoggedRequest: Sendable {
    var sequence: Int
    /// Seconds since 1970, when the answer was ready.
    var time: Double
    var method: String
    var path: String
    /// The request's headers: who sent it is read from them when the log is read.
    var headers: HTTPHeaders
    var status: Int
    var duration: Duration
}

/// The last `capacity` requests, oldest first, numbered from 1.
final class RequestLog: Sendable {
    private struct Ring {
        var entries: [LoggedRequest] = []
        /// Where the next entry goes once the ring is full.
        var next = 0
        var lastSequence = 0
    }

    let capacity: Int
    private let ring = Mutex(Ring())

    init(capacity: Int = 500) {
        self.capacity = max(1, capacity)
    }

    /// Records `request`, answered with `status`, which began at `start`.
    func record(_ request: HTTPRequest, status: Int, since start: ContinuousClock.Instant) {
        let duration = start.duration(to: .now)
        let time = Date().timeIntervalSince1970
        ring.withLock { ring in
            ring.lastSequence += 1
            let entry = LoggedRequest(sequence: ring.lastSequence, time: time, method: request.method, path: request.path,
                                      headers: request.headers, status: status, duration: duration)
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
                ring.next = (ring.next + 1) % capacity
            }
        }
    }

    /// The entries numbered after `sequence`, oldest first, and the last number given so far.
    func entries(after sequence: Int) -> (entries: [LoggedRequest], last: Int) {
        ring.withLock { ring in
            let ordered = ring.entries[ring.next...] + ring.entries[..<ring.next]
            return (ordered.filter { $0.sequence > sequence }, ring.lastSequence)
        }
    }
}

extension LoggedRequest {
    /// What the request ran: `connector/operation` for a hosted operation, else the endpoint.
    var operation: String {
        let executePrefix = EmulatorRouter.executePrefix
        if path.hasPrefix(executePrefix) {
            let rest = path.dropFirst(executePrefix.count).prefix { $0 != ";" }
            return PersistedQueryPath.percentDecode(Substring(rest)) ?? String(rest)
        }
        switch path {
        case "/graphql": return "GraphQL request"
        case let path where path.hasPrefix(EmulatorRouter.persistPrefix): return "persist " + path.dropFirst(EmulatorRouter.persistPrefix.count)
        default: return path
        }
    }
}
