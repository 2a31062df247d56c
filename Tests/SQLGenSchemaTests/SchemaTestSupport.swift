import Foundation
import SQLGenLanguage
@testable import SQLGenSchema

/// Fixtures and small helpers shared by the schema tests.
enum SchemaFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("schema")

    static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    static func json(_ relativePath: String) throws -> Any {
        try JSONSerialization.jsonObject(with: data(relativePath))
    }
}

/// Parses SDL texts (one source each, ids 0, 1, ...) and builds a schema.
func buildSchema(_ texts: [String], options: SchemaBuildOptions = SchemaBuildOptions()) throws -> (SchemaBuildResult, [Source]) {
    let sources = texts.enumerated().map { index, text in Source(text, name: "schema\(index).graphql", id: SourceID(UInt32(index))) }
    var documents: [Document] = []
    for source in sources {
        documents.append(try Parser.parse(source))
    }
    return (SchemaBuilder.build(documents: documents, options: options), sources)
}

/// Builds one SDL text; the schema alone.
func buildSchema(_ text: String, options: SchemaBuildOptions = SchemaBuildOptions()) throws -> Schema {
    try buildSchema([text], options: options).0.schema
}

/// Errors as `message @ line:column, ...` strings, for readable comparisons.
func describe(_ errors: [GraphQLError], in sources: [Source]) -> [String] {
    errors.map { error in
        let locations = error.locations(in: sources).map { "\($0.line):\($0.column)" }.joined(separator: ", ")
        return "\(error.message) @ \(locations)"
    }
}

/// Expected errors from a fixture (`[{message, locations: [{line, column}]}]`) in the same form.
func describeExpected(_ value: Any?) -> [String] {
    guard let errors = value as? [[String: Any]] else { return [] }
    return errors.map { error in
        let message = error["message"] as? String ?? ""
        let locations = (error["locations"] as? [[String: Any]] ?? []).map { "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)" }
        return "\(message) @ \(locations.joined(separator: ", "))"
    }
}

/// 64-bit FNV-1a of UTF-8 text, to compare with large oracle outputs stored as hashes.
func fnv1a64(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
