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
    /// What rendering writes, in one struct so a whole scan appends to it moved out into a local
    /// (no dynamic exclusivity check or retain per row, as appending to a class's arrays costs).
    struct Store: ~Copyable {
        var bytes: ByteBuffer
        /// Where each piece ends in `bytes`: row `r`'s pieces are entries `r * (holes + 1)` up to `(r + 1) * (holes + 1)`.
        var pieceEnds: [Int] = []
        /// Per row and hole: where the encoded tuple the reference or relation follows is in
        /// `pointerBytes` (nil when a value of it is null).
        var pointers: [Range<Int>?] = []
        var pointerBytes: ByteBuffer
        var count = 0

        init(capacity: Int, rows: Int = 0, holes: Int = 0, pointerBytes: Int = 0) {
            bytes = ByteBuffer(capacity: capacity)
            self.pointerBytes = ByteBuffer(capacity: pointerBytes)
            pieceEnds.reserveCapacity(rows * (holes + 1))
            pointers.reserveCapacity(rows * holes)
        }
    }

    // Unchecked: written only by `rendering` (moved out and back), read only once the level is
    // loaded, on the one thread answering the request; a dynamic check on every nested list
    // written cost more than writing it.
    @exclusivity(unchecked) private var store: Store
    /// Per hole: the rows loaded for it (filled by `Executor.loadNested`, then only read; unchecked
    /// for the same reason as `store`).
    @exclusivity(unchecked) var children: [NestedRows] = []
    var count: Int { store.count }

    init(selection: PlannedSelection, program: RowProgram) {
        self.selection = selection
        self.program = program
        holes = program.holes
        // As many as the last answer had (bounded: a capacity only, so a list's arrays do not
        // grow through several copies per request).
        store = Store(capacity: min(max(selection.renderedBytes.load(ordering: .relaxed), 4096), 1 << 20),
                      rows: min(selection.renderedRows.load(ordering: .relaxed), 1 << 14), holes: holes,
                      pointerBytes: min(selection.renderedPointerBytes.load(ordering: .relaxed), 1 << 20))
    }

    /// Remembers this level's sizes for the next answer's first capacities (see `renderedBytes`).
    func recordSize() {
        selection.renderedBytes.store(store.bytes.count, ordering: .relaxed)
        selection.renderedRows.store(store.count, ordering: .relaxed)
        selection.renderedPointerBytes.store(store.pointerBytes.count, ordering: .relaxed)
    }

    /// Bytes held by this level and the levels under it (to size the response once).
    var totalBytes: Int { store.bytes.count + children.reduce(0) { $0 + $1.rows.totalBytes } }

    /// The distinct pointers of hole `hole`, numbered in first-seen order (the order batches
    /// follow), and each row's number (-1: a null pointer).
    func numberPointers(ofHole hole: Int) -> (numbers: PointerSet, rowParents: [Int]) {
        let count = store.count
        let pointers = store.pointers
        var numbers = PointerSet(capacity: count, byteCapacity: store.pointerBytes.count)
        var rowParents: [Int] = []
        rowParents.reserveCapacity(count)
        store.pointerBytes.withBytes { bytes in
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

    /// Runs `body` with a function that writes the statement's current row and returns its
    /// index. It throws when the generic executor would record an error here (a null in a
    /// non-null field, a list column that is not a list).
    func rendering(_ body: (_ render: (any SQLStatement) throws(FieldFailure) -> Int) throws(FieldFailure) -> Void) throws(FieldFailure) {
        // The rows so far move out for the scan and back after it.
        var store = Store(capacity: 0)
        swap(&store, &self.store)
        defer { swap(&store, &self.store) }
        let program = self.program
        try body { statement throws(FieldFailure) in
            try Self.render(statement, program: program, into: &store)
        }
    }

    private static func render(_ statement: any SQLStatement, program: RowProgram, into store: inout Store) throws(FieldFailure) -> Int {
        let literals = program.literals
        let pointerPositions = program.pointerPositions
        for step in program.steps {
            switch step {
            case .literal(let start, let end):
                literals.withUnsafeBytes { store.bytes.append(bytes: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            case .column(let position, let form, let isNonNull, let elementIsNonNull):
                let written = StorageCodec.writeWireValue(statement.cell(at: position), form: form, to: &store.bytes)
                if written.isNull {
                    if isNonNull { throw Self.unplannable }
                } else if case .jsonList = form, case .json(let value) = written {
                    guard case .array(let items) = value else { throw Self.unplannable }
                    if elementIsNonNull, items.contains(.null) { throw Self.unplannable }
                }
            case .hole(let start, let end):
                store.pieceEnds.append(store.bytes.count)
                let tupleStart = store.pointerBytes.count
                var isNull = false
                for index in start..<end {
                    guard try PointerCodec.append(statement.cell(at: pointerPositions[index]), to: &store.pointerBytes) else {
                        isNull = true
                        break
                    }
                }
                if isNull {
                    store.pointerBytes.truncate(to: tupleStart)
                    store.pointers.append(nil)
                } else {
                    store.pointers.append(tupleStart..<store.pointerBytes.count)
                }
            }
        }
        store.pieceEnds.append(store.bytes.count)
        store.count += 1
        return store.count - 1
    }

    /// Writes row `row` with its nested rows.
    func write(_ row: Int, to out: inout ByteBuffer) throws(FieldFailure) {
        try Self.writeRows(CollectionOfOne(row), asList: false, holes: holes, pieceEnds: store.pieceEnds, bytes: store.bytes, children: children, to: &out)
    }

    /// Writes rows `rows` as a JSON array.
    func writeList<Rows: Sequence<Int>>(_ rows: Rows, to out: inout ByteBuffer) throws(FieldFailure) {
        try Self.writeRows(rows, asList: true, holes: holes, pieceEnds: store.pieceEnds, bytes: store.bytes, children: children, to: &out)
    }

    /// The level's state is read once for all the rows (one access to `store`), not once per
    /// row and piece.
    private static func writeRows<Rows: Sequence<Int>>(_ rows: Rows, asList: Bool, holes: Int, pieceEnds: [Int], bytes: borrowing ByteBuffer,
                                                       children: [NestedRows], to out: inout ByteBuffer) throws(FieldFailure) {
        if asList { out.append(UInt8(ascii: "[")) }
        var first = true
        for row in rows {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            try write(row, holes: holes, pieceEnds: pieceEnds, bytes: bytes, children: children, to: &out)
        }
        if asList { out.append(UInt8(ascii: "]")) }
    }

    private static func write(_ row: Int, holes: Int, pieceEnds: [Int], bytes: borrowing ByteBuffer, children: [NestedRows],
                              to out: inout ByteBuffer) throws(FieldFailure) {
        let first = row * (holes + 1)
        var start = first == 0 ? 0 : pieceEnds[first - 1]
        for hole in 0..<holes {
            let end = pieceEnds[first + hole]
            out.append(bytes, range: start..<end)
            try children[hole].write(forParentRow: row, to: &out)
            start = end
        }
        out.append(bytes, range: start..<pieceEnds[first + holes])
    }

    /// Not an error of the request: the generic executor runs it and reports what it finds.
    static let unplannable = FieldFailure("The planned query path does not cover this result.", code: "INTERNAL")
}
