// A hosted query compiled once, when it is loaded or persisted, into what answering it needs:
// the tables its fields read and the response keys as JSON bytes. Executing a plan
// (`Executor+Plan`) writes the response straight from the SQLite rows, without the generic
// executor's per-row value trees. `QueryPlanner` decides which operations get one.

import SQLGenLanguage
import SQLGenSchema
import Synchronization

/// The root fields of a planned query, in response order.
struct QueryPlan: Sendable {
    var roots: [PlannedRoot]
    /// The most rows an answer can write, from the literal `limit`s (and `offset`s) of every list
    /// alone; nil when some list has none (its size depends on the data or on variables).
    var rowBound: Int?

    /// Whether answering takes one statement: one root reading a table, and only its columns
    /// (a reference or a relation reads another table).
    var readsInOneStatement: Bool {
        let tableRoots = roots.compactMap { root -> PlannedSelection? in
            switch root.kind {
            case .typename: nil
            case .list(let field), .lookup(let field, _): field.selection
            }
        }
        guard tableRoots.count == 1, let selection = tableRoots.first else { return false }
        return selection.entries.allSatisfy { entry in
            switch entry.item {
            case .typename, .column: true
            case .reference, .relation: false
            }
        }
    }
}

/// One root field (response key) of a planned query.
struct PlannedRoot: Sendable {
    enum Kind: Sendable {
        /// `__typename`: its value, already JSON.
        case typename([UInt8])
        /// `movies(where:, orderBy:, limit:, offset:)`.
        case list(PlannedTableField)
        /// `movie(id:)`, `movie(key:)`, `movie(first:)`: one row or null.
        case lookup(PlannedTableField, isNonNull: Bool)
    }

    /// `"key":`, JSON-encoded.
    var keyBytes: [UInt8]
    var kind: Kind
}

/// A root field that reads a table: what its arguments are coerced against, and what it selects.
/// A class: every request's answer passes it around, and a copy of its fields (syntax trees)
/// costs a reference count each.
final class PlannedTableField: Sendable {
    let definition: GraphQLField
    /// The first node of the response key (its arguments count, as in the generic executor).
    let field: Field
    let selection: PlannedSelection

    init(definition: GraphQLField, field: Field, selection: PlannedSelection) {
        (self.definition, self.field, self.selection) = (definition, field, selection)
    }
}

/// What a selection set on a table's rows writes, field by field. A class so selections nest.
final class PlannedSelection: Sendable {
    /// What one response key of a row writes.
    enum Item: Sendable {
        /// `__typename`: its value, already JSON.
        case typename([UInt8])
        /// A column, with how its stored values become wire values, and the field's nullability
        /// (a null in a non-null field, or in a non-null list element, leaves it to the generic path).
        case column(StoreColumn, form: StorageCodec.WireForm, isNonNull: Bool, elementIsNonNull: Bool)
        /// A reference (`review { movie { ... } }`): one target row or null.
        case reference(StoreReference, selection: PlannedSelection, isNonNull: Bool)
        /// An `_on_` or `_via_` relation, with its field node for the arguments (`where`, `orderBy`, `limit`, `offset`).
        case relation(StoreRelation, definition: GraphQLField, field: Field, selection: PlannedSelection, isNonNull: Bool)
    }

    struct Entry: Sendable {
        /// `{"key":` for the first entry, `,"key":` for the others.
        var prefix: [UInt8]
        var item: Item
    }

    let table: StoreTable
    /// The nodes of the field returning these rows (the generic executor reads columns by them).
    let fields: [Field]
    let entries: [Entry]
    /// The bytes the last answer rendered at this level: the next one reserves that much (a
    /// capacity only, so a list's buffer does not grow through four copies per request).
    let renderedBytes = Atomic<Int>(0)
    /// The rows and pointer bytes of the last answer at this level (capacities too).
    let renderedRows = Atomic<Int>(0)
    let renderedPointerBytes = Atomic<Int>(0)
    /// The columns its rows are read with (`Executor.neededColumns`), found on first use: they
    /// depend on the selection and the model only, and finding them walks the selection set.
    private let columnsFound = Mutex<[StoreColumn]?>(nil)
    /// The last joined relation query made for these rows (`Executor.relationJoinQuery`) and
    /// its number of parents: without `where` or `orderBy` its text depends on that alone.
    private let joinedText = Mutex<(parents: Int, sql: String)?>(nil)
    /// Whether these rows' relation keys compare as bytes (`Executor.keysCompareAsBytes`), and
    /// the schema version it was found under: it depends on the tables' declarations alone.
    private let keysExact = Mutex<(schema: Int64, exact: Bool)?>(nil)
    /// The row program for the columns these rows were last read with (`Executor.program`).
    private let programKept = Mutex<(columns: [String], program: RowProgram)?>(nil)
    /// The last lookup query made for these rows (`Executor.lookupQuery`): its text depends on
    /// the alias and condition alone (the columns are this selection's), and a lookup by key
    /// meets the same ones on every request.
    private let lookupText = Mutex<(alias: String, condition: String, order: [String], sql: String)?>(nil)

    init(table: StoreTable, fields: [Field], entries: [Entry]) {
        self.table = table
        self.fields = fields
        self.entries = entries
    }

    /// The kept joined query for `parents` parents.
    func joinedSQL(parents: Int) -> String? {
        joinedText.withLock { kept in
            guard let kept, kept.parents == parents else { return nil }
            return kept.sql
        }
    }

    func keepJoinedSQL(_ sql: String, parents: Int) {
        joinedText.withLock { $0 = (parents, sql) }
    }

    /// The lookup query's text for `alias`, `condition` and `order`: the kept one, or `make()`'s, kept.
    func lookupSQL(alias: String, condition: String, order: [String], _ make: () -> String) -> String {
        let kept = lookupText.withLock { kept -> String? in
            guard let kept, kept.alias == alias, kept.condition == condition, kept.order == order else { return nil }
            return kept.sql
        }
        if let kept { return kept }
        let sql = make()
        lookupText.withLock { $0 = (alias, condition, order, sql) }
        return sql
    }

    /// The kept row program, when it was made for `columns`.
    func program(for columns: [StoreColumn]) -> RowProgram? {
        programKept.withLock { kept in
            guard let kept, kept.columns.elementsEqual(columns.lazy.map(\.name)) else { return nil }
            return kept.program
        }
    }

    func keepProgram(_ program: RowProgram, for columns: [StoreColumn]) {
        programKept.withLock { $0 = (columns.map(\.name), program) }
    }

    /// `find()`'s answer, kept while the schema stays at version `schema`.
    func keysCompareAsBytes(schema: Int64, _ find: () -> Bool) -> Bool {
        if let kept = keysExact.withLock({ $0 }), kept.schema == schema { return kept.exact }
        let found = find()
        keysExact.withLock { $0 = (schema, found) }
        return found
    }

    /// The columns its rows are read with: `find()`'s answer, kept from the first call.
    func columns(_ find: () -> [StoreColumn]) -> [StoreColumn] {
        if let found = columnsFound.withLock({ $0 }) { return found }
        let found = find()
        columnsFound.withLock { $0 = found }
        return found
    }
}
