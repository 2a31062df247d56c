// `json-emulator`: the emulator's JSON parser (request bodies, variables, content fragments).
// Checks besides "no crash": a parsed value written out parses back to the same value, and the
// depth limit holds.

import SQLGenJSON

let emulatorJSONTarget = FuzzTarget(name: "json-emulator", run: fuzzEmulatorJSON)

private func fuzzEmulatorJSON(_ bytes: [UInt8]) {
    _ = try? JSONParser.parse(bytes, maxDepth: 4)
    guard let value = try? JSONParser.parse(bytes) else { return }
    let written = value.serialized()
    guard let again = try? JSONParser.parse(written) else {
        preconditionFailure("the written value does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    precondition(again == value, "the written value parses differently: \(String(decoding: written, as: UTF8.self))")
}
