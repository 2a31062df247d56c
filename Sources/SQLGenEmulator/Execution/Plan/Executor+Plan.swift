// Executing a `QueryPlan`: the same SQL as the generic executor (the same query builders, batches
// and per-parent slicing), but rows are written as JSON while they are stepped through. Whatever
// the plan does not cover at run time (a refused or invalid request, `distinct: true`, a null in
// a non-null field, a failing statement, too many rows) makes it give up, and the caller runs the
// generic executor, which then produces the answer and its errors.

import SQLGenLanguage
import SQLGenSchema

extension Executor {
    /// The statements of `plan` for this request's arguments, worked out before any runs; nil
    /// when the generic executor must answer.
    func prepare(_ plan: QueryPlan) -> PreparedPlan? {
        do {
            return try prepared(plan)
        } catch {
            return nil
        }
    }

    /// The response body of a prepared plan, or nil when the generic executor must answer.
    func executePlan(_ prepared: PreparedPlan) -> [UInt8]? {
        do {
            return try writeResponse(prepared)
        } catch {
            return nil
        }
    }

    /// Sends the first statement of `prepared`, its rows unread: on a connection armed to queue
    /// its next statement, the statement waits in the queue, and `executePlan` then takes its
    /// outcome without working the statement out again.
    func sendFirstStatement(of prepared: PreparedPlan) {
        guard let query = prepared.levels.lazy.compactMap(\.query).first else { return }
        try? scan(query.sql, query.params) { _ throws(FieldFailure) in }
    }

    private func prepared(_ plan: QueryPlan) throws(FieldFailure) -> PreparedPlan {
        var levels: [PreparedPlan.Level] = []
        for root in plan.roots {
            switch root.kind {
            case .typename:
                levels.append(PreparedPlan.Level(root: root, query: nil))
            case .list(let planned):
                let arguments = try self.arguments(planned.definition, planned.field)
                let selection = planned.selection
                guard case .rows(let query) = try listQuery(selection.table, arguments: arguments, fields: selection.fields, planned: true,
                                                            columns: rootColumns(selection)) else {
                    throw RenderedRows.unplannable
                }
                levels.append(PreparedPlan.Level(root: root, query: query))
            case .lookup(let planned, _):
                let arguments = try self.arguments(planned.definition, planned.field)
                let selection = planned.selection
                let query = try lookupQuery(selection.table, arguments: arguments, fields: selection.fields, columns: rootColumns(selection),
                                            planned: selection)
                levels.append(PreparedPlan.Level(root: root, query: query))
            }
        }
        return PreparedPlan(levels: levels)
    }

    private func writeResponse(_ prepared: PreparedPlan) throws(FieldFailure) -> [UInt8] {
        var levels: [(PlannedRoot, RenderedRows?)] = []
        for level in prepared.levels {
            switch level.root.kind {
            case .typename:
                levels.append((level.root, nil))
            case .list(let planned), .lookup(let planned, _):
                guard let query = level.query else { throw RenderedRows.unplannable }
                levels.append((level.root, try loadRows(planned.selection, query)))
            }
        }
        // The rendered bytes plus room for the brackets, commas and nulls between them.
        let rendered = levels.reduce(64) { $0 + ($1.1?.totalBytes ?? 0) + $1.0.keyBytes.count + 8 }
        var out = ByteBuffer(capacity: rendered + rendered / 8)
        out.append("{\"data\":{")
        for (index, (root, rows)) in levels.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            root.keyBytes.withUnsafeBytes { out.append(bytes: $0) }
            switch root.kind {
            case .typename(let value):
                value.withUnsafeBytes { out.append(bytes: $0) }
            case .list:
                guard let rows else { throw RenderedRows.unplannable }
                try rows.writeList(0..<rows.count, to: &out)
            case .lookup(_, let isNonNull):
                guard let rows else { throw RenderedRows.unplannable }
                if rows.count > 0 {
                    try rows.write(0, to: &out)
                } else {
                    if isNonNull { throw RenderedRows.unplannable }
                    out.append("null")
                }
            }
        }
        out.append("}}")
        return out.array
    }

    /// The columns a root list's or lookup's rows are read with (found once per selection).
    private func rootColumns(_ selection: PlannedSelection) -> [StoreColumn] {
        selection.columns { neededColumns(selection.table, fields: selection.fields) }
    }

    /// Runs a root query and renders its rows, then their references and relations.
    private func loadRows(_ selection: PlannedSelection, _ query: RowsQuery) throws(FieldFailure) -> RenderedRows {
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: query.columns))
        var count = 0
        try rows.rendering { render throws(FieldFailure) in
            try scan(query.sql, query.params) { statement throws(FieldFailure) in
                _ = try render(statement)
                count += 1
            }
        }
        try countLoaded(count)
        rows.recordSize()
        try loadNested(rows)
        return rows
    }

    /// The program writing rows of `selection` read as `columns`: where its columns and the parent
    /// columns of its references and relations are in a result row.
    private func program(_ selection: PlannedSelection, columns: [StoreColumn]) throws(FieldFailure) -> RowProgram {
        if let kept = selection.program(for: columns) { return kept }
        let program = try makeProgram(selection, columns: columns)
        selection.keepProgram(program, for: columns)
        return program
    }

    private func makeProgram(_ selection: PlannedSelection, columns: [StoreColumn]) throws(FieldFailure) -> RowProgram {
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
                rows.children.append(try loadPlannedReference(reference, selection: selection, parents: rows.numberPointers(ofHole: hole), isNonNull: isNonNull))
            case .relation(let relation, let definition, let field, let selection, let isNonNull):
                rows.children.append(try loadPlannedRelation(relation, definition: definition, field: field, selection: selection,
                                                             parents: rows.numberPointers(ofHole: hole), isNonNull: isNonNull))
            }
            hole += 1
        }
    }

    /// The parent numbers of each batch (one query each), as `batches` splits the generic path's.
    private func batchRanges(_ count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: Self.batchSize).map { $0..<min(count, $0 + Self.batchSize) }
    }

    /// Runs `sql` with the tuples `range` of `parents` bound first, then `params`, calling `body`
    /// on each row (as `scan`). The tuples' text is bound in place, so the whole run stays
    /// inside the access to their bytes, and the bindings are cleared before it ends.
    func scan(_ sql: String, parents: PointerSet, _ range: Range<Int>, then params: [SQLValue],
                      _ body: (any SQLStatement) throws(FieldFailure) -> Void) throws(FieldFailure) {
        let statement: any SQLStatement
        do {
            statement = try database.cachedStatement(sql)
        } catch {
            throw Self.failure(error)
        }
        let bytes = range.isEmpty ? 0..<0 : parents.range(range.lowerBound).lowerBound..<parents.range(range.upperBound - 1).upperBound
        try parents.bytes.withUnsafeBufferPointer { buffer throws(FieldFailure) in
            defer {
                statement.reset()
                statement.clearBindings()
            }
            do {
                var index: Int32 = 1
                try PointerCodec.bind(UnsafeBufferPointer(rebasing: buffer[bytes]), to: statement, from: &index)
                guard Int(index) - 1 + params.count == Int(statement.parameterCount) else { throw RenderedRows.unplannable }
                for value in params {
                    try statement.bind(value, at: index)
                    index += 1
                }
            } catch let error as DatabaseError {
                throw Self.failure(error)
            } catch {
                throw RenderedRows.unplannable
            }
            while true {
                let hasRow: Bool
                do throws(DatabaseError) {
                    hasRow = try statement.step()
                } catch {
                    throw Self.failure(error)
                }
                guard hasRow else { return }
                try body(statement)
            }
        }
    }

    private func loadPlannedReference(_ reference: StoreReference, selection: PlannedSelection, parents: (numbers: PointerSet, rowParents: [Int]),
                                      isNonNull: Bool) throws(FieldFailure) -> NestedRows {
        guard let target = model.tables[reference.target] else { throw RenderedRows.unplannable }
        let columns = selection.columns { referenceColumns(reference, target: target, fields: selection.fields) }
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: columns))
        var keyPositions: [Int32] = []
        for name in reference.targetColumns {
            guard let index = columns.firstIndex(where: { $0.name == name }) else { throw RenderedRows.unplannable }
            keyPositions.append(Int32(index))
        }
        let numbers = parents.numbers
        // As in the generic executor, a later row with the same key replaces an earlier one.
        var found = Array(repeating: -1, count: numbers.count)
        var key: [UInt8] = []
        for batch in batchRanges(numbers.count) {
            let sql = referenceBatchSQL(reference, target: target, columns: columns, count: batch.count)
            var count = 0
            try rows.rendering { render throws(FieldFailure) in
                try scan(sql, parents: numbers, batch, then: []) { statement throws(FieldFailure) in
                    key.removeAll(keepingCapacity: true)
                    for position in keyPositions { _ = try PointerCodec.append(statement.cell(at: position), to: &key) }
                    let parent = key.withUnsafeBufferPointer { numbers.existing($0) }
                    let row = try render(statement)
                    if let parent { found[parent] = row }
                    count += 1
                }
            }
            try countLoaded(count)
        }
        rows.recordSize()
        try loadNested(rows)
        return NestedRows(rows: rows, rowParents: parents.rowParents, members: .single(found), isList: false, isNonNull: isNonNull)
    }

    private func loadPlannedRelation(_ relation: StoreRelation, definition: GraphQLField, field: Field, selection: PlannedSelection,
                                     parents: (numbers: PointerSet, rowParents: [Int]), isNonNull: Bool) throws(FieldFailure) -> NestedRows {
        let arguments = try self.arguments(definition, field)
        let tables = try relationTables(relation)
        let columns = selection.columns { neededColumns(tables.resultTable, fields: selection.fields) }
        let rows = RenderedRows(selection: selection, program: try program(selection, columns: columns))
        let numbers = parents.numbers
        // Pointers no parent has (equal in SQL, not as values) get numbers past the parents' and
        // are never written.
        var strangers = PointerSet(capacity: 0)
        // The parent of each row read.
        var rowOwners: [Int] = []
        rowOwners.reserveCapacity(min(selection.renderedRows.load(ordering: .relaxed), 1 << 14))
        for batch in batchRanges(numbers.count) {
            if let joined = try relationJoinQuery(relation, tables: tables, parentCount: batch.count, arguments: arguments, columns: columns,
                                                  selection: selection) {
                var kept = 0
                try rows.rendering { render throws(FieldFailure) in
                    kept = try scanJoinedRelation(joined, parents: numbers, batch: batch, width: Int32(columns.count)) { statement, parent throws(FieldFailure) in
                        rowOwners.append(parent)
                        _ = try render(statement)
                    }
                }
                try countLoaded(kept)
                continue
            }
            guard case .rows(let query) = try relationBatchQuery(relation, tables: tables, parentCount: batch.count, arguments: arguments,
                                                                 fields: selection.fields, planned: true, columns: columns) else { throw RenderedRows.unplannable }
            guard query.columns.count == columns.count else { throw RenderedRows.unplannable }
            // As `scanRelationRows`: each parent's rows counted in reading order, its offset/limit
            // slice kept; the pointer is looked up only when it changes from the previous row's.
            let width = Int32(query.columns.count)
            let pointerColumns = width..<(width + Int32(query.pointerCount))
            var current: [UInt8] = []
            var pointer: [UInt8] = []
            var hasCurrent = false
            var currentParent = 0
            // Indexed by parent number: sized for this batch's parents at once (only pointers no
            // parent has, numbered past them, grow the array).
            var positions = [Int64](repeating: 0, count: batch.upperBound)
            var kept = 0
            try rows.rendering { render throws(FieldFailure) in
                try scan(query.sql, parents: numbers, batch, then: query.params) { statement throws(FieldFailure) in
                    if !hasCurrent || !current.withUnsafeBufferPointer({ PointerCodec.matches(statement, pointerColumns, $0) }) {
                        pointer.removeAll(keepingCapacity: true)
                        for column in pointerColumns { _ = try PointerCodec.append(statement.cell(at: column), to: &pointer) }
                        swap(&current, &pointer)
                        hasCurrent = true
                        currentParent = current.withUnsafeBufferPointer { tuple in
                            numbers.existing(tuple) ?? numbers.count + strangers.number(tuple)
                        }
                        if currentParent >= positions.count { positions += repeatElement(0, count: currentParent + 1 - positions.count) }
                    }
                    let position = positions[currentParent]
                    positions[currentParent] += 1
                    guard position >= query.offset, position - query.offset < query.limit else { return }
                    rowOwners.append(currentParent)
                    _ = try render(statement)
                    kept += 1
                }
            }
            try countLoaded(kept)
        }
        rows.recordSize()
        try loadNested(rows)
        return NestedRows(rows: rows, rowParents: parents.rowParents, members: .grouped(owners: rowOwners, parents: numbers.count),
                          isList: relation.isList, isNonNull: isNonNull)
    }
}

/// A planned query's root statements for one request's arguments, in response order.
struct PreparedPlan {
    struct Level {
        var root: PlannedRoot
        /// The statement of a root that reads a table (nil for `__typename`).
        var query: Executor.RowsQuery?
    }

    var levels: [Level]
}
