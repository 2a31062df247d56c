#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the listening socket.
enum Listener {
    /// Binds `host:port` with `SO_REUSEADDR` (so a restart does not wait out TIME_WAIT) and listens.
    /// Returns the descriptor (nonblocking) and the bound port.
    static func open(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw .invalidPort(port) }
        guard var address = SocketAddress(host: host, port: UInt16(port)) else { throw .invalidHost(host) }
        let fd = socket(address.family, Socket.streamType, 0)
        guard fd >= 0 else { throw .systemCallFailed(call: "socket", errno: errno) }
        func fail(_ call: String) -> HTTPServerError {
            let code = errno
            closeDescriptor(fd)
            if call == "bind", code == EADDRINUSE { return .addressInUse(host: host, port: port) }
            return .systemCallFailed(call: call, errno: code)
        }
        Socket.setCloseOnExec(fd)
        guard Socket.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1) else { throw fail("setsockopt") }
        guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw fail("bind") }
        guard listen(fd, Int32(clamping: max(1, backlog))) == 0 else { throw fail("listen") }
        guard Socket.setNonBlocking(fd) else { throw fail("fcntl") }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw fail("getsockname") }
        return (fd, address.boundPort(from: bound))
    }
}

/// A numeric IPv4 or IPv6 socket address (no DNS: resolving could block and is never needed here).
struct SocketAddress {
    private var storage: sockaddr_storage
    let family: Int32

    init?(host: String, port: UInt16) {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        storage = sockaddr_storage()
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            family = AF_INET
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            Self.store(address, in: &storage)
        } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
            family = AF_INET6
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
            #endif
            Self.store(address, in: &storage)
        } else {
            return nil
        }
    }

    /// `address` (a `sockaddr_in` or `sockaddr_in6`) at the start of `storage`.
    private static func store<Address>(_ address: Address, in storage: inout sockaddr_storage) {
        withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: Address.self, capacity: 1) { $0.pointee = address }
        }
    }

    mutating func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }

    func boundPort(from bound: sockaddr_storage) -> Int {
        var bound = bound
        return withUnsafePointer(to: &bound) { pointer in
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}
