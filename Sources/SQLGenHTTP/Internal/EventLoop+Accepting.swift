#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepting connections, and what happens at the connection limit: the connection of this loop
/// that has waited longest for a request gives up its slot (slow or idle clients cannot starve
/// new ones); when every connection is busy, the newcomer is told 503 at once and closed.
extension EventLoop {
    func acceptConnections(now: UInt64) {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener.fd, $0, &length) }
            }
            guard fd >= 0 else {
                let code = errno
                if code == EINTR || code == ECONNABORTED { continue }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    // Out of descriptors: back off instead of spinning on a readable listener.
                    acceptPausedUntil = now &+ 100_000_000
                }
                return
            }
            guard Socket.configureAccepted(fd) else {
                closeDescriptor(fd)
                continue
            }
            // Only a real newcomer makes room: accept is tried until it finds no one waiting.
            let hasSlot = listener.reserveConnection(limit: settings.maxConnections)
                || (evictLongestWaiting() && listener.reserveConnection(limit: settings.maxConnections))
            let remote = withUnsafePointer(to: &address) { Socket.describe($0) }
            if hasSlot {
                let target = listener.assignConnection(preferring: index)
                if target == index {
                    register(fd: fd, remoteAddress: remote, countsTowardLimit: true, now: now)
                } else if let other = listener.loop(at: target) {
                    other.adopt(fd: fd, remoteAddress: remote)
                } else {
                    closeDescriptor(fd)
                    listener.releaseConnection(servedBy: target)
                }
                continue
            }
            if refusedConnections >= settings.maxConnections {
                // Even the refusals are at their limit: close without a word.
                closeDescriptor(fd)
                continue
            }
            let connection = register(fd: fd, remoteAddress: remote, countsTowardLimit: false, now: now)
            refusedConnections += 1
            send(Self.overloaded, on: connection, close: true, now: now)
        }
    }

    /// Serves `fd` on this loop from now on.
    @discardableResult
    func register(fd: Int32, remoteAddress: String?, countsTowardLimit: Bool, now: UInt64) -> Connection {
        nextConnectionID &+= 1
        let connection = Connection(
            fd: fd,
            id: nextConnectionID,
            remoteAddress: remoteAddress,
            limits: RequestParser.Limits(maxHeaderBytes: settings.maxHeaderBytes, maxBodyBytes: settings.maxBodyBytes),
            deadline: now &+ settings.readTimeout
        )
        connection.readingSince = now
        connection.countsTowardLimit = countsTowardLimit
        connections[fd] = connection
        return connection
    }

    /// Serves the connections other loops accepted for this one (`adopt`), or closes them when
    /// this loop is shutting down.
    func registerAdopted(_ adopted: [AdoptedConnection], now: UInt64) {
        for connection in adopted {
            if shuttingDown {
                closeDescriptor(connection.fd)
                listener.releaseConnection(servedBy: index)
            } else {
                register(fd: connection.fd, remoteAddress: connection.remoteAddress, countsTowardLimit: true, now: now)
            }
        }
    }

    /// Closes the connection of this loop that has waited longest for (the rest of) a request;
    /// false when every one is busy with a request in hand.
    private func evictLongestWaiting() -> Bool {
        var oldest: Connection?
        for connection in connections.values where connection.state == .reading && connection.countsTowardLimit && !connection.isClosed {
            if oldest.map({ (connection.readingSince, connection.id) < ($0.readingSince, $0.id) }) ?? true { oldest = connection }
        }
        guard let oldest else { return false }
        close(oldest)
        return true
    }

    /// The answer to a connection beyond the limit while every slot is busy.
    private static let overloaded: HTTPResponse = {
        var response = ResponseHead.errorResponse(status: 503, reason: "too many connections are busy; retry shortly")
        response.headers.replaceOrAdd(name: "Retry-After", value: "1")
        return response
    }()
}
