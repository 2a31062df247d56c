// The rows of one level of a planned query (the root list, or one relation or reference for all
// parents), already written as JSON. Each row is a run of pieces with holes between them where
// its references and relations go; the nested levels load batched, then `write` stitches the
// pieces and the nested rows into the response in one pass.

import SQLGenLanguage

/// Where a level's values sit in its query's result row, worked out once per query.
struct RowLayout {
    /// Per entry of the selection: the column position of a column entry (-1 for the others).
    var columnPositions: [Int32]
    /// Per hole (reference or relation entry, in order): the positions of the parent columns it follows.
    var pointerPositions: [[Int32]]
}

/// One level's rendered rows.
final class RenderedRows {
    let selection: PlannedSelection
    let layout: RowLayout
    /// References and relations per row.
    let holes: Int
    private(set) var bytes: [UInt8] = []
    /// Where each piece ends in `bytes`: row `r`'s pieces are entries `r * (holes + 1)` up to `(r + 1) * (holes + 1)`.
    private var pieceEnds: [Int] = []
    /// Per row and hole: the tuple the reference or relation follows (nil when a value of it is null).
    private(set) var pointers: [[SQLiteValue]?] = []
    /// Per hole: the rows loaded for it (filled by `Executor.loadNested`).
    var children: [NestedRows] = []
    private(set) var count = 0

    init(selection: PlannedSelection, layout: RowLayout) {
        self.selection = selection
        self.layout = layout
        holes = layout.pointerPositions.count
    }

    /// Bytes held by this level and the levels under it (to size the response once).
    var totalBytes: Int { bytes.count + children.reduce(0) { $0 + $1.rows.totalBytes } }

    /// The pointers of hole `hole`, one per row.
    func pointers(ofHole hole: Int) -> [[SQLiteValue]?] {
        stride(from: hole, to: pointers.count, by: max(holes, 1)).map { pointers[$0] }
    }

    /// Writes the statement's current row. Throws when the generic executor would record an
    /// error here (a null in a non-null field, a list column that is not a list).
    func render(_ statement: Statement) throws(FieldFailure) {
        var hole = 0
        for (index, entry) in selection.entries.enumerated() {
            bytes.append(contentsOf: entry.prefix)
            switch entry.item {
            case .typename(let value):
                bytes.append(contentsOf: value)
            case .column(_, let form, let isNonNull, let elementIsNonNull):
                let written = StorageCodec.writeWireValue(statement, at: layout.columnPositions[index], form: form, to: &bytes)
                if written.isNull {
                    if isNonNull { throw Self.unplannable }
                } else if case .jsonList = form, case .json(let value) = written {
                    guard case .array(let items) = value else { throw Self.unplannable }
                    if elementIsNonNull, items.contains(.null) { throw Self.unplannable }
                }
            case .reference, .relation:
                pieceEnds.append(bytes.count)
                var tuple: [SQLiteValue]? = []
                for position in layout.pointerPositions[hole] {
                    let value = statement.value(at: position)
                    if value == .null {
                        tuple = nil
                        break
                    }
                    tuple?.append(value)
                }
                pointers.append(tuple)
                hole += 1
            }
        }
        if selection.entries.isEmpty { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
        pieceEnds.append(bytes.count)
        count += 1
    }

    /// Writes row `row` with its nested rows.
    func write(_ row: Int, to out: inout [UInt8]) throws(FieldFailure) {
        let first = row * (holes + 1)
        var start = first == 0 ? 0 : pieceEnds[first - 1]
        for hole in 0..<holes {
            let end = pieceEnds[first + hole]
            append(start..<end, to: &out)
            try children[hole].write(for: pointers[row * holes + hole], to: &out)
            start = end
        }
        append(start..<pieceEnds[first + holes], to: &out)
    }

    /// Writes rows `rows` as a JSON array.
    func writeList<Rows: Sequence<Int>>(_ rows: Rows, to out: inout [UInt8]) throws(FieldFailure) {
        out.append(UInt8(ascii: "["))
        var first = true
        for row in rows {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            try write(row, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func append(_ range: Range<Int>, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }

    /// Not an error of the request: the generic executor runs it and reports what it finds.
    static let unplannable = FieldFailure("The planned query path does not cover this result.", code: "INTERNAL")
}

/// The rows of one reference or relation for all the parents of a level.
struct NestedRows {
    let rows: RenderedRows
    /// Parent tuple → its rows (indices in `rows`), in order.
    let groups: [[SQLiteValue]: [Int]]
    let isList: Bool
    let isNonNull: Bool

    /// Writes the value for a parent that points at `pointer`: a list, a row or null.
    func write(for pointer: [SQLiteValue]?, to out: inout [UInt8]) throws(FieldFailure) {
        let members = pointer.flatMap { groups[$0] } ?? []
        if isList {
            try rows.writeList(members, to: &out)
        } else if let row = members.first {
            try rows.write(row, to: &out)
        } else {
            if isNonNull { throw RenderedRows.unplannable }
            out.append(contentsOf: "null".utf8)
        }
    }
}
