import SQLGenLanguage
import SQLGenSchema

/// A Data Connect schema's tables as the service resolves them: keys, columns and their SQL
/// names, defaults, uniques, indexes, references, relations and views, and the root fields that
/// act on each table. The generator and the emulator read this, never the directives.
public struct DataConnectModel: Sendable {
    /// What a root field of the derived schema does to its table.
    public enum Action: Sendable {
        case single, list
        case insert, insertMany, upsert, upsertMany
        case update, updateMany, delete, deleteMany
    }

    /// A root field (`movie`, `movies`, `movie_insert`...) and the table it acts on.
    public struct RootField: Sendable {
        public var table: String
        public var action: Action
    }

    /// Tables and views in declaration order.
    public let tables: [DataConnectTable]
    /// Root field name → what it does.
    public let rootFields: [String: RootField]
    /// `<plural>_<column>_similarity` fields: the table and its `Vector` column.
    public let similarityFields: [String: (table: String, column: String)]
    private let positions: [String: Int]

    /// The model of the user's SDL (problems in it are reported by `DataConnectDialect.expand`).
    public init(documents: [Document]) {
        let analysed = DataConnectAnalyzer(documents: documents).tables
        self.init(documents: documents, analysed: analysed, relations: DataConnectExpansion.relations(of: analysed))
    }

    /// The model from tables and relations an expansion has analysed already.
    init(documents: [Document], analysed: [DataConnectTable], relations: [String: [DataConnectRelation]]) {
        let storage = DataConnectStorageReader(documents: documents, tables: analysed)
        var tables: [DataConnectTable] = []
        var rootFields: [String: RootField] = [:]
        var similarityFields: [String: (table: String, column: String)] = [:]
        for table in analysed {
            var resolved = storage.resolve(table)
            resolved.relations = relations[table.name] ?? []
            tables.append(resolved)
            rootFields[table.singular] = RootField(table: table.name, action: .single)
            rootFields[table.plural] = RootField(table: table.name, action: .list)
            for column in table.columns where column.typeName == "Vector" && !column.isList {
                similarityFields["\(table.plural)_\(column.name)_similarity"] = (table.name, column.name)
            }
            guard !table.isView else { continue }
            for (suffix, action) in Self.mutationSuffixes { rootFields[table.singular + suffix] = RootField(table: table.name, action: action) }
        }
        self.tables = tables
        self.rootFields = rootFields
        self.similarityFields = similarityFields
        positions = Dictionary(tables.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func table(named name: String) -> DataConnectTable? {
        positions[name].map { tables[$0] }
    }

    private static let mutationSuffixes: [(String, Action)] = [
        ("_insert", .insert), ("_insertMany", .insertMany), ("_upsert", .upsert), ("_upsertMany", .upsertMany),
        ("_update", .update), ("_updateMany", .updateMany), ("_delete", .delete), ("_deleteMany", .deleteMany),
    ]
}
