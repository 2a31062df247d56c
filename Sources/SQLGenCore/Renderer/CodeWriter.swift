/// Accumulates lines of text with an indentation level (four spaces per level).
struct CodeWriter {
    private(set) var text = ""
    private var level = 0
    /// The last two bytes of `text` (0 where there are fewer): what `blank` looks at, kept
    /// because `String.hasSuffix` compares by Unicode equivalence, which is slow for this.
    private var tail: (UInt8, UInt8) = (0, 0)

    init() {
        text.reserveCapacity(16 * 1024)
    }

    mutating func line(_ content: String) {
        if !content.isEmpty {
            for _ in 0..<level { text += "    " }
            append(content)
        }
        append("\n")
    }

    mutating func blank() {
        // Never two blank lines in a row, and none right after an opening brace.
        let newline = UInt8(ascii: "\n")
        if text.isEmpty || tail == (newline, newline) || tail == (UInt8(ascii: "{"), newline) { return }
        append("\n")
    }

    mutating func push() { level += 1 }
    mutating func pop() { level = max(0, level - 1) }

    private mutating func append(_ piece: String) {
        text += piece
        var last = piece.utf8.reversed().makeIterator()
        guard let final = last.next() else { return }
        tail = (last.next() ?? tail.1, final)
    }
}
