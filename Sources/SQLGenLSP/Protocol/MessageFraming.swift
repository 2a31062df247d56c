import Foundation
import SQLGenJSON

/// The base protocol's framing: `Content-Length: N` and other headers, a blank line, then N bytes
/// of JSON. Reads from a file descriptor through a buffer; writes whole messages at once.
public struct MessageReader {
    public enum Failure: Error, Equatable {
        /// The stream ended (cleanly between messages, or inside one).
        case endOfStream
        /// A header block without a usable `Content-Length`.
        case badHeader(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes after `start` already searched for the header block's end (a slow writer costs linear time).
    private var headerScanned = 0
    /// Larger bodies are refused rather than buffered (no editor sends a 256 MiB document).
    private static let maximumLength = 256 << 20
    /// A header block holds a line or two; one that runs on is refused rather than buffered.
    static let maximumHeaderLength = 64 << 10

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The body of the next message.
    public mutating func next() throws(Failure) -> [UInt8] {
        let length = try contentLength()
        while buffer.count - start < length { try fill() }
        let body = Array(buffer[start..<start + length])
        start += length
        return body
    }

    /// Reads the header block and returns its `Content-Length`.
    private mutating func contentLength() throws(Failure) -> Int {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                headerScanned = 0
                for line in header.split(separator: "\r\n") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
                    guard let length = Int(parts[1].trimmingCharacters(in: .whitespaces)), length >= 0, length <= Self.maximumLength else {
                        throw .badHeader(header)
                    }
                    return length
                }
                throw .badHeader(header)
            }
            if buffer.count - start > Self.maximumHeaderLength {
                throw .badHeader("a header block longer than \(Self.maximumHeaderLength) bytes")
            }
            try fill()
        }
    }

    /// Where the header block's CR LF CR LF starts, searching only bytes not searched before.
    private mutating func headerEnd() -> Int? {
        var index = start + headerScanned
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A { return index }
            index += 1
        }
        headerScanned = index - start
        return nil
    }

    /// Appends what the descriptor has (blocking until something comes), dropping consumed bytes.
    private mutating func fill() throws(Failure) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[..<count]
                return
            }
            if count < 0 && errno == EINTR { continue }
            throw .endOfStream
        }
    }
}

/// Writes framed messages to a file descriptor.
public struct MessageWriter: Sendable {
    private let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func send(_ message: JSONValue) {
        let body = message.serialized()
        writeAll(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
