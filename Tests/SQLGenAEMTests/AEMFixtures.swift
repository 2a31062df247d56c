import Foundation
import SQLGenAEM
import SQLGenLanguage
import SQLGenSchema

/// The WKND models, the 9 real `wknd-shared` persisted queries and the 2022 AEM schema.
enum AEMFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("aem")

    /// The `.graphql` files of a fixture folder, sorted by name.
    static func files(in folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "graphql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func source(_ url: URL, id: Int) throws -> Source {
        Source(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent, id: SourceID(UInt32(id)))
    }

    /// The WKND model sources (ids 1, 2, ...).
    static func wkndSources() throws -> [Source] {
        try files(in: "wknd-schema").enumerated().map { try source($1, id: $0 + 1) }
    }

    /// The WKND schema expanded and built; expansion and build errors are returned for checking.
    static func wkndSchema() throws -> (schema: Schema, errors: [GraphQLError]) {
        let documents = try wkndSources().map { try Parser.parse($0) }
        let built = AEMDialect.buildSchema(documents)
        return (built.schema, built.errors)
    }

    /// Expands one SDL text (source id 1) and returns the errors as `message @ line:column`.
    static func expansionErrors(_ sdl: String) throws -> [String] {
        let source = Source(sdl, name: "models.graphql", id: SourceID(1))
        let expansion = AEMDialect.expand([try Parser.parse(source)])
        return expansion.errors.map { error in
            let locations = error.locations(in: [source]).map { "\($0.line):\($0.column)" }.joined(separator: ", ")
            return "\(error.message) @ \(locations)"
        }
    }
}
