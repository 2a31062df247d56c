import Foundation
import SQLGenLanguage
import SQLGenSchema

/// A read-only file holding the whole schema a connector is validated against (what
/// `sqlgen schema print --expanded` prints: Data Connect's derived queries, mutations, filters
/// and inputs), so "go to definition" on something the dialect derives has a place to go.
/// Written under the cache folder, and again only when the schema's text changes.
final class DerivedSchemaView {
    let path: String
    let index: SchemaDefinitionIndex
    let lines: LineTable

    /// The view of `connector`'s schema in `directory`; nil without a schema or a writable folder.
    init?(_ connector: ConnectorState, directory: String) {
        guard let schema = connector.schema else { return nil }
        let header = """
        # The schema sqlgen validates connector "\(connector.loaded.config.connectorId)" against (\(connector.key)),
        # as its dialect derives it. Read-only: written by `sqlgen lsp`; edit the schema files instead.


        """
        let bytes = Array(header.utf8) + SchemaPrinter.printSchemaUTF8(schema) + [0x0A]
        let name = connector.loaded.config.connectorId.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        path = directory + "/\(name.isEmpty ? "connector" : name)-\(Self.digest(connector.key)).graphql"
        guard Self.write(bytes, to: path) else { return nil }
        let document = (try? Parser.parse(Source(bytes: bytes, name: path))) ?? Document(definitions: [])
        index = SchemaDefinitionIndex([document])
        lines = LineTable(bytes)
    }

    /// Writes `bytes` read-only, unless the file already holds them.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let manager = FileManager.default
        if FileBytes.read(path) == bytes { return true }
        try? manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? manager.removeItem(atPath: path)
        guard manager.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o444]) else { return false }
        return true
    }

    /// A short stable name for a config path (FNV-1a), so connectors with one id stay apart.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash & 0xFFFF_FFFF, radix: 16)
    }
}
