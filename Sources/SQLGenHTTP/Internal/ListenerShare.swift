#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// State shared by the event loops of one server: the listening socket, the connection count, and
/// how many connections each loop serves. Whichever loop accepts a connection, it goes to the loop
/// serving fewest: a burst of clients (a pool opening all its connections at once) would otherwise
/// all land on the loop that woke first, and leave the other cores idle.
final class ListenerShare: Sendable {
    private struct State {
        var connections = 0
        var users: Int
        var loads: [Int]
    }

    /// A loop, held weakly (each loop holds the share); set once, read under `loops`'s lock.
    private final class LoopReference: @unchecked Sendable {
        weak var loop: EventLoop?
        init(_ loop: EventLoop) { self.loop = loop }
    }

    let fd: Int32
    private let state: Mutex<State>
    private let loops = Mutex<[LoopReference]>([])

    init(fd: Int32, users: Int) {
        self.fd = fd
        state = Mutex(State(users: users, loads: Array(repeating: 0, count: users)))
    }

    /// The server's loops, by index (each loop's `index` is its place here).
    func attach(_ eventLoops: [EventLoop]) {
        loops.withLock { $0 = eventLoops.map(LoopReference.init) }
    }

    /// Reserves room for one more connection, or returns false at the limit.
    func reserveConnection(limit: Int) -> Bool {
        state.withLock { value in
            guard value.connections < limit else { return false }
            value.connections += 1
            return true
        }
    }

    /// The loop that is to serve a connection with a reserved slot: the one serving fewest,
    /// `preferred` (the accepting loop) among equals; counted as serving it from now on.
    func assignConnection(preferring preferred: Int) -> Int {
        state.withLock { value in
            var chosen = preferred
            for (index, load) in value.loads.enumerated() where load < value.loads[chosen] { chosen = index }
            value.loads[chosen] += 1
            return chosen
        }
    }

    /// A connection with a reserved slot, served by `loop`, closed.
    func releaseConnection(servedBy loop: Int) {
        state.withLock { value in
            value.connections -= 1
            value.loads[loop] -= 1
        }
    }

    /// The loop at `index`, while it exists.
    func loop(at index: Int) -> EventLoop? {
        loops.withLock { $0.indices.contains(index) ? $0[index].loop : nil }
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
