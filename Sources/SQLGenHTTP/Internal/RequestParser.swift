/// An error response the parser decided on (400, 413, 417, 431, 501, 505); the connection closes after it.
struct HTTPParseError: Error, Equatable {
    let status: Int
    let reason: String
}

/// An incremental HTTP/1.1 request parser (RFC 9112) over a growing byte buffer.
///
/// `parse` consumes bytes from `start` as far as it can. The head is parsed only once its empty line
/// has arrived (remembering how far it already scanned, so a slow client costs linear time); bodies
/// are consumed as they arrive. The parser never reads outside `buffer` and never traps on input.
struct RequestParser {
    struct Limits {
        var maxHeaderBytes: Int
        var maxBodyBytes: Int
    }

    enum Outcome {
        case needMore
        case request(HTTPRequest, keepAlive: Bool)
        case failure(HTTPParseError)
    }

    private enum State {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytes: Int)
    }

    struct Head {
        var method: String
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers: HTTPHeaders
        var keepAlive: Bool
        var expectsContinue: Bool
    }

    /// A chunk-size line longer than this is refused (it would only be extensions).
    private static let maxChunkLineBytes = 4096

    let limits: Limits
    private var state = State.head
    private var head: Head?
    private var body: [UInt8] = []
    /// Bytes after `start` already scanned for the end of the head.
    var headScanned = 0
    /// Where the current head line starts, relative to `start`.
    var headLineStart = 0
    private var bodyBytesSeen = false

    init(limits: Limits) {
        self.limits = limits
    }

    /// True while no byte of a request has been consumed or scanned (the connection is between requests).
    var isBetweenRequests: Bool {
        if case .head = state { return headScanned == 0 }
        return false
    }

    /// True when the current request asked for `100 Continue` and is waiting for a body none of which arrived yet.
    var isAwaitingContinue: Bool {
        guard let head, head.expectsContinue, !bodyBytesSeen else { return false }
        if case .head = state { return false }
        return true
    }

    /// Parses as much as possible of `buffer[start...]`, advancing `start` past consumed bytes.
    mutating func parse(_ buffer: [UInt8], start: inout Int) -> Outcome {
        buffer.withUnsafeBufferPointer { bytes in
            parse(bytes, start: &start)
        }
    }

    /// What one step of the state machine leaves: go on with the next state, or an outcome.
    private enum Step {
        case next
        case stop(Outcome)
    }

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Outcome {
        while true {
            let step: Step
            switch state {
            case .head: step = parseHead(bytes, start: &start)
            case let .fixedBody(remaining): step = parseFixedBody(bytes, start: &start, remaining: remaining)
            case .chunkSize: step = parseChunkSizeLine(bytes, start: &start)
            case let .chunkData(remaining): step = parseChunkData(bytes, start: &start, remaining: remaining)
            case .chunkDataEnd: step = parseChunkDataEnd(bytes, start: &start)
            case let .trailers(seen): step = parseTrailerLine(bytes, start: &start, seen: seen)
            }
            if case let .stop(outcome) = step { return outcome }
        }
    }

    private mutating func parseHead(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Step {
        switch scanHead(bytes, start: &start) {
        case .needMore:
            return .stop(.needMore)
        case let .failure(error):
            return .stop(.failure(error))
        case let .complete(parsed, framing):
            head = parsed
            body = []
            bodyBytesSeen = false
            switch framing {
            case .none:
                return .stop(finish())
            case let .length(length):
                body.reserveCapacity(min(length, 1 << 20))
                state = .fixedBody(remaining: length)
            case .chunked:
                state = .chunkSize
            }
            return .next
        }
    }

    private mutating func parseFixedBody(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int, remaining: Int) -> Step {
        let taken = takeBody(bytes, start: &start, upTo: remaining)
        if taken == remaining { return .stop(finish()) }
        state = .fixedBody(remaining: remaining - taken)
        return .stop(.needMore)
    }

    private mutating func parseChunkSizeLine(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Step {
        guard let lineEnd = findLineFeed(bytes, from: start, within: Self.maxChunkLineBytes + 1) else {
            if bytes.count - start > Self.maxChunkLineBytes {
                return .stop(.failure(HTTPParseError(status: 400, reason: "chunk size line too long")))
            }
            return .stop(.needMore)
        }
        bodyBytesSeen = true
        let size: Int
        switch parseChunkSize(bytes, from: start, lineFeed: lineEnd) {
        case let .success(value): size = value
        case let .failure(error): return .stop(.failure(error))
        }
        start = lineEnd + 1
        if size == 0 {
            state = .trailers(bytes: 0)
        } else if size > limits.maxBodyBytes - body.count {
            return .stop(.failure(HTTPParseError(status: 413, reason: "request body too large")))
        } else {
            state = .chunkData(remaining: size)
        }
        return .next
    }

    private mutating func parseChunkData(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int, remaining: Int) -> Step {
        let taken = takeBody(bytes, start: &start, upTo: remaining)
        if taken < remaining {
            state = .chunkData(remaining: remaining - taken)
            return .stop(.needMore)
        }
        state = .chunkDataEnd
        return .next
    }

    private mutating func parseChunkDataEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Step {
        guard start < bytes.count else { return .stop(.needMore) }
        if bytes[start] == ASCII.lf {
            start += 1
        } else if bytes[start] == ASCII.cr {
            guard start + 1 < bytes.count else { return .stop(.needMore) }
            guard bytes[start + 1] == ASCII.lf else {
                return .stop(.failure(HTTPParseError(status: 400, reason: "chunk data not followed by CRLF")))
            }
            start += 2
        } else {
            return .stop(.failure(HTTPParseError(status: 400, reason: "chunk data longer than its size")))
        }
        state = .chunkSize
        return .next
    }

    private mutating func parseTrailerLine(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int, seen: Int) -> Step {
        // The whole trailer section, line feeds included, fits in maxHeaderBytes, like the head;
        // the verdict depends only on the bytes, never on how they were split into reads.
        let room = limits.maxHeaderBytes - seen
        let tooLarge = Step.stop(.failure(HTTPParseError(status: 431, reason: "trailer section too large")))
        guard room > 0 else { return tooLarge }
        guard let lineFeed = findLineFeed(bytes, from: start, within: room) else {
            return bytes.count - start >= room ? tooLarge : .stop(.needMore)
        }
        let lineLength = lineFeed - start
        let isEmptyLine = lineLength == 0 || (lineLength == 1 && bytes[start] == ASCII.cr)
        start = lineFeed + 1
        if isEmptyLine { return .stop(finish()) }
        // Trailer fields are tolerated and dropped: nothing here needs them.
        state = .trailers(bytes: seen + lineLength + 1)
        return .next
    }

    private mutating func finish() -> Outcome {
        state = .head
        headScanned = 0
        headLineStart = 0
        guard let head else {
            return .failure(HTTPParseError(status: 400, reason: "missing request head"))
        }
        self.head = nil
        var request = HTTPRequest(method: head.method, target: "", version: head.version, headers: head.headers, body: body)
        request.target = head.target
        request.path = head.path
        request.query = head.query
        body = []
        return .request(request, keepAlive: head.keepAlive)
    }

    /// Appends up to `limit` available bytes to the body and returns how many were taken.
    private mutating func takeBody(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int, upTo limit: Int) -> Int {
        let count = min(limit, bytes.count - start)
        guard count > 0 else { return 0 }
        bodyBytesSeen = true
        body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
        start += count
        return count
    }

    /// The index of the first line feed among the `count` bytes from `start` (fewer if fewer arrived).
    private func findLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, within count: Int) -> Int? {
        let end = min(bytes.count, start + max(0, count))
        var index = start
        while index < end {
            if bytes[index] == ASCII.lf { return index }
            index += 1
        }
        return nil
    }

    // MARK: - Chunk size

    private func parseChunkSize(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, lineFeed: Int) -> Result<Int, HTTPParseError> {
        var end = lineFeed
        if end > start, bytes[end - 1] == ASCII.cr { end -= 1 }
        var index = start
        var size = 0
        var digits = 0
        while index < end, let digit = ASCII.hexValue(bytes[index]) {
            if size > (Int.max >> 4) {
                return .failure(HTTPParseError(status: 413, reason: "chunk size too large"))
            }
            size = size << 4 | digit
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            return .failure(HTTPParseError(status: 400, reason: "invalid chunk size"))
        }
        while index < end, ASCII.isWhitespace(bytes[index]) { index += 1 }
        if index < end {
            // Chunk extensions are allowed and ignored, but must not hide control characters.
            guard bytes[index] == UInt8(ascii: ";") else {
                return .failure(HTTPParseError(status: 400, reason: "invalid chunk size"))
            }
            while index < end {
                guard ASCII.isFieldValueByte(bytes[index]) else {
                    return .failure(HTTPParseError(status: 400, reason: "invalid chunk extension"))
                }
                index += 1
            }
        }
        return .success(size)
    }
}
