/// Text that goes into a `//` or `///` comment. Swift ends a comment at a carriage return as at a
/// line feed, and refuses a NUL anywhere in a file: a description holding either would otherwise
/// put the rest of its line outside the comment, as code.
enum CommentText {
    /// `text` as comment lines: split at every line break Swift knows (LF, CR, CR LF), each NUL
    /// replaced by U+FFFD.
    static func lines(_ text: String) -> [String] {
        // Most text is one line of ordinary characters: kept as it is.
        guard text.containsUTF8(0x0A) || text.containsUTF8(0x0D) || text.containsUTF8(0) else { return [text] }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn:
                continue
            case "\n", "\r":
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case "\0":
                current.append("\u{FFFD}")
            default:
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }
}
