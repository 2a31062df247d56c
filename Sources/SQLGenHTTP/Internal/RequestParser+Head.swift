/// Parsing of the request head: the request line and header fields (RFC 9112 §3, §5).
extension RequestParser {
    enum HeadScan {
        case needMore
        case failure(HTTPParseError)
        case complete(Head, BodyFraming)
    }

    /// Looks for the empty line that ends the head, then parses the head.
    mutating func scanHead(_ bytes: UnsafeBufferPointer<UInt8>, start: inout Int) -> HeadScan {
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
    func parseHead(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> HeadScan {
        var lines = LineIterator(bytes: bytes, position: from, end: to)
        guard let requestLine = lines.next() else {
            return .failure(HTTPParseError(status: 400, reason: "missing request line"))
        }
        var head: Head
        switch parseRequestLine(bytes[requestLine]) {
        case let .success(parsed): head = parsed
        case let .failure(error): return .failure(error)
        }
        var fields = FieldScan()
        while let line = lines.next() {
            let name: Slice<UnsafeBufferPointer<UInt8>>
            let value: Slice<UnsafeBufferPointer<UInt8>>
            switch splitField(bytes, line) {
            case let .success(field): (name, value) = field
            case let .failure(error): return .failure(error)
            }
            if let error = fields.note(name: name, value: value, head: &head) { return .failure(error) }
            head.headers.add(
                name: String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self),
                value: String(decoding: UnsafeBufferPointer(rebasing: value), as: UTF8.self)
            )
        }
        return fields.finish(&head, maxBodyBytes: limits.maxBodyBytes)
    }

    /// A field line's name and value (without the white space around it), or why it is malformed.
    private func splitField(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>)
        -> Result<(name: Slice<UnsafeBufferPointer<UInt8>>, value: Slice<UnsafeBufferPointer<UInt8>>), HTTPParseError> {
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
        return .success((name, value))
    }

    func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>.SubSequence) -> Result<Head, HTTPParseError> {
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
    func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Result<HTTPVersion, HTTPParseError> {
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

    func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// Splits origin-form (`/p?q`) and absolute-form (`http://h/p?q`) targets; others stay whole.
    func splitTarget(_ target: UnsafeBufferPointer<UInt8>.SubSequence) -> (String, String?) {
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

/// Iterates the lines of a head region; each yielded range excludes the LF and a CR just before it.
struct LineIterator {
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

/// What the header fields say about framing, the connection and the host, gathered field by field.
struct FieldScan {
    private var framing = FramingScan()
    private var connectionClose = false
    private var connectionKeepAlive = false
    private var hostCount = 0

    /// Notes one field; an error when it makes the request unacceptable.
    mutating func note(name: Slice<UnsafeBufferPointer<UInt8>>, value: Slice<UnsafeBufferPointer<UInt8>>, head: inout RequestParser.Head) -> HTTPParseError? {
        if ASCII.equalsIgnoringCase(name, "content-length") {
            return framing.addContentLength(value)
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
                return HTTPParseError(status: 417, reason: "unsupported expectation")
            }
            head.expectsContinue = head.version.minor >= 1
        }
        return nil
    }

    /// The head with what the fields decided, and its framing.
    func finish(_ head: inout RequestParser.Head, maxBodyBytes: Int) -> RequestParser.HeadScan {
        let isHTTP11 = head.version.minor >= 1
        if hostCount > 1 || (isHTTP11 && hostCount == 0) {
            return .failure(HTTPParseError(status: 400, reason: hostCount == 0 ? "missing Host header" : "repeated Host header"))
        }
        head.keepAlive = !connectionClose && (isHTTP11 || connectionKeepAlive)
        switch framing.resolve(isHTTP11: isHTTP11, maxBodyBytes: maxBodyBytes) {
        case let .success(resolved):
            if case .none = resolved { head.expectsContinue = false }
            return .complete(head, resolved)
        case let .failure(error):
            return .failure(error)
        }
    }
}
