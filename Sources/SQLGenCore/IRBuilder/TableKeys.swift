import SQLGenLanguage
import SQLGenSchema

/// The primary keys of Data Connect `@table` types, read from the schema's directives.
struct TableKeys {
    /// Table type name → key field names and their GraphQL types, in key order.
    private(set) var keys: [String: [(name: String, type: GraphQLTypeRef)]] = [:]

    init(schema: Schema) {
        for name in schema.typeNames {
            guard case .object(let object)? = schema.type(named: name),
                  let table = object.directives.first(where: { $0.name.value == "table" }) else { continue }
            var declared = ["id"]
            if let keyArgument = table.arguments.first(where: { $0.name.value == "key" }) {
                switch keyArgument.value {
                case .list(let items, _):
                    declared = items.compactMap { if case .string(let s) = $0 { return s.value } else { return nil } }
                case .string(let single):
                    declared = [single.value]
                default:
                    break
                }
            }
            var fields: [(name: String, type: GraphQLTypeRef)] = []
            for keyName in declared {
                guard let field = object.field(named: keyName) else { continue }
                if case .object = schema.type(named: field.type.namedTypeName) {
                    // A reference in the key stands for its foreign-key field (`movie` → `movieId`).
                    if let foreignKey = object.field(named: keyName + "Id") {
                        fields.append((foreignKey.name, foreignKey.type.nullable))
                    }
                } else {
                    fields.append((field.name, field.type.nullable))
                }
            }
            if !fields.isEmpty { keys[name] = fields }
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
