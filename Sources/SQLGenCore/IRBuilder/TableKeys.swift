import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema

/// The primary keys of Data Connect tables, from the dialect's model, with the types the
/// schema gives their columns.
struct TableKeys {
    /// Table type name → key field names and their GraphQL types, in key order.
    private(set) var keys: [String: [(name: String, type: GraphQLTypeRef)]] = [:]

    init(schema: Schema, model: DataConnectModel?) {
        for table in model?.tables ?? [] where !table.isView {
            guard case .object(let object)? = schema.type(named: table.name) else { continue }
            let fields = table.keyColumns.compactMap { column in object.field(named: column).map { (name: $0.name, type: $0.type.nullable) } }
            if !fields.isEmpty, fields.count == table.keyColumns.count { keys[table.name] = fields }
        }
    }

    func key(of table: String) -> [(name: String, type: GraphQLTypeRef)]? { keys[table] }

    /// Tables in name order.
    var tableNames: [String] { keys.keys.sorted() }

    /// `Movie_Key` → `Movie`, `Movie_KeyOutput` → `Movie`, when `Movie` is a table.
    func table(forKeyTypeNamed name: String) -> String? {
        for suffix in ["_KeyOutput", "_Key"] where name.hasSuffix(suffix) {
            let table = String(name.dropLast(suffix.count))
            if keys[table] != nil { return table }
        }
        return nil
    }
}
