import Foundation
@testable import SQLConnect
#if canImport(Glibc)
import Glibc
#endif

/// A loopback server that answers one request with headers and no length, then streams zeros
/// until the client hangs up (or `limit` bytes): a response body of unbounded size.
final class StreamingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    /// Body bytes written before the client went away.
    private let written = Locked(0)
    private let finished = DispatchSemaphore(value: 0)

    var bytesWritten: Int { written.withLock { $0 } }

    init(limit: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw URLError(.cannotConnectToHost)
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve(limit: limit) }
    }

    private func serve(limit: Int) {
        defer { finished.signal() }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var request = [UInt8](repeating: 0, count: 65_536)
        _ = recv(connection, &request, request.count, 0)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        guard send(connection, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        let chunk = [UInt8](repeating: 0x20, count: 65_536)
        while bytesWritten < limit {
            let sent = send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL))
            if sent <= 0 { return }
            written.withLock { $0 += sent }
        }
    }

    /// Waits for the connection to end, then closes the listener.
    func stop() {
        finished.wait()
        close(listener)
    }
}
