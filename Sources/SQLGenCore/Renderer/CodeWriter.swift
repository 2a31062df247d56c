/// Accumulates lines of text with an indentation level (four spaces per level). A line is
/// written whole (`line`) or in pieces (`startLine`, `append`, `endLine`), straight into the
/// buffer: the renderer writes expressions piece by piece, never as temporary strings. The buffer
/// is bytes in memory of its own (so the writer is not copyable): appending to a `String`, or to
/// an `Array` (a uniqueness and a capacity check per piece), cost more than the copying itself.
struct CodeWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var level = 0
    /// Whether the line being written has had no content yet (its indentation is not written).
    private var lineIsEmpty = true

    init() {
        capacity = 16 * 1024
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// What was written, trailing blank lines removed.
    var text: String {
        var end = count
        while end >= 2, base[end - 1] == Self.newline, base[end - 2] == Self.newline { end -= 1 }
        return String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self)
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
        var piece = piece
        piece.withUTF8 { append($0) }
    }

    /// `prefix` and `value`, when there is a value (` = 5`, ` -> Int`).
    mutating func append(_ prefix: String, ifPresent value: String?) {
        guard let value else { return }
        append(prefix)
        append(value)
    }

    mutating func endLine() {
        appendByte(Self.newline)
        lineIsEmpty = true
    }

    mutating func blank() {
        // Never two blank lines in a row, and none right after an opening brace.
        guard count > 0 else { return }
        let last = base[count - 1]
        let beforeLast = count >= 2 ? base[count - 2] : 0
        if last == Self.newline, beforeLast == Self.newline || beforeLast == UInt8(ascii: "{") { return }
        appendByte(Self.newline)
    }

    mutating func push() { level += 1 }
    mutating func pop() { level = max(0, level - 1) }

    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        if lineIsEmpty {
            lineIsEmpty = false
            indent()
        }
        reserve(piece.count)
        (base + count).initialize(from: source, count: piece.count)
        count += piece.count
    }

    private mutating func indent() {
        let width = 4 * level
        reserve(width)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: width)
        count += width
    }

    private mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        capacity = max(count + extra, 2 * capacity)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }

    private static let newline = UInt8(ascii: "\n")
}
