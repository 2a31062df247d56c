#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// State shared by the event loops of one server: the listening socket and the connection count.
final class ListenerShare: Sendable {
    let fd: Int32
    private let state: Mutex<(connections: Int, users: Int)>

    init(fd: Int32, users: Int) {
        self.fd = fd
        state = Mutex((0, users))
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

    /// Called once by each loop when it stops polling the listener; the last one closes it.
    func releaseListener() {
        let isLast = state.withLock { value -> Bool in
            value.users -= 1
            return value.users == 0
        }
        if isLast { close(fd) }
    }
}
