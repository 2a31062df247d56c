// `sqlconnect-response`: what an app does with a response body. Bodies are decoded as the
// generated result types of SQLConnect's tests (every scalar wire form, unions, AEM references:
// Tests/SQLConnectTests/Support, compiled into the fuzzer), in both the generated form (properties
// over a `ResponseRecord`) and the synthesized `Decodable` one, and as `AnyValue`. Every failure
// must be a `DataConnectError`; the two decodings of the films must succeed or fail together, and
// agree on every property when they succeed.

import Foundation
@testable import SQLConnect

let sqlConnectResponseTarget = FuzzTarget(name: "sqlconnect-response", run: fuzzSQLConnectResponse)

private struct Search: Decodable, Sendable {
    var results: [GeneratedSearchResult]?
    var reference: GeneratedReference?
    var value: AnyValue?
}

/// Whether decoding `body` as `type` gave data (nil: a `DataConnectError`), and the data.
@discardableResult
private func decodes<Value: Decodable & Sendable>(_ type: Value.Type, _ body: Data) -> (decoded: Bool, value: Value?) {
    do {
        return (true, try ResponseDecoding.decodeResult(type, from: body))
    } catch let error as DataConnectError {
        _ = error.description
        return (false, nil)
    } catch {
        preconditionFailure("decoding threw \(error), not a DataConnectError")
    }
}

private func fuzzSQLConnectResponse(_ bytes: [UInt8]) {
    let body = Data(bytes)
    let generated = decodes(GeneratedFilmsData.self, body)
    let synthesized = decodes(FilmsData.self, body)
    precondition(generated.decoded == synthesized.decoded, "generated decoding \(generated.decoded ? "succeeds" : "fails") where synthesized does not")
    precondition(generated.value.map(FilmsData.init) == synthesized.value, "generated and synthesized decoding disagree")
    if let results = decodes(Search.self, body).value { _ = String(describing: results) }
    _ = try? AnyValue(jsonData: body)
}
