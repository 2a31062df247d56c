/// A compiler-style diagnostic: `path:line:column: error: message`, the source line, and a caret.
///
/// Every command renders its problems through this type so they all look the same.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    /// A path, `<stdin>`, or nil when the problem has no file.
    public var file: String?
    public var location: SourceLocation?
    /// The text of the offending line, for the caret display.
    public var lineText: String?
    /// The validation rule or other origin, for `--json` output.
    public var rule: String?

    public init(severity: Severity = .error, message: String, file: String? = nil, location: SourceLocation? = nil, lineText: String? = nil, rule: String? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.location = location
        self.lineText = lineText
        self.rule = rule
    }

    /// A diagnostic for a byte offset in `source`.
    public init(severity: Severity = .error, message: String, source: Source, offset: Int, rule: String? = nil) {
        let location = source.location(at: offset)
        self.init(severity: severity, message: message, file: source.name, location: location, lineText: source.lineText(location.line), rule: rule)
    }

    /// One diagnostic per location of a `GraphQLError` (the first range is the primary one;
    /// later ones become notes), found among `sources` by source id.
    public static func from(_ error: GraphQLError, severity: Severity = .error, sources: [Source]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        // The first range that lies in a known source carries the message; a range into text no
        // file holds (an expanded schema) must not leave a bare "related location" behind.
        for range in error.ranges {
            guard let source = sources.first(where: { $0.id == range.source }) else { continue }
            if result.isEmpty {
                result.append(Diagnostic(severity: severity, message: error.message, source: source, offset: range.start, rule: error.rule))
            } else {
                result.append(Diagnostic(severity: .note, message: "related location", source: source, offset: range.start, rule: error.rule))
            }
        }
        if result.isEmpty {
            // Without a range, the error's own source if it has one; else the first file (the
            // whole input, for a one-file command).
            let file = error.source.map { id in sources.first { $0.id == id }?.name } ?? sources.first?.name
            result.append(Diagnostic(severity: severity, message: error.message, file: file, rule: error.rule))
        }
        return result
    }

    /// `path:line:column: error: message`, then the line and a caret under the column. Control
    /// characters from the input are escaped (`TerminalText`): the text goes to a terminal.
    public func rendered() -> String {
        var head = ""
        if let file {
            head += TerminalText.escaped(file)
            if let location { head += ":\(location.line):\(location.column)" }
            head += ": "
        }
        head += "\(severity.rawValue): \(TerminalText.escaped(message))"
        guard let location, let lineText else { return head }
        // Tabs are kept in the caret line so the caret lines up under tabbed source; an escaped
        // character takes as many columns as its escape.
        var caret = ""
        var column = 1
        for scalar in lineText.unicodeScalars {
            if column >= location.column { break }
            let width = TerminalText.width(of: scalar, keepingTabs: true)
            caret += scalar == "\t" ? "\t" : String(repeating: " ", count: width)
            column += 1
        }
        return head + "\n" + TerminalText.escaped(lineText, keepingTabs: true) + "\n" + caret + "^"
    }
}
