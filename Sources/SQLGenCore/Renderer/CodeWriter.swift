/// Accumulates lines of text with an indentation level (four spaces per level).
struct CodeWriter {
    private(set) var text = ""
    private var level = 0

    init() {
        text.reserveCapacity(16 * 1024)
    }

    mutating func line(_ content: String) {
        if content.isEmpty {
            text += "\n"
            return
        }
        for _ in 0..<level { text += "    " }
        text += content
        text += "\n"
    }

    mutating func blank() {
        // Never two blank lines in a row, and none right after an opening brace.
        if text.isEmpty || text.hasSuffix("\n\n") || text.hasSuffix("{\n") { return }
        text += "\n"
    }

    mutating func push() { level += 1 }
    mutating func pop() { level = max(0, level - 1) }
}
