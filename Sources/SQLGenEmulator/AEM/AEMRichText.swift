// Multi-line text: AEM stores HTML and serves it as `html`, `plaintext`, `markdown` and `json`
// (its rich-text node tree: paragraph, text with format variants, link, header, lists, tables,
// reference). The HTML is read into a small element tree once and rendered in each format.

/// An element or a text run of stored rich text.
indirect enum RichNode: Equatable {
    case text(String)
    case element(name: String, attributes: [String: String], children: [RichNode])
}

enum AEMRichText {
    // MARK: Parsing

    /// Parses the HTML subset rich text uses; unknown tags keep their children, stray end tags are
    /// ignored, so any input gives a tree.
    static func parse(_ html: String) -> [RichNode] {
        let bytes = Array(html.utf8)
        var stack: [(name: String, attributes: [String: String], children: [RichNode])] = [("", [:], [])]
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            let decoded = decodeEntities(String(decoding: text, as: UTF8.self))
            text.removeAll()
            stack[stack.count - 1].children.append(.text(decoded))
        }
        func close(_ name: String) {
            guard let position = stack.lastIndex(where: { $0.name == name }), position > 0 else { return }
            while stack.count > position {
                let top = stack.removeLast()
                stack[stack.count - 1].children.append(.element(name: top.name, attributes: top.attributes, children: top.children))
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                text.append(bytes[index])
                index += 1
                continue
            }
            flushText()
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
            if tag.hasPrefix("/") {
                close(String(tag.dropFirst()).trimmingWhitespace().lowercased())
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let body = selfClosing ? String(tag.dropLast()) : tag
            let name = String(body.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }).lowercased()
            let attributes = parseAttributes(String(body.dropFirst(name.count)))
            if selfClosing || ["br", "img", "hr"].contains(name) {
                stack[stack.count - 1].children.append(.element(name: name, attributes: attributes, children: []))
            } else {
                stack.append((name, attributes, []))
            }
        }
        flushText()
        while stack.count > 1 {
            let top = stack.removeLast()
            stack[stack.count - 1].children.append(.element(name: top.name, attributes: top.attributes, children: top.children))
        }
        return stack[0].children
    }

    private static func parseAttributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "\t" && $0 != "\n" }
            guard !name.isEmpty else { break }
            rest = rest.dropFirst(name.count)
            guard rest.first == "=" else {
                result[name.lowercased()] = ""
                continue
            }
            rest = rest.dropFirst()
            if let quote = rest.first, quote == "\"" || quote == "'" {
                rest = rest.dropFirst()
                let value = rest.prefix { $0 != quote }
                result[name.lowercased()] = decodeEntities(String(value))
                rest = rest.dropFirst(value.count + 1)
            } else {
                let value = rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
                result[name.lowercased()] = decodeEntities(String(value))
                rest = rest.dropFirst(value.count)
            }
        }
        return result
    }

    /// Named entities rich text uses, and numeric ones.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            case "nbsp": replacement = "\u{00A0}"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    replacement = String(Character(scalar))
                }
            }
            if let replacement {
                out += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    // MARK: Plain text

    static let blocks: Set<String> = ["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "tr", "blockquote", "pre"]

    /// The text without markup: blocks end in a newline, `<br>` is a newline, `&nbsp;` a space.
    static func plaintext(_ nodes: [RichNode]) -> String {
        var out = ""
        func walk(_ node: RichNode) {
            switch node {
            case .text(let text):
                if text.trimmingWhitespace().isEmpty, out.isEmpty || out.hasSuffix("\n") { return }
                out += text.replacingNBSP().collapsingNewlines()
            case .element(let name, _, let children):
                if name == "br" { out += "\n"; return }
                if name == "td" || name == "th", !out.isEmpty, !out.hasSuffix("\n") { out += "\t" }
                children.forEach(walk)
                if blocks.contains(name), !out.hasSuffix("\n") { out += "\n" }
            }
        }
        nodes.forEach(walk)
        return out.trimmingWhitespace()
    }

    // MARK: Markdown

    /// Markdown: paragraphs separated by blank lines, `**bold**`, `_italic_`, `[text](href)`,
    /// `#` headers, `-` and `1.` list items.
    static func markdown(_ nodes: [RichNode]) -> String {
        var blocksOut: [String] = []
        func inline(_ nodes: [RichNode]) -> String {
            nodes.map { node -> String in
                switch node {
                case .text(let text): return text.replacingNBSP().collapsingNewlines()
                case .element(let name, let attributes, let children):
                    let inner = inline(children)
                    switch name {
                    case "b", "strong": return inner.isEmpty ? "" : "**\(inner)**"
                    case "i", "em": return inner.isEmpty ? "" : "_\(inner)_"
                    case "u": return inner
                    case "a": return "[\(inner)](\(attributes["href"] ?? ""))"
                    case "br": return "  \n"
                    case "img": return "![\(attributes["alt"] ?? "")](\(attributes["src"] ?? ""))"
                    default: return inner
                    }
                }
            }.joined()
        }
        func block(_ node: RichNode) {
            switch node {
            case .text(let text):
                let trimmed = text.trimmingWhitespace()
                if !trimmed.isEmpty { blocksOut.append(trimmed) }
            case .element(let name, _, let children):
                switch name {
                case "h1", "h2", "h3", "h4", "h5", "h6":
                    let level = Int(name.dropFirst()) ?? 1
                    blocksOut.append(String(repeating: "#", count: level) + " " + inline(children).trimmingWhitespace())
                case "ul", "ol":
                    var number = 0
                    let items = children.compactMap { child -> String? in
                        guard case .element("li", _, let content) = child else { return nil }
                        number += 1
                        return (name == "ol" ? "\(number). " : "- ") + inline(content).trimmingWhitespace()
                    }
                    blocksOut.append(items.joined(separator: "\n"))
                case "p", "div", "blockquote", "pre", "li":
                    let text = inline(children).trimmingWhitespace()
                    if !text.isEmpty { blocksOut.append(name == "blockquote" ? "> " + text : text) }
                default:
                    let text = inline([node]).trimmingWhitespace()
                    if !text.isEmpty { blocksOut.append(text) }
                }
            }
        }
        nodes.forEach(block)
        return blocksOut.joined(separator: "\n\n")
    }

    // MARK: JSON node tree

    /// AEM's rich-text JSON: an array of block nodes.
    static func json(_ nodes: [RichNode]) -> JSONValue {
        .array(nodes.flatMap { jsonNodes($0, variants: []) })
    }

    private static func jsonNodes(_ node: RichNode, variants: [String]) -> [JSONValue] {
        switch node {
        case .text(let text):
            guard !text.trimmingWhitespace().isEmpty || !variants.isEmpty else { return [] }
            var members = [JSONMember("nodeType", .string("text")), JSONMember("value", .string(text.collapsingNewlines()))]
            if !variants.isEmpty { members.append(JSONMember("format", .object([JSONMember("variants", .array(variants.map(JSONValue.string)))]))) }
            return [.object(members)]
        case .element(let name, let attributes, let children):
            func content(_ extra: [String] = []) -> [JSONValue] { children.flatMap { jsonNodes($0, variants: variants + extra) } }
            func node(_ type: String, _ members: [JSONMember] = [], _ inner: [JSONValue]) -> [JSONValue] {
                var all = [JSONMember("nodeType", .string(type))] + members
                if !inner.isEmpty { all.append(JSONMember("content", .array(inner))) }
                return [.object(all)]
            }
            switch name {
            case "p", "div": return node("paragraph", [], content())
            case "b", "strong": return content(["bold"])
            case "i", "em": return content(["italic"])
            case "u": return content(["underline"])
            case "h1", "h2", "h3", "h4", "h5", "h6": return node("header", [JSONMember("style", .string(name))], content())
            case "ul": return node("unordered-list", [], content())
            case "ol": return node("ordered-list", [], content())
            case "li": return node("list-item", [], content())
            case "table": return node("table", [], content())
            case "tbody": return node("table-body", [], content())
            case "tr": return node("table-row", [], content())
            case "td", "th": return node("table-data", [], content())
            case "br": return [.object([JSONMember("nodeType", .string("line-break"))])]
            case "a":
                let href = attributes["href"] ?? ""
                if href.hasPrefix("/content/dam/") {
                    var data = [JSONMember("href", .string(href))]
                    if AEMAssets.isAsset(href) {
                        data = [JSONMember("path", .string(href)), JSONMember("mimetype", .string(AEMAssets.mimeType(href)))]
                    } else {
                        data.append(JSONMember("type", .string("fragment")))
                    }
                    return node("reference", [JSONMember("data", .object(data))], content())
                }
                var data = [JSONMember("href", .string(href))]
                if let target = attributes["target"] { data.append(JSONMember("target", .string(target))) }
                return node("link", [JSONMember("data", .object(data))], content())
            case "img":
                let src = attributes["src"] ?? ""
                return node("reference", [JSONMember("data", .object([JSONMember("path", .string(src)), JSONMember("mimetype", .string(AEMAssets.mimeType(src)))]))], [])
            default:
                return content()
            }
        }
    }

    // MARK: References

    /// The DAM paths the HTML links to or embeds (`<a href>`, `<img src>`), in order, once each.
    static func referencedPaths(_ nodes: [RichNode]) -> [String] {
        var paths: [String] = []
        func walk(_ node: RichNode) {
            guard case .element(let name, let attributes, let children) = node else { return }
            let target = name == "a" ? attributes["href"] : name == "img" ? attributes["src"] : nil
            if let target, target.hasPrefix("/content/dam/"), !paths.contains(target) { paths.append(target) }
            children.forEach(walk)
        }
        nodes.forEach(walk)
        return paths
    }
}

extension String {
    fileprivate func replacingNBSP() -> String {
        String(unicodeScalars.map { $0 == "\u{00A0}" ? " " : Character($0) })
    }

    /// Source newlines inside text are layout, not content.
    fileprivate func collapsingNewlines() -> String {
        contains("\n") ? split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") : self
    }
}
