#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking loopback TCP client that sends arbitrary bytes and reads raw responses,
/// so tests can speak malformed HTTP that URLSession would refuse to send.
final class RawClient {
    struct ClientError: Error, CustomStringConvertible {
        let description: String
    }

    /// A response as parsed by the test client (Content-Length framing only, which is all the server writes).
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port` (or [::1]:`port` with `ipv6`); reads time out after `timeout` seconds
    /// (by default long: a busy parallel test run can take seconds to schedule a handler's Task).
    /// A `receiveBufferSize` pins the kernel receive buffer (no autotuning), so a client that stops
    /// reading really stalls the server.
    init(port: Int, timeout: Double = 30, receiveBufferSize: Int32? = nil, ipv6: Bool = false) throws {
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        fd = socket(ipv6 ? AF_INET6 : AF_INET, type, 0)
        guard fd >= 0 else { throw ClientError(description: "socket failed") }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = receiveBufferSize {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        // Not closed here: a class whose initializer throws once every property is set is
        // deinitialized, and `deinit` closes the descriptor (twice would close another's).
        guard result == 0 else { throw ClientError(description: "connect failed: errno \(errno)") }
        setTimeout(timeout)
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func setTimeout(_ seconds: Double) {
        var value = timeval()
        value.tv_sec = numericCast(Int(seconds))
        value.tv_usec = numericCast(Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends every byte; returns false if the peer closed or reset.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { raw -> Int in
                #if canImport(Glibc)
                return Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                return Darwin.send(fd, raw.baseAddress, raw.count, 0)
                #endif
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Half-closes the connection: the server sees end of input but can still answer.
    func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads more bytes into the buffer; returns the count (0 at EOF, -1 on error or timeout).
    private func fill() -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
        return count
    }

    /// Reads one response. `head` skips the body (responses to HEAD carry a Content-Length but no body).
    func readResponse(head: Bool = false) throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer).map { $0 + 4 }
            if headEnd == nil, fill() <= 0 {
                throw ClientError(description: "connection ended before a response head (\(buffer.count) bytes buffered)")
            }
        }
        guard let headEnd else { throw ClientError(description: "unreachable") }
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw ClientError(description: "empty head") }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line in \(headText)")
        }
        let headers: [(String, String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        buffer.removeFirst(headEnd)
        if status == 100 { return response }
        let length = head ? 0 : (response.header("Content-Length").flatMap { Int($0) } ?? 0)
        while buffer.count < length {
            if fill() <= 0 { throw ClientError(description: "connection ended inside a body") }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Sends `request` and reads one response.
    func roundTrip(_ request: String, head: Bool = false) throws -> Response {
        send(request)
        return try readResponse(head: head)
    }

    /// True when the server has closed the connection: a read returns EOF or reset before `timeout`.
    func waitForClose(timeout: Double) -> Bool {
        setTimeout(timeout)
        while true {
            let count = fill()
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Whatever bytes are buffered or arrive until the peer closes or the read times out.
    func readUntilClose() -> [UInt8] {
        while fill() > 0 {}
        defer { buffer.removeAll() }
        return buffer
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
