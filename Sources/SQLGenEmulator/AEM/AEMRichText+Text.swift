// `plaintext` and `markdown` of multi-line text, in the shapes AEM answers (see the recorded
// responses cited in AEMRecordedResponseTests): blocks apart by a blank line, spaces kept.

extension AEMRichText {
    static let blockNames: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "blockquote", "pre"]

    static func isBlock(_ node: RichNode) -> Bool {
        if case .element(let name, _, _) = node { return blockNames.contains(name) }
        return false
    }

    // MARK: Plain text

    /// Blocks joined by a blank line; each list item ends in one, so a list closing the text
    /// leaves it trailing. `<br>` is a newline; other spaces stay as written.
    static func plaintext(_ nodes: [RichNode]) -> String {
        var blocks: [String] = []
        var loose: [RichNode] = []
        func flushLoose() {
            let text = plainInline(loose)
            if !text.trimmingWhitespace().isEmpty { blocks.append(text) }
            loose.removeAll()
        }
        for node in nodes {
            guard isBlock(node), case .element(let name, _, let children) = node else {
                loose.append(node)
                continue
            }
            flushLoose()
            blocks.append(plainBlock(name, children))
        }
        flushLoose()
        return blocks.joined(separator: "\n\n")
    }

    private static func plainBlock(_ name: String, _ children: [RichNode]) -> String {
        switch name {
        case "ul", "ol":
            return elements(children, named: "li").map { plainInline($0) + "\n\n" }.joined()
        case "table":
            // Rows on lines, cells apart by tabs (no recorded AEM answer shows a table).
            return rows(children).map { cells in cells.map(plainInline).joined(separator: "\t") }.joined(separator: "\n")
        default:
            return plainInline(children)
        }
    }

    /// Source newlines are spaces, except at the start of a line, where they vanish.
    private static func plainInline(_ nodes: [RichNode]) -> String {
        var out = ""
        func walk(_ node: RichNode) {
            switch node {
            case .text(let text):
                var piece = Substring(text)
                if out.isEmpty || out.hasSuffix("\n") { piece = piece.drop { $0 == "\n" || $0 == "\r" } }
                out += newlinesAsSpaces(piece)
            case .element("br", _, _):
                out += "\n"
            case .element(let name, _, let children):
                if blockNames.contains(name) {
                    if !out.isEmpty, !out.hasSuffix("\n") { out += "\n" }
                    out += plainBlock(name, children)
                } else {
                    children.forEach(walk)
                }
            }
        }
        nodes.forEach(walk)
        return out
    }

    // MARK: Markdown

    /// Each block ends in a blank line; text between blocks stays, its newlines as spaces
    /// (AEM answers `<p>A</p>\n` with `"A\n\n "`).
    static func markdown(_ nodes: [RichNode]) -> String {
        nodes.map { node in
            guard case .element(let name, _, let children) = node, blockNames.contains(name) else { return markdownInline([node]) }
            return markdownBlock(name, children)
        }.joined()
    }

    private static func markdownBlock(_ name: String, _ children: [RichNode]) -> String {
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            return String(repeating: "#", count: Int(name.dropFirst()) ?? 1) + " " + markdownInline(children) + "\n\n"
        case "ul", "ol":
            let items = elements(children, named: "li").enumerated().map { index, item in
                (name == "ol" ? "\(index + 1). " : "- ") + markdownInline(item) + "\n"
            }
            return items.joined() + "\n"
        case "table":
            return rows(children).map { cells in "| " + cells.map(markdownInline).joined(separator: " | ") + " |\n" }.joined() + "\n"
        case "blockquote":
            return "> " + markdownInline(children) + "\n\n"
        default:
            return markdownInline(children) + "\n\n"
        }
    }

    private static func markdownInline(_ nodes: [RichNode]) -> String {
        nodes.map { node -> String in
            switch node {
            case .text(let text): return newlinesAsSpaces(Substring(text))
            case .element(let name, let attributes, let children):
                let inner = markdownInline(children)
                switch name {
                case "b", "strong": return inner.isEmpty ? "" : "**\(inner)**"
                case "i", "em": return inner.isEmpty ? "" : "_\(inner)_"
                case "a": return "[\(inner)](\(attributes["href"] ?? ""))"
                case "br": return "\n"
                case "img": return "![\(attributes["alt"] ?? "")](\(attributes["src"] ?? ""))"
                default: return blockNames.contains(name) ? markdownBlock(name, children) : inner
                }
            }
        }.joined()
    }

    // MARK: Structure

    /// The children of each `name` element among `nodes` (whitespace between them is layout).
    static func elements(_ nodes: [RichNode], named name: String) -> [[RichNode]] {
        nodes.compactMap { node in
            guard case .element(name, _, let children) = node else { return nil }
            return children
        }
    }

    /// A table's rows (directly or in `thead`/`tbody`), each as its cells' children.
    static func rows(_ nodes: [RichNode]) -> [[[RichNode]]] {
        nodes.flatMap { node -> [[[RichNode]]] in
            guard case .element(let name, _, let children) = node else { return [] }
            switch name {
            case "tr": return [children.compactMap { cell in
                guard case .element(let cellName, _, let content) = cell, cellName == "td" || cellName == "th" else { return nil }
                return content
            }]
            case "thead", "tbody", "tfoot": return rows(children)
            default: return []
            }
        }
    }

    static func newlinesAsSpaces(_ text: Substring) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return String(text) }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
