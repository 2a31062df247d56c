// `http`: the HTTP/1.1 request parser on any bytes, pipelined requests included. The first byte
// sets the size of the pieces the rest arrives in. Checks besides "no crash": the parser gives
// the same requests and the same final error whether the bytes arrive at once or piece by piece,
// consumes only bytes it was given, and keeps requests under its limits.

@testable import SQLGenHTTP

let httpRequestTarget = FuzzTarget(name: "http", run: fuzzHTTPRequest)

private let limits = RequestParser.Limits(maxHeaderBytes: 2048, maxBodyBytes: 4096)

private func fuzzHTTPRequest(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    let whole = parseAll(input, pieceSize: max(input.count, 1))
    let pieces = parseAll(input, pieceSize: Int(first % 16) + 1)
    precondition(whole == pieces, "piecewise parsing differs: \(whole) versus \(pieces)")
}

/// What the parser made of `input` fed `pieceSize` bytes at a time, as the connection does.
private func parseAll(_ input: [UInt8], pieceSize: Int) -> [String] {
    var parser = RequestParser(limits: limits)
    var buffer: [UInt8] = []
    var start = 0
    var offered = 0
    var results: [String] = []
    while offered < input.count {
        let end = min(input.count, offered + pieceSize)
        buffer += input[offered..<end]
        offered = end
        parsing: while true {
            let before = start
            let outcome = parser.parse(buffer, start: &start)
            precondition(start >= before && start <= buffer.count, "the parser moved outside the buffer")
            switch outcome {
            case .needMore:
                // The connection drops consumed bytes at any point, mid-request too.
                buffer.removeSubrange(..<start)
                start = 0
                break parsing
            case let .failure(error):
                precondition([400, 413, 417, 431, 501, 505].contains(error.status), "unexpected status \(error.status)")
                return results + ["failure \(error.status) \(error.reason)"]
            case let .request(request, keepAlive):
                precondition(request.body.count <= limits.maxBodyBytes, "a body over the limit")
                results.append("\(request.method) \(request.target) \(request.path) \(request.query ?? "-") \(request.version) "
                    + "\(request.headers) \(request.body) \(keepAlive)")
            }
        }
    }
    return results
}
