// Executing a `QueryPlan`: the same SQL as the generic executor (the same query builders, batches
// and per-parent slicing), but rows are written as JSON while they are stepped through. Whatever
// the plan does not cover at run time (a refused or invalid request, `distinct: true`, a null in
// a non-null field, a failing statement, too many rows) makes it give up, and the caller runs the
// generic executor, which then produces the answer and its errors.

import SQLGenLanguage
import SQLGenSchema

extension Executor {
    /// The response body of a planned query, or nil when the generic executor must answer.
    func executePlan(_ plan: QueryPlan, variableValues: JSONValue) -> [UInt8]? {
        guard begin(variableValues: variableValues) == nil else { return nil }
        do {
            return try writeResponse(plan)
        } catch {
            return nil
        }
    }

    private static let dataPrefix = Array("{\"data\":{".utf8)

    private func writeResponse(_ plan: QueryPlan) throws(FieldFailure) -> [UInt8] {
        var levels: [(PlannedRoot, RenderedRows?)] = []
        for root in plan.roots {
            switch root.kind {
            case .typename:
                levels.append((root, nil))
            case .list(let planned):
                let arguments = try self.arguments(planned.definition, planned.field)
                guard case .rows(let query) = try listQuery(planned.selection.table, arguments: arguments, fields: planned.selection.fields) else {
                    throw RenderedRows.unplannable
                }
                levels.append((root, try loadRows(planned.selection, query)))
            case .lookup(let planned, _):
                let arguments = try self.arguments(planned.definition, planned.field)
                let query = try lookupQuery(planned.selection.table, arguments: arguments, fields: planned.selection.fields)
                levels.append((root, try loadRows(planned.selection, query)))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(levels.reduce(64) { $0 + ($1.1?.totalBytes ?? 0) + $1.0.keyBytes.count + 8 })
        out.append(contentsOf: Self.dataPrefix)
        for (index, (root, rows)) in levels.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: root.keyBytes)
            switch root.kind {
            case .typename(let value):
                out.append(contentsOf: value)
            case .list:
                guard let rows else { throw RenderedRows.unplannable }
                try rows.writeList(0..<rows.count, to: &out)
            case .lookup(_, let isNonNull):
                guard let rows else { throw RenderedRows.unplannable }
                if rows.count > 0 {
                    try rows.write(0, to: &out)
                } else {
                    if isNonNull { throw RenderedRows.unplannable }
                    out.append(contentsOf: "null".utf8)
                }
            }
        }
        out.append(contentsOf: "}}".utf8)
        return out
    }

    /// Runs a root query and renders its rows, then their references and relations.
    private func loadRows(_ selection: PlannedSelection, _ query: RowsQuery) throws(FieldFailure) -> RenderedRows {
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: query.columns))
        var count = 0
        try scan(query.sql, query.params) { statement throws(FieldFailure) in
            try rows.render(statement)
            count += 1
        }
        try countLoaded(count)
        try loadNested(rows)
        return rows
    }

    /// The program writing rows of `selection` read as `columns`: where its columns and the parent
    /// columns of its references and relations are in a result row.
    private func program(_ selection: PlannedSelection, columns: [StoreColumn]) throws(FieldFailure) -> RowProgram {
        func position(_ name: String) throws(FieldFailure) -> Int32 {
            guard let index = columns.firstIndex(where: { $0.name == name }) else { throw RenderedRows.unplannable }
            return Int32(index)
        }
        var program = RowProgram()
        for entry in selection.entries {
            program.literal(entry.prefix)
            switch entry.item {
            case .typename(let value):
                program.literal(value)
            case .column(let column, let form, let isNonNull, let elementIsNonNull):
                program.steps.append(.column(position: try position(column.name), form: form, isNonNull: isNonNull, elementIsNonNull: elementIsNonNull))
            case .reference(let reference, _, _):
                var positions: [Int32] = []
                for name in reference.foreignKeys { positions.append(try position(name)) }
                program.hole(positions)
            case .relation(let relation, _, _, _, _):
                var positions: [Int32] = []
                for name in relationParentColumns(relation) { positions.append(try position(name)) }
                program.hole(positions)
            }
        }
        program.literal(Array((selection.entries.isEmpty ? "{}" : "}").utf8))
        return program
    }

    /// Loads the references and relations of `rows`, one level at a time as the generic executor
    /// does: one query per batch of distinct parents.
    private func loadNested(_ rows: RenderedRows) throws(FieldFailure) {
        var hole = 0
        for entry in rows.selection.entries {
            switch entry.item {
            case .typename, .column:
                continue
            case .reference(let reference, let selection, let isNonNull):
                rows.children.append(try loadPlannedReference(reference, selection: selection, pointers: rows.pointers(ofHole: hole), isNonNull: isNonNull))
            case .relation(let relation, let definition, let field, let selection, let isNonNull):
                rows.children.append(try loadPlannedRelation(relation, definition: definition, field: field, selection: selection,
                                                      pointers: rows.pointers(ofHole: hole), isNonNull: isNonNull))
            }
            hole += 1
        }
    }

    /// The distinct parent pointers of a hole, numbered in first-seen order (the order batches
    /// follow), and each parent row's number (-1: a null pointer).
    private func numberParents(_ pointers: [[SQLiteValue]?]) -> (numbers: PointerNumbers, unique: [[SQLiteValue]], rowParents: [Int]) {
        var numbers = PointerNumbers(capacity: pointers.count)
        var unique: [[SQLiteValue]] = []
        var rowParents: [Int] = []
        rowParents.reserveCapacity(pointers.count)
        for pointer in pointers {
            guard let pointer else {
                rowParents.append(-1)
                continue
            }
            let number = numbers.number(pointer)
            if number == unique.count { unique.append(pointer) }
            rowParents.append(number)
        }
        return (numbers, unique, rowParents)
    }

    private func loadPlannedReference(_ reference: StoreReference, selection: PlannedSelection, pointers: [[SQLiteValue]?],
                                      isNonNull: Bool) throws(FieldFailure) -> NestedRows {
        guard let target = model.tables[reference.target] else { throw RenderedRows.unplannable }
        let columns = referenceColumns(reference, target: target, fields: selection.fields)
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: columns))
        var keyPositions: [Int32] = []
        for name in reference.targetColumns {
            guard let index = columns.firstIndex(where: { $0.name == name }) else { throw RenderedRows.unplannable }
            keyPositions.append(Int32(index))
        }
        let (numbers, unique, rowParents) = numberParents(pointers)
        // As in the generic executor, a later row with the same key replaces an earlier one.
        var found = Array(repeating: -1, count: unique.count)
        for batch in batches(unique) {
            let (sql, params) = referenceBatchQuery(reference, target: target, columns: columns, batch: batch)
            var count = 0
            try scan(sql, params) { statement throws(FieldFailure) in
                if let parent = numbers.existing(keyPositions.map { statement.value(at: $0) }) { found[parent] = rows.count }
                try rows.render(statement)
                count += 1
            }
            try countLoaded(count)
        }
        try loadNested(rows)
        return NestedRows(rows: rows, rowParents: rowParents, members: .single(found), isList: false, isNonNull: isNonNull)
    }

    private func loadPlannedRelation(_ relation: StoreRelation, definition: GraphQLField, field: Field, selection: PlannedSelection,
                                     pointers: [[SQLiteValue]?], isNonNull: Bool) throws(FieldFailure) -> NestedRows {
        let arguments = try self.arguments(definition, field)
        let tables = try relationTables(relation)
        let columns = neededColumns(tables.resultTable, fields: selection.fields)
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: columns))
        var (numbers, unique, rowParents) = numberParents(pointers)
        // The parent of each row read; pointers no parent has (equal in SQL, not as values) get
        // numbers past the parents' and are never written.
        var rowOwners: [Int] = []
        for batch in batches(unique) {
            guard case .rows(let query) = try relationBatchQuery(relation, tables: tables, batch: batch, arguments: arguments, fields: selection.fields),
                  query.columns.count == columns.count else { throw RenderedRows.unplannable }
            try scanRelationRows(query, parent: { numbers.number($0) }) { statement, parent, _, _ throws(FieldFailure) in
                rowOwners.append(parent)
                try rows.render(statement)
            }
        }
        try loadNested(rows)
        return NestedRows(rows: rows, rowParents: rowParents, members: .grouped(owners: rowOwners, parents: unique.count), isList: relation.isList, isNonNull: isNonNull)
    }
}
