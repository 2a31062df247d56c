import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP exchange over a plain loopback socket, for requests URLSession will not send as
/// written (any `Host`, lower-case methods, no `Content-Type`). Asks the server to close after
/// the answer and reads until it does.
enum RawHTTP {
    struct Reply {
        var status: Int
        var head: String
        var body: String

        /// The first value of a header field (case-insensitive), nil without one.
        func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
            }
            return nil
        }
    }

    struct Failure: Error {}

    static func send(port: Int, _ method: String, _ target: String, host: String = "127.0.0.1", headers: [String] = [], body: String = "") async throws -> Reply {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
        for header in headers { text += header + "\r\n" }
        if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
        let request = Array((text + "\r\n" + body).utf8)
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(port: port, request) }) }.start()
        }
    }

    private static func exchange(port: Int, _ request: [UInt8]) throws -> Reply {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure() }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else { throw Failure() }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while case let count = chunk.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }), count > 0 {
            received += chunk[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"), let status = Int(text.split(separator: " ").dropFirst().first ?? "") else { throw Failure() }
        return Reply(status: status, head: String(text[..<split.lowerBound]), body: String(text[split.upperBound...]))
    }
}
