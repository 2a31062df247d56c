// `sqlconnect-response`: what an app does with a response body. Bodies are decoded as the
// generated result types of SQLConnect's tests (every scalar wire form, unions, AEM references:
// Tests/SQLConnectTests/Support, compiled into the fuzzer), with both the generated
// `init(response:)` and synthesized `Decodable`, and as `AnyValue`. Every failure must be a
// `DataConnectError`; the two decodings of the films must succeed or fail together.

import Foundation
@testable import SQLConnect

let sqlConnectResponseTarget = FuzzTarget(name: "sqlconnect-response", run: fuzzSQLConnectResponse)

private struct Search: Decodable, Sendable {
    var results: [GeneratedSearchResult]?
    var reference: GeneratedReference?
    var value: AnyValue?
}

/// Whether decoding `body` as `type` gave data (nil: a `DataConnectError`).
private func decodes<Value: Decodable & Sendable>(_ type: Value.Type, _ body: Data) -> Bool {
    do {
        _ = try ResponseDecoding.decodeResult(type, from: body)
        return true
    } catch let error as DataConnectError {
        _ = error.description
        return false
    } catch {
        preconditionFailure("decoding threw \(error), not a DataConnectError")
    }
}

private func fuzzSQLConnectResponse(_ bytes: [UInt8]) {
    let body = Data(bytes)
    let generated = decodes(GeneratedFilmsData.self, body)
    let synthesized = decodes(FilmsData.self, body)
    precondition(generated == synthesized, "generated decoding \(generated ? "succeeds" : "fails") where synthesized does not")
    _ = decodes(Search.self, body)
    _ = try? AnyValue(jsonData: body)
}
