#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls whose spelling differs between Linux and Darwin.
enum SystemError {
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "unknown error" }
        return String(cString: text)
    }
}

enum Socket {
    #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamType = SOCK_STREAM
    #endif

    static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0 else { return false }
        return fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    static func setCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD, 0)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) -> Bool {
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Prepares an accepted connection: nonblocking, no Nagle delay (one write per response),
    /// and on Darwin no SIGPIPE (Linux passes `MSG_NOSIGNAL` on each send instead).
    static func configureAccepted(_ fd: Int32) -> Bool {
        guard setNonBlocking(fd) else { return false }
        setCloseOnExec(fd)
        _ = setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        #if canImport(Darwin)
        _ = setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
        return true
    }

    /// Writes from up to two buffers in one system call without raising SIGPIPE.
    /// Returns the byte count, or -1 with `errno` set.
    static func write(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Int {
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        let count: Int32 = second.isEmpty ? 1 : 2
        return withUnsafeMutablePointer(to: &vectors) { tuple in
            tuple.withMemoryRebound(to: iovec.self, capacity: 2) { iov in
                #if canImport(Glibc)
                var message = msghdr()
                message.msg_iov = iov
                message.msg_iovlen = Int(count)
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                #else
                return writev(fd, iov, count)
                #endif
            }
        }
    }

    /// The text before the first NUL of a C character buffer.
    private static func terminated(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Formats a socket address as `host:port` (`[host]:port` for IPv6).
    static func describe(_ storage: UnsafePointer<sockaddr_storage>) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.pointee.ss_family) {
        case AF_INET:
            return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var raw = address.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { return nil }
                return "\(terminated(text)):\(UInt16(bigEndian: address.pointee.sin_port))"
            }
        case AF_INET6:
            return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                var raw = address.pointee.sin6_addr
                guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return nil }
                return "[\(terminated(text))]:\(UInt16(bigEndian: address.pointee.sin6_port))"
            }
        default:
            return nil
        }
    }
}

/// Monotonic time in nanoseconds, for deadlines that must not jump with the wall clock.
enum MonotonicClock {
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

extension Duration {
    /// Whole nanoseconds, clamped at zero and at `UInt64.max / 4` so deadline sums cannot overflow.
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let limit = UInt64.max / 4
        let secondsPart = UInt64(seconds)
        guard secondsPart < limit / 1_000_000_000 else { return limit }
        return secondsPart * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}

/// `close(2)`, named apart from `EventLoop.close(_ connection:)`.
@inline(__always)
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}
