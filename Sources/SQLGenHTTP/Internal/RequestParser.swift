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

    private struct Head {
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
    private var headScanned = 0
    /// Where the current head line starts, relative to `start`.
    private var headLineStart = 0
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

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> Outcome {
        while true {
            switch state {
            case .head:
                switch scanHead(bytes, start: &start) {
                case .needMore:
                    return .needMore
                case let .failure(error):
                    return .failure(error)
                case let .complete(parsed, framing):
                    head = parsed
                    body = []
                    bodyBytesSeen = false
                    switch framing {
                    case .none:
                        return finish()
                    case let .length(length):
                        body.reserveCapacity(min(length, 1 << 20))
                        state = .fixedBody(remaining: length)
                    case .chunked:
                        state = .chunkSize
                    }
                }

            case let .fixedBody(remaining):
                let taken = takeBody(bytes, start: &start, upTo: remaining)
                if taken == remaining { return finish() }
                state = .fixedBody(remaining: remaining - taken)
                return .needMore

            case .chunkSize:
                guard let lineEnd = findLineFeed(bytes, from: start, limit: Self.maxChunkLineBytes) else {
                    if bytes.count - start > Self.maxChunkLineBytes {
                        return .failure(HTTPParseError(status: 400, reason: "chunk size line too long"))
                    }
                    return .needMore
                }
                bodyBytesSeen = true
                let size: Int
                switch parseChunkSize(bytes, from: start, lineFeed: lineEnd) {
                case let .success(value): size = value
                case let .failure(error): return .failure(error)
                }
                start = lineEnd + 1
                if size == 0 {
                    state = .trailers(bytes: 0)
                } else if size > limits.maxBodyBytes - body.count {
                    return .failure(HTTPParseError(status: 413, reason: "request body too large"))
                } else {
                    state = .chunkData(remaining: size)
                }

            case let .chunkData(remaining):
                let taken = takeBody(bytes, start: &start, upTo: remaining)
                if taken < remaining {
                    state = .chunkData(remaining: remaining - taken)
                    return .needMore
                }
                state = .chunkDataEnd

            case .chunkDataEnd:
                guard start < bytes.count else { return .needMore }
                if bytes[start] == ASCII.lf {
                    start += 1
                } else if bytes[start] == ASCII.cr {
                    guard start + 1 < bytes.count else { return .needMore }
                    guard bytes[start + 1] == ASCII.lf else {
                        return .failure(HTTPParseError(status: 400, reason: "chunk data not followed by CRLF"))
                    }
                    start += 2
                } else {
                    return .failure(HTTPParseError(status: 400, reason: "chunk data longer than its size"))
                }
                state = .chunkSize

            case let .trailers(seen):
                let room = limits.maxHeaderBytes - seen
                guard let lineFeed = findLineFeed(bytes, from: start, limit: room) else {
                    if bytes.count - start > room {
                        return .failure(HTTPParseError(status: 431, reason: "trailer section too large"))
                    }
                    return .needMore
                }
                let lineLength = lineFeed - start
                let isEmptyLine = lineLength == 0 || (lineLength == 1 && bytes[start] == ASCII.cr)
                start = lineFeed + 1
                if isEmptyLine { return finish() }
                // Trailer fields are tolerated and dropped: nothing here needs them.
                state = .trailers(bytes: seen + lineLength + 1)
            }
        }
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

    private func findLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        let end = min(bytes.count, start + max(0, limit) + 1)
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

    // MARK: - Head

    private enum HeadScan {
        case needMore
        case failure(HTTPParseError)
        case complete(Head, BodyFraming)
    }

    /// Looks for the empty line that ends the head, then parses the head.
    private mutating func scanHead(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> HeadScan {
        var index = start + headScanned
        var lineStart = start + headLineStart
        let limit = start + limits.maxHeaderBytes
        while index < bytes.count {
            if index >= limit {
                return .failure(HTTPParseError(status: 431, reason: "request head too large"))
            }
            if bytes[index] == ASCII.lf {
                let isEmptyLine = index == lineStart || (index == lineStart + 1 && bytes[lineStart] == ASCII.cr)
                if isEmptyLine {
                    if lineStart == start {
                        // Empty lines before a request line are ignored (RFC 9112 §2.2).
                        start = index + 1
                        headScanned = 0
                        headLineStart = 0
                        return scanHead(bytes, start: &start)
                    }
                    let headStart = start
                    start = index + 1
                    headScanned = 0
                    headLineStart = 0
                    return parseHead(bytes, from: headStart, to: lineStart)
                }
                lineStart = index + 1
            }
            index += 1
        }
        headScanned = index - start
        headLineStart = lineStart - start
        return .needMore
    }

    /// Parses the request line and header fields in `bytes[from..<to]` (each line ends with LF).
    private func parseHead(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> HeadScan {
        var lines = LineIterator(bytes: bytes, position: from, end: to)
        guard let requestLine = lines.next() else {
            return .failure(HTTPParseError(status: 400, reason: "missing request line"))
        }
        var head: Head
        switch parseRequestLine(bytes[requestLine]) {
        case let .success(parsed): head = parsed
        case let .failure(error): return .failure(error)
        }

        var framing = FramingScan()
        var connectionClose = false
        var connectionKeepAlive = false
        var hostCount = 0
        while let line = lines.next() {
            let field = bytes[line]
            guard let first = field.first, !ASCII.isWhitespace(first) else {
                return .failure(HTTPParseError(status: 400, reason: "obsolete line folding or empty field line"))
            }
            guard let colon = field.firstIndex(of: ASCII.colon) else {
                return .failure(HTTPParseError(status: 400, reason: "header field without colon"))
            }
            let name = field[field.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(ASCII.isToken) else {
                return .failure(HTTPParseError(status: 400, reason: "invalid header field name"))
            }
            var valueStart = colon + 1
            var valueEnd = field.endIndex
            while valueStart < valueEnd, ASCII.isWhitespace(bytes[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart, ASCII.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            let value = bytes[valueStart..<valueEnd]
            guard value.allSatisfy(ASCII.isFieldValueByte) else {
                return .failure(HTTPParseError(status: 400, reason: "invalid character in header field value"))
            }

            if ASCII.equalsIgnoringCase(name, "content-length") {
                if let error = framing.addContentLength(value) { return .failure(error) }
            } else if ASCII.equalsIgnoringCase(name, "transfer-encoding") {
                framing.addTransferEncoding(value)
            } else if ASCII.equalsIgnoringCase(name, "connection") {
                forEachListElement(value) { token in
                    if ASCII.equalsIgnoringCase(token, "close") { connectionClose = true }
                    if ASCII.equalsIgnoringCase(token, "keep-alive") { connectionKeepAlive = true }
                }
            } else if ASCII.equalsIgnoringCase(name, "host") {
                hostCount += 1
            } else if ASCII.equalsIgnoringCase(name, "expect") {
                guard ASCII.equalsIgnoringCase(value, "100-continue") else {
                    return .failure(HTTPParseError(status: 417, reason: "unsupported expectation"))
                }
                head.expectsContinue = head.version.minor >= 1
            }
            head.headers.add(
                name: String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self),
                value: String(decoding: UnsafeBufferPointer(rebasing: value), as: UTF8.self)
            )
        }

        let isHTTP11 = head.version.minor >= 1
        if hostCount > 1 || (isHTTP11 && hostCount == 0) {
            return .failure(HTTPParseError(status: 400, reason: hostCount == 0 ? "missing Host header" : "repeated Host header"))
        }
        head.keepAlive = !connectionClose && (isHTTP11 || connectionKeepAlive)
        switch framing.resolve(isHTTP11: isHTTP11, maxBodyBytes: limits.maxBodyBytes) {
        case let .success(resolved):
            if case .none = resolved { head.expectsContinue = false }
            return .complete(head, resolved)
        case let .failure(error):
            return .failure(error)
        }
    }

    private func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>.SubSequence) -> Result<Head, HTTPParseError> {
        let bad = HTTPParseError(status: 400, reason: "malformed request line")
        guard let firstSpace = line.firstIndex(of: ASCII.space) else { return .failure(bad) }
        let method = line[line.startIndex..<firstSpace]
        guard !method.isEmpty, method.allSatisfy(ASCII.isToken) else {
            return .failure(HTTPParseError(status: 400, reason: "invalid method"))
        }
        let afterMethod = line[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: ASCII.space) else { return .failure(bad) }
        let target = line[(firstSpace + 1)..<secondSpace]
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(HTTPParseError(status: 400, reason: "invalid request target"))
        }
        let versionBytes = line[(secondSpace + 1)...]
        let version: HTTPVersion
        switch parseVersion(versionBytes) {
        case let .success(parsed): version = parsed
        case let .failure(error): return .failure(error)
        }
        let targetString = String(decoding: UnsafeBufferPointer(rebasing: target), as: UTF8.self)
        let (path, query) = splitTarget(target)
        return .success(Head(
            method: String(decoding: UnsafeBufferPointer(rebasing: method), as: UTF8.self),
            target: targetString,
            path: path,
            query: query,
            version: version,
            headers: HTTPHeaders(),
            keepAlive: true,
            expectsContinue: false
        ))
    }

    /// `HTTP/1.0` and `HTTP/1.x` are served (1.x above 1.1 as 1.1); other well-formed versions get 505.
    private func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Result<HTTPVersion, HTTPParseError> {
        let prefix = "HTTP/".utf8
        guard bytes.count == 8,
              bytes.prefix(5).elementsEqual(prefix),
              bytes[bytes.startIndex + 6] == UInt8(ascii: "."),
              let major = digitValue(bytes[bytes.startIndex + 5]),
              let minor = digitValue(bytes[bytes.startIndex + 7])
        else {
            return .failure(HTTPParseError(status: 400, reason: "malformed HTTP version"))
        }
        guard major == 1 else {
            return .failure(HTTPParseError(status: 505, reason: "HTTP version not supported"))
        }
        return .success(HTTPVersion(major: 1, minor: min(minor, 1)))
    }

    private func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// Splits origin-form (`/p?q`) and absolute-form (`http://h/p?q`) targets; others stay whole.
    private func splitTarget(_ target: UnsafeBufferPointer<UInt8>.SubSequence) -> (String, String?) {
        guard target.first == UInt8(ascii: "/") else {
            return HTTPRequest.splitTarget(String(decoding: UnsafeBufferPointer(rebasing: target), as: UTF8.self))
        }
        guard let questionMark = target.firstIndex(of: UInt8(ascii: "?")) else {
            return (String(decoding: UnsafeBufferPointer(rebasing: target), as: UTF8.self), nil)
        }
        let path = UnsafeBufferPointer(rebasing: target[target.startIndex..<questionMark])
        let query = UnsafeBufferPointer(rebasing: target[(questionMark + 1)...])
        return (String(decoding: path, as: UTF8.self), String(decoding: query, as: UTF8.self))
    }
}

/// How a request body is delimited.
private enum BodyFraming {
    case none
    case length(Int)
    case chunked
}

/// Iterates the lines of a head region; each yielded range excludes the LF and a CR just before it.
private struct LineIterator {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    mutating func next() -> Range<Int>? {
        guard position < end else { return nil }
        var index = position
        while index < end, bytes[index] != ASCII.lf { index += 1 }
        var lineEnd = index
        if lineEnd > position, bytes[lineEnd - 1] == ASCII.cr { lineEnd -= 1 }
        defer { position = index + 1 }
        return position..<lineEnd
    }
}

/// Calls `body` with each non-empty element of a comma-separated list, trimmed of whitespace.
private func forEachListElement(
    _ value: UnsafeBufferPointer<UInt8>.SubSequence,
    _ body: (UnsafeBufferPointer<UInt8>.SubSequence) -> Void
) {
    var elementStart = value.startIndex
    var index = value.startIndex
    while index <= value.endIndex {
        if index == value.endIndex || value[index] == UInt8(ascii: ",") {
            var lower = elementStart
            var upper = index
            while lower < upper, ASCII.isWhitespace(value[lower]) { lower += 1 }
            while upper > lower, ASCII.isWhitespace(value[upper - 1]) { upper -= 1 }
            if lower < upper { body(value[lower..<upper]) }
            elementStart = index + 1
        }
        index += 1
    }
}

/// Collects `Content-Length` and `Transfer-Encoding` and decides how the body is framed (RFC 9112 §6).
private struct FramingScan {
    private var contentLength: Int?
    private var contentLengthTooLarge = false
    private var sawTransferEncoding = false
    private var codingCount = 0
    private var chunkedCount = 0
    private var lastIsChunked = false
    private var hasOtherCoding = false

    /// Every element of every `Content-Length` must be the same decimal number.
    mutating func addContentLength(_ value: UnsafeBufferPointer<UInt8>.SubSequence) -> HTTPParseError? {
        var error: HTTPParseError?
        var elements = 0
        forEachListElement(value) { element in
            elements += 1
            guard error == nil else { return }
            guard element.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                error = HTTPParseError(status: 400, reason: "invalid Content-Length")
                return
            }
            var significant = element[...]
            while significant.count > 1, significant.first == UInt8(ascii: "0") { significant = significant.dropFirst() }
            if significant.count > 18 {
                contentLengthTooLarge = true
                return
            }
            let number = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if let contentLength, contentLength != number {
                error = HTTPParseError(status: 400, reason: "conflicting Content-Length values")
            }
            contentLength = number
        }
        if elements == 0 { return HTTPParseError(status: 400, reason: "empty Content-Length") }
        if contentLengthTooLarge, contentLength != nil {
            return HTTPParseError(status: 400, reason: "conflicting Content-Length values")
        }
        return error
    }

    mutating func addTransferEncoding(_ value: UnsafeBufferPointer<UInt8>.SubSequence) {
        sawTransferEncoding = true
        forEachListElement(value) { coding in
            codingCount += 1
            if ASCII.equalsIgnoringCase(coding, "chunked") {
                chunkedCount += 1
                lastIsChunked = true
            } else {
                hasOtherCoding = true
                lastIsChunked = false
            }
        }
    }

    func resolve(isHTTP11: Bool, maxBodyBytes: Int) -> Result<BodyFraming, HTTPParseError> {
        if sawTransferEncoding {
            guard contentLength == nil, !contentLengthTooLarge else {
                return .failure(HTTPParseError(status: 400, reason: "both Transfer-Encoding and Content-Length"))
            }
            guard isHTTP11 else {
                return .failure(HTTPParseError(status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request"))
            }
            guard lastIsChunked, chunkedCount == 1 else {
                return .failure(HTTPParseError(status: 400, reason: "request body framing must end with chunked"))
            }
            guard !hasOtherCoding else {
                return .failure(HTTPParseError(status: 501, reason: "unsupported transfer coding"))
            }
            return .success(.chunked)
        }
        if contentLengthTooLarge {
            return .failure(HTTPParseError(status: 413, reason: "request body too large"))
        }
        guard let contentLength, contentLength > 0 else { return .success(.none) }
        guard contentLength <= maxBodyBytes else {
            return .failure(HTTPParseError(status: 413, reason: "request body too large"))
        }
        return .success(.length(contentLength))
    }
}
