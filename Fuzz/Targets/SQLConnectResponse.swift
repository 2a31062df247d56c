// `sqlconnect-response`: what an app does with a response body. Bodies are decoded as the result
// types the generator really writes (the golden packages `wire`: every scalar wire form at every
// position; `decoding`: unions and interfaces; `wknd`: AEM's references and rich text, all
// compiled into the fuzzer), read member by member through their mirrors, and decoded as
// `AnyValue`. Every failure must be a `DataConnectError`, never a trap.

import Foundation
import GoldenDecodingSDK
import GoldenWKNDSDK
import GoldenWireSDK
@testable import SQLConnect

let sqlConnectResponseTarget = FuzzTarget(name: "sqlconnect-response", run: fuzzSQLConnectResponse)

/// Decodes `body` as `type`'s response, and reads every member of what it gives (as a view
/// showing the result would); a failure must be a `DataConnectError`.
private func decodes<Value: Decodable & Sendable>(_ type: Value.Type, _ body: Data) {
    do {
        _ = String(reflecting: try ResponseDecoding.decodeResult(type, from: body))
    } catch let error as DataConnectError {
        _ = error.description
    } catch {
        preconditionFailure("decoding threw \(error), not a DataConnectError")
    }
}

private func fuzzSQLConnectResponse(_ bytes: [UInt8]) {
    let body = Data(bytes)
    decodes(GoldenWireSDK.FilmsQuery.Data.self, body)
    decodes(GoldenDecodingSDK.SearchQuery.Data.self, body)
    decodes(GoldenDecodingSDK.NodeQuery.Data.self, body)
    decodes(GoldenDecodingSDK.FilmsQuery.Data.self, body)
    decodes(GoldenWKNDSDK.AdventureBySlugQuery.Data.self, body)
    decodes(GoldenWKNDSDK.ArticlesAllQuery.Data.self, body)
    _ = try? AnyValue(jsonData: body)
}
