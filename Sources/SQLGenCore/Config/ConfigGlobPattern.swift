/// A shell-style glob over `/`-separated relative paths: `*` (any characters but `/`), `?` (one
/// character), `[abc]` / `[a-z]` / `[!abc]` (one character of a set), and `**` as a whole segment
/// (any number of folders, including none).
struct ConfigGlobPattern: Sendable, Hashable {
    let segments: [[Unicode.Scalar]]

    /// Segments other than `**`: each needs a path component of its own.
    private let literalSegmentCount: Int

    init(_ pattern: String) {
        var segments: [[Unicode.Scalar]] = []
        for segment in pattern.split(separator: "/", omittingEmptySubsequences: true) {
            // `**/**` matches what `**` does.
            if segment == "**", segments.last == ["*", "*"] { continue }
            segments.append(Array(segment.unicodeScalars))
        }
        self.segments = segments
        literalSegmentCount = segments.filter { $0 != ["*", "*"] }.count
    }

    /// Whether a text holds glob syntax at all.
    static func isGlob(_ text: String) -> Bool {
        text.contains("*") || text.contains("?") || text.contains("[")
    }

    /// Matches a relative path split into its components.
    func matches(_ components: [String]) -> Bool {
        // A pattern with more segments than the path has components cannot match; past this the
        // recursion below is as deep as the path (at most a few dozen) plus as many `**`.
        guard literalSegmentCount <= components.count else { return false }
        let path = components.map { Array($0.unicodeScalars) }
        // memo[i][j]: segments[i...] match path[j...].
        var memo = [[Bool?]](repeating: [Bool?](repeating: nil, count: path.count + 1), count: segments.count + 1)
        func match(_ i: Int, _ j: Int) -> Bool {
            if let known = memo[i][j] { return known }
            let result: Bool
            if i == segments.count {
                result = j == path.count
            } else if segments[i] == ["*", "*"] {
                result = match(i + 1, j) || (j < path.count && !isHidden(path[j]) && match(i, j + 1))
            } else if j < path.count {
                result = ConfigGlobPattern.matchSegment(segments[i], path[j]) && match(i + 1, j + 1)
            } else {
                result = false
            }
            memo[i][j] = result
            return result
        }
        return match(0, 0)
    }

    private func isHidden(_ component: [Unicode.Scalar]) -> Bool { component.first == "." }

    /// One segment against one path component. Hidden names (`.x`) only match a pattern that
    /// starts with `.` too, as in shells.
    static func matchSegment(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        if name.first == ".", pattern.first != "." { return false }
        var p = 0
        var n = 0
        var starP = -1
        var starN = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                starP = p
                starN = n
                p += 1
                continue
            }
            if p < pattern.count, let width = singleMatch(pattern, p, name[n]) {
                p += width
                n += 1
                continue
            }
            if starP >= 0 {
                p = starP + 1
                starN += 1
                n = starN
                continue
            }
            return false
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// If the pattern element at `p` (a literal, `?` or a `[set]`) matches `character`, its width
    /// in the pattern.
    private static func singleMatch(_ pattern: [Unicode.Scalar], _ p: Int, _ character: Unicode.Scalar) -> Int? {
        switch pattern[p] {
        case "?":
            return 1
        case "[":
            var index = p + 1
            var negate = false
            if index < pattern.count, pattern[index] == "!" || pattern[index] == "^" {
                negate = true
                index += 1
            }
            var matched = false
            var first = true
            while index < pattern.count, pattern[index] != "]" || first {
                first = false
                let low = pattern[index]
                if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                    if low.value <= character.value, character.value <= pattern[index + 2].value { matched = true }
                    index += 3
                } else {
                    if low == character { matched = true }
                    index += 1
                }
            }
            // An unclosed `[` is a literal.
            guard index < pattern.count else { return pattern[p] == character ? 1 : nil }
            return matched != negate ? index - p + 1 : nil
        default:
            return pattern[p] == character ? 1 : nil
        }
    }
}
