// Content fragments in the emulator's database: one table of fragments (path, model type, title, typed element
// values as JSON). One table rather than one per model because models differ only in their JSON
// elements, AEM's filter semantics (case folding, array modes, nested fragment filters) are
// evaluated in Swift on the typed values anyway, and a content file with a new model needs no
// migration. Queries read one model's rows in path order (AEM's default order).

import SQLGenJSON
import SQLGenSchema

struct AEMContentStore {
    /// The writing connection, or a read connection when the store only reads.
    let database: any SQLConnection

    /// The store on `database`, its tables created when missing.
    static func create(on database: any SQLConnection) throws(DatabaseError) -> AEMContentStore {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS aem_fragment (
              path TEXT PRIMARY KEY NOT NULL,
              type_name TEXT NOT NULL,
              title TEXT,
              tags TEXT NOT NULL,
              variations TEXT NOT NULL,
              elements TEXT NOT NULL
            );
            CREATE INDEX IF NOT EXISTS aem_fragment_type ON aem_fragment (type_name, path);
            CREATE TABLE IF NOT EXISTS aem_persisted_query (
              configuration TEXT NOT NULL,
              name TEXT NOT NULL,
              query TEXT NOT NULL,
              PRIMARY KEY (configuration, name)
            );
            """)
        return AEMContentStore(database: database)
    }

    /// Replaces every stored fragment with `fragments` (the content file is the source of truth).
    func replaceAll(_ fragments: [AEMFragment]) throws {
        try database.transaction(.immediate) {
            try database.execute("DELETE FROM aem_fragment")
            for fragment in fragments {
                let elements = JSONValue.object(fragment.values.keys.sorted().map { JSONMember($0, fragment.values[$0] ?? .null) })
                _ = try database.run("INSERT INTO aem_fragment (path, type_name, title, tags, variations, elements) VALUES (?, ?, ?, ?, ?, ?)", [
                    .text(fragment.path), .text(fragment.typeName), fragment.title.map(SQLValue.text) ?? .null,
                    .text(JSONValue.array(fragment.tags.map(JSONValue.string)).jsonText),
                    .text(JSONValue.array(fragment.variations.map(JSONValue.string)).jsonText), .text(elements.jsonText),
                ])
            }
        }
    }

    /// The fragments of one model type (every model when nil), in path order.
    func fragments(ofType typeName: String?) throws(DatabaseError) -> [AEMFragment] {
        let columns = "SELECT path, type_name, title, tags, variations, elements FROM aem_fragment"
        let rows = if let typeName {
            try database.query(columns + " WHERE type_name = ? ORDER BY path", [.text(typeName)])
        } else {
            try database.query(columns + " ORDER BY path")
        }
        return rows.compactMap(Self.fragment)
    }

    /// One fragment by path.
    func fragment(at path: String) throws(DatabaseError) -> AEMFragment? {
        try database.query("SELECT path, type_name, title, tags, variations, elements FROM aem_fragment WHERE path = ?", [.text(path)]).first.flatMap(Self.fragment)
    }

    /// The number of fragments of one model type (of every model when nil).
    func count(ofType typeName: String? = nil) throws(DatabaseError) -> Int {
        let rows = if let typeName {
            try database.query("SELECT COUNT(*) FROM aem_fragment WHERE type_name = ?", [.text(typeName)])
        } else {
            try database.query("SELECT COUNT(*) FROM aem_fragment")
        }
        guard case .integer(let count)? = rows.first?.first else { return 0 }
        return Int(count)
    }

    private static func fragment(_ row: [SQLValue]) -> AEMFragment? {
        guard row.count == 6, case .text(let path) = row[0], case .text(let typeName) = row[1],
              case .text(let tags) = row[3], case .text(let variations) = row[4], case .text(let elements) = row[5],
              case .object(let members)? = try? JSONParser.parse(elements) else { return nil }
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.value }
        var title: String?
        if case .text(let text) = row[2] { title = text }
        func strings(_ text: String) -> [String] { ((try? JSONParser.parse(text))?.arrayValue ?? []).compactMap(\.stringValue) }
        return AEMFragment(path: path, typeName: typeName, title: title, values: values, tags: strings(tags), variations: strings(variations))
    }

    // MARK: Persisted queries

    func saveQuery(configuration: String, name: String, query: String) throws(DatabaseError) {
        let insert = database.dialect.insertOrReplace(into: "aem_persisted_query", columns: ["configuration", "name", "query"])
        _ = try database.run(insert, [.text(configuration), .text(name), .text(query)])
    }

    func savedQueries() throws(DatabaseError) -> [(configuration: String, name: String, query: String)] {
        try database.query("SELECT configuration, name, query FROM aem_persisted_query ORDER BY configuration, name").compactMap { row in
            guard row.count == 3, case .text(let configuration) = row[0], case .text(let name) = row[1], case .text(let query) = row[2] else { return nil }
            return (configuration, name, query)
        }
    }
}
