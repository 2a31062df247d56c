// `json` of multi-line text: AEM's node tree. Blocks carry `content`; a link or a reference
// carries its text in `value` (Adobe's renderer reads `node.value`), a line break an empty
// `content`, text its format variants.

import SQLGenJSON

extension AEMRichText {
    /// AEM's rich-text JSON: an array of block nodes.
    static func json(_ nodes: [RichNode]) -> JSONValue {
        .array(jsonNodes(nodes, variants: [], inBlock: false))
    }

    /// Whitespace between blocks is layout; inside a block only a bare source newline is.
    private static func jsonNodes(_ nodes: [RichNode], variants: [String], inBlock: Bool) -> [JSONValue] {
        nodes.flatMap { node -> [JSONValue] in
            switch node {
            case .text(let text):
                let blank = text.trimmingWhitespace().isEmpty
                if blank, !inBlock || text.contains(where: \.isNewline) { return [] }
                return [textNode(newlinesAsSpaces(Substring(text)), variants: variants)]
            case .element(let name, let attributes, let children):
                return jsonElement(name, attributes, children, variants: variants)
            }
        }
    }

    private static func textNode(_ value: String, variants: [String]) -> JSONValue {
        var members = [JSONMember("nodeType", .string("text")), JSONMember("value", .string(value))]
        if !variants.isEmpty { members.append(JSONMember("format", .object([JSONMember("variants", .array(variants.map(JSONValue.string)))]))) }
        return .object(members)
    }

    private static func block(_ type: String, _ members: [JSONMember] = [], _ content: [JSONValue]) -> [JSONValue] {
        var all = [JSONMember("nodeType", .string(type))] + members
        if !content.isEmpty { all.append(JSONMember("content", .array(content))) }
        return [.object(all)]
    }

    private static let blockTypes: [String: String] = [
        "p": "paragraph", "div": "paragraph", "ul": "unordered-list", "ol": "ordered-list", "li": "list-item",
        "table": "table", "tbody": "table-body", "tr": "table-row", "td": "table-data", "th": "table-data",
    ]

    private static let variantNames: [String: String] = ["b": "bold", "strong": "bold", "i": "italic", "em": "italic", "u": "underline"]

    private static func jsonElement(_ name: String, _ attributes: [String: String], _ children: [RichNode], variants: [String]) -> [JSONValue] {
        if let variant = variantNames[name] { return jsonNodes(children, variants: variants + [variant], inBlock: true) }
        if let type = blockTypes[name] {
            let holdsText = ["p", "div", "li", "td", "th"].contains(name)
            return block(type, [], jsonNodes(children, variants: variants, inBlock: holdsText))
        }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            return block("header", [JSONMember("style", .string(name))], jsonNodes(children, variants: variants, inBlock: true))
        case "br":
            return [.object([JSONMember("nodeType", .string("line-break")), JSONMember("content", .array([]))])]
        case "a":
            return [anchorNode(href: attributes["href"] ?? "", target: attributes["target"], text: plainText(children))]
        case "img":
            let src = attributes["src"] ?? ""
            return [.object([JSONMember("nodeType", .string("reference")), JSONMember("data", assetData(src))])]
        default:
            return jsonNodes(children, variants: variants, inBlock: true)
        }
    }

    /// A link, or a reference when it points into the DAM: a fragment (`href`, `type`) or an
    /// asset (`path`, `mimetype`).
    private static func anchorNode(href: String, target: String?, text: String) -> JSONValue {
        var members = [JSONMember("nodeType", .string(href.hasPrefix("/content/dam/") ? "reference" : "link"))]
        if !href.hasPrefix("/content/dam/") {
            var data = [JSONMember("href", .string(href))]
            if let target { data.append(JSONMember("target", .string(target))) }
            members.append(JSONMember("data", .object(data)))
        } else if AEMAssets.isAsset(href) {
            members.append(JSONMember("data", assetData(href)))
        } else {
            members.append(JSONMember("data", .object([JSONMember("href", .string(href)), JSONMember("type", .string("fragment"))])))
        }
        if !text.isEmpty { members.append(JSONMember("value", .string(text))) }
        return .object(members)
    }

    private static func assetData(_ path: String) -> JSONValue {
        .object([JSONMember("path", .string(path)), JSONMember("mimetype", .string(AEMAssets.mimeType(path)))])
    }

    /// The text of inline content, formatting dropped.
    private static func plainText(_ nodes: [RichNode]) -> String {
        nodes.map { node -> String in
            switch node {
            case .text(let text): return newlinesAsSpaces(Substring(text))
            case .element("br", _, _): return " "
            case .element(_, _, let children): return plainText(children)
            }
        }.joined()
    }
}
