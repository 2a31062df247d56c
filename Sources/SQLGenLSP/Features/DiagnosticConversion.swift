import SQLGenJSON
import SQLGenLanguage

/// Turns problems into LSP `Diagnostic`s with ranges in the client's encoding. An error's range
/// is its node's; a node over several lines (a field and its selection set) is shown by its first
/// name, and a point (a syntax error) by the token there.
struct DiagnosticConversion {
    let encoding: PositionEncoding
    /// A file's text: the editor's when open.
    let read: (String) -> [UInt8]?
    /// The URI to name a file by.
    let uri: (String) -> String

    func json(_ problem: Problem, in path: String, sources: [SourceID: String]) -> JSONValue {
        switch problem {
        case .error(let error, let severity):
            return json(error, severity: severity, in: path, sources: sources)
        case .diagnostic(let diagnostic, let related):
            let lines = LineTable(read(path) ?? [])
            var result = base(message: diagnostic.message, severity: diagnostic.severity, rule: diagnostic.rule,
                              range: range(of: diagnostic, in: lines))
            let information: [JSONValue] = related.compactMap { note in
                guard let file = note.file else { return nil }
                let path = FileURI.canonical(file)
                return relatedJSON(path: path, range: range(of: note, in: LineTable(read(path) ?? [])), message: note.message)
            }
            if !information.isEmpty { result["relatedInformation"] = .array(information) }
            return result
        }
    }

    private func json(_ error: GraphQLError, severity: Diagnostic.Severity, in path: String, sources: [SourceID: String]) -> JSONValue {
        let lines = LineTable(read(path) ?? [])
        let primary = error.ranges.first { sources[$0.source] == path }
        let shown = primary.map { Self.displayRange($0.start, $0.end, in: lines.bytes) } ?? (0, 0)
        var result = base(message: error.message, severity: severity, rule: error.rule, range: lines.range(shown.0, shown.1, encoding: encoding))
        let information: [JSONValue] = error.ranges.compactMap { range in
            guard range != primary, let other = sources[range.source] else { return nil }
            let otherLines = other == path ? lines : LineTable(read(other) ?? [])
            let shown = Self.displayRange(range.start, range.end, in: otherLines.bytes)
            return relatedJSON(path: other, range: otherLines.range(shown.0, shown.1, encoding: encoding), message: "related location")
        }
        if !information.isEmpty { result["relatedInformation"] = .array(information) }
        return result
    }

    private func base(message: String, severity: Diagnostic.Severity, rule: String?, range: JSONValue) -> JSONValue {
        var result: JSONValue = ["range": range, "severity": .int(Int64(Self.severity(severity))), "source": "sqlgen", "message": .string(message)]
        if let rule { result["code"] = .string(rule) }
        return result
    }

    private func relatedJSON(path: String, range: JSONValue, message: String) -> JSONValue {
        ["location": ["uri": .string(uri(path)), "range": range], "message": .string(message)]
    }

    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }

    /// A `Diagnostic`'s line and column (Unicode scalars) as a range over the token there.
    private func range(of diagnostic: Diagnostic, in lines: LineTable) -> JSONValue {
        guard let location = diagnostic.location, location.line >= 1, location.line <= lines.lineCount else {
            return lines.range(0, 0, encoding: encoding)
        }
        let start = lines.offset(of: LSPPosition(line: location.line - 1, character: max(location.column - 1, 0)), encoding: .utf32)
        let shown = Self.displayRange(start, start, in: lines.bytes)
        return lines.range(shown.0, shown.1, encoding: encoding)
    }

    /// The part of `start..<end` to underline: all of it on one line; its first name when it
    /// spans lines; the token at `start` when it is empty.
    static func displayRange(_ start: Int, _ end: Int, in bytes: [UInt8]) -> (Int, Int) {
        let start = min(max(start, 0), bytes.count)
        let end = min(max(end, start), bytes.count)
        if end > start, !bytes[start..<end].contains(where: { $0 == 0x0A || $0 == 0x0D }) { return (start, end) }
        var index = start
        while index < bytes.count, [UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: ".")].contains(bytes[index]) { index += 1 }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        if index > nameStart { return (start, index) }
        if start < bytes.count, bytes[start] != 0x0A, bytes[start] != 0x0D {
            var scalarEnd = start + 1
            while scalarEnd < bytes.count, bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
            return (start, scalarEnd)
        }
        return (start, start)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
