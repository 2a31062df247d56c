// The per-query form of a planned selection that rendering steps through for every row.

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
