// The rows of one level of a planned query (the root list, or one relation or reference for all
// parents), already written as JSON. Each row is a run of pieces with holes between them where
// its references and relations go; the nested levels load batched, then `write` stitches the
// pieces and the nested rows into the response in one pass.

import SQLGenLanguage

/// One level's rendered rows.
final class RenderedRows {
    let selection: PlannedSelection
    let program: RowProgram
    /// References and relations per row.
    let holes: Int
    private var bytes: [UInt8] = []
    /// Where each piece ends in `bytes`: row `r`'s pieces are entries `r * (holes + 1)` up to `(r + 1) * (holes + 1)`.
    private var pieceEnds: [Int] = []
    /// Per row and hole: where the encoded tuple the reference or relation follows is in
    /// `pointerBytes` (nil when a value of it is null).
    private var pointers: [Range<Int>?] = []
    private var pointerBytes: [UInt8] = []
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

    /// The distinct pointers of hole `hole`, numbered in first-seen order (the order batches
    /// follow), and each row's number (-1: a null pointer).
    func numberPointers(ofHole hole: Int) -> (numbers: PointerSet, rowParents: [Int]) {
        var numbers = PointerSet(capacity: count)
        var rowParents: [Int] = []
        rowParents.reserveCapacity(count)
        pointerBytes.withUnsafeBufferPointer { bytes in
            for index in stride(from: hole, to: pointers.count, by: max(holes, 1)) {
                guard let range = pointers[index] else {
                    rowParents.append(-1)
                    continue
                }
                rowParents.append(numbers.number(UnsafeBufferPointer(rebasing: bytes[range])))
            }
        }
        return (numbers, rowParents)
    }

    /// Writes the statement's current row. Throws when the generic executor would record an
    /// error here (a null in a non-null field, a list column that is not a list).
    func render(_ statement: Statement) throws(FieldFailure) {
        // Appended to as a local (uniquely referenced, so never copied): no exclusivity check per append.
        var bytes = self.bytes
        self.bytes = []
        var pointerBytes = self.pointerBytes
        self.pointerBytes = []
        defer {
            self.bytes = bytes
            self.pointerBytes = pointerBytes
        }
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
                let tupleStart = pointerBytes.count
                var isNull = false
                for index in start..<end {
                    guard try PointerCodec.append(statement, at: pointerPositions[index], to: &pointerBytes) else {
                        isNull = true
                        break
                    }
                }
                if isNull {
                    pointerBytes.removeSubrange(tupleStart...)
                    pointers.append(nil)
                } else {
                    pointers.append(tupleStart..<pointerBytes.count)
                }
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
