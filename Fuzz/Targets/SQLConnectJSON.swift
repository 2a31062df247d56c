// `json-sqlconnect`: SQLConnect's JSON parser (every response body an app receives). Checks
// besides "no crash": a parsed value written out and parsed again writes out the same text.

import Foundation
@testable import SQLConnect

let sqlConnectJSONTarget = FuzzTarget(name: "json-sqlconnect", run: fuzzSQLConnectJSON)

private func fuzzSQLConnectJSON(_ bytes: [UInt8]) {
    guard let value = try? JSONParser.parse(Data(bytes)) else { return }
    let written = value.node.serialized()
    guard let again = try? JSONParser.parse(written) else { preconditionFailure("the written value does not parse: \(written)") }
    precondition(again.node.serialized() == written, "the written value parses differently: \(written)")
}
