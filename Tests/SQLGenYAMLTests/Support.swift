import Foundation
@testable import SQLGenYAML

/// A compact, order-preserving rendering of a node for comparisons:
/// `{"a": "1", "b": ["x", null]}`; scalars are quoted (typed or not) so only structure and text count.
func dump(_ node: YAMLNode) -> String {
    switch node {
    case .null: return "null"
    case .scalar(let scalar, _): return quote(scalar.text)
    case .sequence(let items, _): return "[" + items.map(dump).joined(separator: ", ") + "]"
    case .mapping(let pairs, _):
        return "{" + pairs.map { "\(quote($0.name)): \(dump($0.value))" }.joined(separator: ", ") + "}"
    }
}

private func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// Parses `text` and renders it with `dump`.
func dumped(_ text: String) throws -> String {
    dump(try YAML.parse(text))
}

/// The error `text` produces, or nil when it parses.
func parseError(_ text: String) -> YAMLError? {
    do {
        _ = try YAML.parse(text)
        return nil
    } catch {
        return error
    }
}

let fixturesURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
