import Foundation
import SQLConnect

/// A connector's operations as a persisted-query manifest in the format Apollo's tooling and
/// GraphQL Hive read (`apollo-persisted-query-manifest`, version 1), so a server with trusted
/// documents registers exactly the documents generated code sends, under the ids it sends.
public enum PersistedQueryManifest {
    public static func json(_ connectors: [ConnectorIR]) -> String {
        var seen: Set<String> = []
        var entries: [String] = []
        for operation in connectors.flatMap(\.operations) where seen.insert(operation.document).inserted {
            let fields = [
                ("id", PersistedDocumentID.sha256(operation.document)),
                ("name", operation.name),
                ("type", operation.kind.rawValue),
                ("body", operation.document),
            ]
            entries.append("    {" + fields.map { "\(quoted($0.0)): \(quoted($0.1))" }.joined(separator: ", ") + "}")
        }
        let operations = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"format\": \"apollo-persisted-query-manifest\",\n  \"version\": 1,\n  \"operations\": \(operations)\n}\n"
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        let inside = BackslashEscapes.escaped(text) { scalar in
            scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : nil
        }
        return "\"" + inside + "\""
    }
}
