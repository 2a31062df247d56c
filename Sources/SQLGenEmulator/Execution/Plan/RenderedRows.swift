// The rows of one level of a planned query (the root list, or one relation or reference for all
// parents), already written as JSON. Each row is a run of pieces with holes between them where
// its references and relations go; the nested levels load batched, then `write` stitches the
// pieces and the nested rows into the response in one pass.

import SQLGenLanguage

/// How one level's rows are written, worked out once per query from its result columns: the
/// literal bytes (keys, `__typename` values, braces) and the cells and holes between them. Plain
/// values only, so stepping through it for every row copies nothing reference-counted.
struct RowProgram {
    enum Step {
        /// The bytes `literals[start..<end]`.
        case literal(start: Int, end: Int)
        /// The cell at `position`, in its column's wire form; a null in a non-null field, or in a
        /// non-null list element, is left to the generic executor.
        case column(position: Int32, form: StorageCodec.WireForm, isNonNull: Bool, elementIsNonNull: Bool)
        /// A reference or relation, whose parent columns are at `pointerPositions[start..<end]`.
        case hole(start: Int, end: Int)
    }

    var literals: [UInt8] = []
    var steps: [Step] = []
    var pointerPositions: [Int32] = []
    var holes = 0

    mutating func literal(_ bytes: [UInt8]) {
        let start = literals.count
        literals += bytes
        if case .literal(let previousStart, let end)? = steps.last, end == start {
            steps[steps.count - 1] = .literal(start: previousStart, end: literals.count)
        } else {
            steps.append(.literal(start: start, end: literals.count))
        }
    }

    mutating func hole(_ positions: [Int32]) {
        steps.append(.hole(start: pointerPositions.count, end: pointerPositions.count + positions.count))
        pointerPositions += positions
        holes += 1
    }
}

/// One level's rendered rows.
final class RenderedRows {
    let selection: PlannedSelection
    let program: RowProgram
    /// References and relations per row.
    let holes: Int
    private var bytes: [UInt8] = []
    /// Where each piece ends in `bytes`: row `r`'s pieces are entries `r * (holes + 1)` up to `(r + 1) * (holes + 1)`.
    private var pieceEnds: [Int] = []
    /// Per row and hole: the tuple the reference or relation follows (nil when a value of it is null).
    private var pointers: [[SQLiteValue]?] = []
    /// Per hole: the rows loaded for it (filled by `Executor.loadNested`).
    var children: [NestedRows] = []
    private(set) var count = 0

    init(selection: PlannedSelection, program: RowProgram) {
        self.selection = selection
        self.program = program
        holes = program.holes
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
        // Appended to as a local (uniquely referenced, so never copied): no exclusivity check per append.
        var bytes = self.bytes
        self.bytes = []
        defer { self.bytes = bytes }
        // Read once per row rather than once per step (each read of a class's array retains it).
        let steps = program.steps
        let literals = program.literals
        let pointerPositions = program.pointerPositions
        for step in steps {
            switch step {
            case .literal(let start, let end):
                literals.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            case .column(let position, let form, let isNonNull, let elementIsNonNull):
                let written = StorageCodec.writeWireValue(statement, at: position, form: form, to: &bytes)
                if written.isNull {
                    if isNonNull { throw Self.unplannable }
                } else if case .jsonList = form, case .json(let value) = written {
                    guard case .array(let items) = value else { throw Self.unplannable }
                    if elementIsNonNull, items.contains(.null) { throw Self.unplannable }
                }
            case .hole(let start, let end):
                pieceEnds.append(bytes.count)
                var tuple: [SQLiteValue]? = []
                for index in start..<end {
                    let value = statement.value(at: pointerPositions[index])
                    if value == .null {
                        tuple = nil
                        break
                    }
                    tuple?.append(value)
                }
                pointers.append(tuple)
            }
        }
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
            try children[hole].write(forParentRow: row, to: &out)
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

/// The rows of one reference or relation for all the parents of a level, found by number: each
/// parent row's pointer has a number (`rowParents`), and each number its rows, in order.
struct NestedRows {
    let rows: RenderedRows
    /// Per parent row: the number of its pointer, -1 when null.
    let rowParents: [Int]
    /// Per number: where its rows start in `ordered` (one more entry than numbers).
    private let starts: [Int]
    /// Row indices in `rows`, grouped by number, in the order they were read.
    private let ordered: [Int]
    let isList: Bool
    let isNonNull: Bool

    enum Members {
        /// At most one row per number (-1: none).
        case single([Int])
        /// The number each row belongs to, in reading order, and how many numbers are parents.
        case grouped(owners: [Int], parents: Int)
    }

    init(rows: RenderedRows, rowParents: [Int], members: Members, isList: Bool, isNonNull: Bool) {
        self.rows = rows
        self.rowParents = rowParents
        self.isList = isList
        self.isNonNull = isNonNull
        switch members {
        case .single(let found):
            var starts = [0]
            var ordered: [Int] = []
            for row in found {
                if row >= 0 { ordered.append(row) }
                starts.append(ordered.count)
            }
            self.starts = starts
            self.ordered = ordered
        case .grouped(let owners, let parents):
            // A counting sort by number: no per-parent arrays, no hashing.
            var starts = Array(repeating: 0, count: parents + 1)
            for owner in owners where owner < parents { starts[owner + 1] += 1 }
            for number in 0..<parents { starts[number + 1] += starts[number] }
            var next = starts
            var ordered = Array(repeating: 0, count: starts[parents])
            for (row, owner) in owners.enumerated() where owner < parents {
                ordered[next[owner]] = row
                next[owner] += 1
            }
            self.starts = starts
            self.ordered = ordered
        }
    }

    /// Writes the value for parent row `parentRow`: a list, a row or null.
    func write(forParentRow parentRow: Int, to out: inout [UInt8]) throws(FieldFailure) {
        let number = rowParents[parentRow]
        let members = number >= 0 ? ordered[starts[number]..<starts[number + 1]] : ordered[0..<0]
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
