/// How a request body is delimited.
enum BodyFraming {
    case none
    case length(Int)
    case chunked
}

/// Calls `body` with each non-empty element of a comma-separated list, trimmed of whitespace.
func forEachListElement(
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
struct FramingScan {
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
