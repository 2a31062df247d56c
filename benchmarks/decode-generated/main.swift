// The runner of benchmarks/decode-generated.sh, copied into the package `sqlgen-bench
// decode-fixture` writes (with its Cases.swift). Built in release with testing enabled, to reach
// the runtime's decoder as the SDK's calls reach it.
//   Runner RESPONSES-FOLDER [ROUNDS]
import Foundation
@testable import SQLConnect

/// One operation's response, decodable as its result type in both forms.
struct DecodeCase: Sendable {
    let name: String
    /// `WireDecoder` over the parsed `data` member: decoding alone.
    let tree: @Sendable (_ new: Bool, JSONValue) throws -> Any
    /// `ResponseDecoding.decodeResult` over the body: what a query runs (parse and decode).
    let response: @Sendable (_ new: Bool, Data) throws -> Any?
    /// `JSONDecoder` over the `data` member's bytes (apps decoding cached JSON).
    let json: @Sendable (_ new: Bool, Data) throws -> Any
}

func decodeCase<New: Decodable & Sendable, Old: Decodable & Sendable>(_ name: String, _: New.Type, _: Old.Type) -> DecodeCase {
    DecodeCase(
        name: name,
        tree: { new, value -> Any in
            if new { return try WireDecoder.decode(New.self, from: value) }
            return try WireDecoder.decode(Old.self, from: value)
        },
        response: { new, body -> Any? in
            if new { return try ResponseDecoding.decodeResult(New.self, from: body) }
            return try ResponseDecoding.decodeResult(Old.self, from: body)
        },
        json: { new, data -> Any in
            if new { return try JSONDecoder().decode(New.self, from: data) }
            return try JSONDecoder().decode(Old.self, from: data)
        })
}

struct Input {
    let body: Data
    let data: Data
    let tree: JSONValue
}

func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The value's members and leaf values as `dump` lists them, to compare the two forms: without
/// module names, nesting or summaries, and without the record level of the generated form
/// (`__record`, whose mirror lists the members by name).
func shape(_ value: Any?) -> String {
    var text = ""
    dump(value, to: &text)
    let lines = text.replacingOccurrences(of: "NewTypes.", with: "").replacingOccurrences(of: "OldTypes.", with: "")
        .split(separator: "\n").map { $0.drop { $0 == " " } }
    return lines.filter { !$0.hasPrefix("▿ __record: ") }.map { line in
        line.hasPrefix("- ") ? String(line) : String(line.prefix { $0 != ":" && $0 != "(" })
    }.joined(separator: "\n")
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: Runner RESPONSES-FOLDER [ROUNDS]\n".utf8))
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15
var inputs: [Input] = []
for item in cases {
    guard let body = FileManager.default.contents(atPath: arguments[1] + "/" + item.name + ".json"),
          case .object(let envelope) = try JSONParser.parse(body), let tree = envelope["data"] else {
        FileHandle.standardError.write(Data("cannot read the response of \(item.name)\n".utf8))
        exit(1)
    }
    inputs.append(Input(body: body, data: Data(tree.node.serialized().utf8), tree: tree))
}

// Both forms must decode every response to the same value, with either decoder.
for (item, input) in zip(cases, inputs) {
    let same = [
        (shape(try item.tree(true, input.tree)), shape(try item.tree(false, input.tree))),
        (shape(try item.json(true, input.data)), shape(try item.json(false, input.data))),
    ]
    for (new, old) in same where new != old {
        FileHandle.standardError.write(Data("\(item.name): the two forms decode differently\n\(new)\n\(old)\n".utf8))
        exit(1)
    }
}

/// CPU seconds of one pass over every response in one form.
@MainActor func pass(_ mode: String, new: Bool) throws -> Double {
    let start = threadCPUSeconds()
    for (item, input) in zip(cases, inputs) {
        switch mode {
        case "tree": _ = try item.tree(new, input.tree)
        case "response": _ = try item.response(new, input.body)
        default: _ = try item.json(new, input.data)
        }
    }
    return threadCPUSeconds() - start
}

func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
}

let bytes = inputs.reduce(0) { $0 + $1.body.count }
print("\(cases.count) responses, \(bytes) bytes; \(rounds) rounds alternating the two forms; medians of thread CPU time per pass")
print("| decoding | generated (ResponseDecodable) | synthesized Decodable | generated / synthesized |")
print("|---|---:|---:|---:|")
for (mode, title) in [("tree", "WireDecoder, parsed tree"), ("response", "ResponseDecoding.decodeResult, body"), ("json", "JSONDecoder, data bytes")] {
    var new: [Double] = []
    var old: [Double] = []
    for round in 0..<(rounds + 2) {
        let first = round % 2 == 0
        let a = try pass(mode, new: first)
        let b = try pass(mode, new: !first)
        guard round >= 2 else { continue }
        new.append(first ? a : b)
        old.append(first ? b : a)
    }
    let ratio = median(new) / median(old)
    print("| \(title) | \(String(format: "%.2f", median(new) * 1000)) ms | \(String(format: "%.2f", median(old) * 1000)) ms | \(String(format: "%.2f", ratio)) |")
}
