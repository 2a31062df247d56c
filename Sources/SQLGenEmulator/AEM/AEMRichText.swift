// Multi-line text: AEM stores HTML and serves it as `html`, `plaintext`, `markdown` and `json`.
// The HTML is read into a small element tree once; AEMRichText+Text and +JSON render the formats.

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
            // AEM's plaintext, markdown and json write a non-breaking space as a plain one.
            case "nbsp", "#160", "#xA0", "#xa0": replacement = " "
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
