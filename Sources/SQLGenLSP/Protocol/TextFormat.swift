import Foundation
import SQLGenJSON

/// How a client shows documentation (LSP `MarkupKind`, from its capabilities): Markdown when it
/// says it can, else plain text, else (a client that says nothing) a bare string.
enum TextFormat {
    case markdown
    case plainText
    case string

    init(offered: JSONValue?) {
        let kinds = offered?.arrayValue?.compactMap(\.stringValue) ?? []
        self = kinds.contains("markdown") ? .markdown : kinds.contains("plaintext") ? .plainText : .string
    }

    /// `markdown` (GraphQL code in fences) as this format shows it; outside Markdown, the code
    /// without its fence.
    func json(_ markdown: String) -> JSONValue {
        let plain = markdown.replacingOccurrences(of: "```graphql\n", with: "").replacingOccurrences(of: "\n```", with: "")
        switch self {
        case .markdown: return ["kind": "markdown", "value": .string(markdown)]
        case .plainText: return ["kind": "plaintext", "value": .string(plain)]
        case .string: return .string(plain)
        }
    }
}
