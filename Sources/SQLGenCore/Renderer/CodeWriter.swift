/// Accumulates lines of text with an indentation level (four spaces per level). A line is
/// written whole (`line`) or in pieces (`startLine`, `append`, `endLine`), straight into the
/// buffer: the renderer's line heads are not built as temporary strings first. The buffer is
/// bytes, not a `String`: appending to a `String` checks and updates its UTF-8 bookkeeping on
/// every piece, which was a third of rendering.
struct CodeWriter {
    private var bytes: [UInt8] = []
    private var level = 0
    /// Whether the line being written has had no content yet (its indentation is not written).
    private var lineIsEmpty = true

    init() {
        bytes.reserveCapacity(16 * 1024)
    }

    /// What was written, trailing blank lines removed.
    var text: String {
        var end = bytes.count
        while end >= 2, bytes[end - 1] == Self.newline, bytes[end - 2] == Self.newline { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    mutating func line(_ content: String) {
        startLine()
        append(content)
        endLine()
    }

    mutating func startLine() {
        lineIsEmpty = true
    }

    /// Adds to the current line; an empty line gets no indentation.
    mutating func append(_ piece: String) {
        guard !piece.isEmpty else { return }
        if lineIsEmpty {
            var remaining = 4 * level
            while remaining > 0 {
                let count = min(remaining, Self.spaces.count)
                bytes.append(contentsOf: Self.spaces[..<count])
                remaining -= count
            }
            lineIsEmpty = false
        }
        bytes.append(contentsOf: piece.utf8)
    }

    /// `prefix` and `value`, when there is a value (` = 5`, ` -> Int`).
    mutating func append(_ prefix: String, ifPresent value: String?) {
        guard let value else { return }
        append(prefix)
        append(value)
    }

    mutating func endLine() {
        bytes.append(Self.newline)
        lineIsEmpty = true
    }

    mutating func blank() {
        // Never two blank lines in a row, and none right after an opening brace.
        guard let last = bytes.last else { return }
        let beforeLast = bytes.count >= 2 ? bytes[bytes.count - 2] : 0
        if last == Self.newline, beforeLast == Self.newline || beforeLast == UInt8(ascii: "{") { return }
        bytes.append(Self.newline)
    }

    mutating func push() { level += 1 }
    mutating func pop() { level = max(0, level - 1) }

    private static let newline = UInt8(ascii: "\n")
    /// Indentation copied in one piece (a repeated element is appended byte by byte).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
