// A reference's or relation's rows for all the parents of a level, and which parent gets which.

/// The rows of one reference or relation for all the parents of a level, found by number: each
/// parent row's pointer has a number (`rowParents`), and each number its rows, in order. A class,
/// so writing each parent's rows takes one reference to it, not one to each of its arrays.
final class NestedRows {
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
    func write(forParentRow parentRow: Int, to out: inout ByteBuffer) throws(FieldFailure) {
        let number = rowParents[parentRow]
        let members = number >= 0 ? starts[number]..<starts[number + 1] : 0..<0
        if isList {
            // Through a buffer pointer: no slice (and its retain) per parent row.
            try ordered.withUnsafeBufferPointer { ordered throws(FieldFailure) in
                try rows.writeList(UnsafeBufferPointer(rebasing: ordered[members]), to: &out)
            }
        } else if let index = members.first {
            try rows.write(ordered[index], to: &out)
        } else {
            if isNonNull { throw RenderedRows.unplannable }
            out.append("null")
        }
    }
}
