import Foundation
import SQLGenLanguage
import SQLGenYAML

/// Reads typed values out of a YAML tree and collects diagnostics that point at the offending
/// key or value, with the line text for the caret.
struct ConfigReader {
    /// The file name shown in diagnostics (the path as the user gave it).
    let file: String
    /// The text, for the line shown under a diagnostic.
    let source: Source
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.source = Source(bytes: bytes, name: file)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The place of a node as a `SourceLocation`.
    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(line: node.line, column: node.column)
    }

    mutating func report(_ severity: Diagnostic.Severity, _ message: String, line: Int, column: Int) {
        diagnostics.append(Diagnostic(
            severity: severity, message: message, file: file,
            location: SourceLocation(line: line, column: column), lineText: source.lineText(line)))
    }

    mutating func error(_ message: String, at node: YAMLNode) {
        report(.error, message, line: node.line, column: node.column)
    }

    mutating func warning(_ message: String, at node: YAMLNode) {
        report(.warning, message, line: node.line, column: node.column)
    }

    mutating func append(_ diagnostics: [Diagnostic]) {
        self.diagnostics.append(contentsOf: diagnostics)
    }

    /// Parses the file; a YAML syntax error becomes an error diagnostic and nil.
    mutating func parseYAML() -> YAMLNode? {
        do {
            return try YAML.parse(source.bytes)
        } catch {
            report(.error, error.message, line: error.line, column: error.column)
            return nil
        }
    }

    // MARK: Typed values

    /// The pairs of a mapping, or an error naming what was expected.
    mutating func mapping(_ node: YAMLNode, _ name: String) -> [YAMLPair]? {
        if let pairs = node.pairs { return pairs }
        error("'\(name)' must be a mapping of keys to values, found \(node.summary)", at: node)
        return nil
    }

    /// Any scalar as text (numbers such as `1.0` are fine where text is expected); an error for
    /// null, lists and mappings.
    mutating func string(_ node: YAMLNode, _ name: String) -> String? {
        if let text = node.text { return text }
        error("'\(name)' must be a string, found \(node.summary)", at: node)
        return nil
    }

    /// `true` or `false` (YAML core schema booleans); an error for anything else.
    mutating func bool(_ node: YAMLNode, _ name: String) -> Bool? {
        if let value = node.bool { return value }
        error("'\(name)' must be true or false, found \(node.summary)", at: node)
        return nil
    }

    /// A non-empty string.
    mutating func nonEmptyString(_ node: YAMLNode, _ name: String) -> String? {
        guard let text = string(node, name) else { return nil }
        if text.isEmpty {
            error("'\(name)' must not be empty", at: node)
            return nil
        }
        return text
    }

    /// One string or a list of strings, each with its node (for locations).
    mutating func stringList(_ node: YAMLNode, _ name: String) -> [(String, YAMLNode)]? {
        if let items = node.items {
            return items.compactMap { item in nonEmptyString(item, "\(name)[]").map { ($0, item) } }
        }
        guard node.text != nil else {
            error("'\(name)' must be a string or a list of strings, found \(node.summary)", at: node)
            return nil
        }
        return nonEmptyString(node, name).map { [($0, node)] }
    }

    /// The bytes of the configuration file at `path`, or of `defaultName` inside it when `path`
    /// is a folder; the first element is the file's path as shown in messages.
    static func readFile(_ path: String, defaultName: String) throws(ConfigurationError) -> (path: String, bytes: [UInt8]) {
        var file = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            file = (path.hasSuffix("/") ? path : path + "/") + defaultName
        }
        guard let bytes = FileBytes.read(file) else {
            throw ConfigurationError(diagnostics: [Diagnostic(message: "cannot read '\(file)': the file does not exist, is not readable or is not a regular file", file: file)])
        }
        return (file, bytes)
    }

    /// One of a fixed set of words.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ name: String, as type: Value.Type) -> Value?
    where Value.RawValue == String {
        let allowed = Value.allCases.map(\.rawValue)
        let list = allowed.count == 2 ? "\(allowed[0]) or \(allowed[1])" : allowed.joined(separator: ", ")
        guard let text = node.text, let value = Value(rawValue: text) else {
            error("'\(name)' must be \(allowed.count == 2 ? "" : "one of ")\(list), found \(node.summary)", at: node)
            return nil
        }
        return value
    }

    /// Unknown keys warned about one by one; past this a mapping gets one warning for the rest.
    static let maxUnknownKeyWarnings = 100
    private var unknownKeyWarnings = 0

    /// Warns about keys that are neither read by sqlgen nor known to Data Connect.
    mutating func checkKeys(_ pairs: [YAMLPair], in context: String, known: [String], ignored: [String] = []) {
        var unreported: [YAMLPair] = []
        for pair in pairs where !known.contains(pair.name) && !ignored.contains(pair.name) {
            guard unknownKeyWarnings < Self.maxUnknownKeyWarnings else {
                unreported.append(pair)
                continue
            }
            unknownKeyWarnings += 1
            var message = "unknown key '\(pair.name)' in \(context)"
            if let suggestion = ConfigReader.closest(to: pair.name, among: known + ignored) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected \(ConfigReader.listing(known))"
            }
            warning(message, at: pair.key)
        }
        if let first = unreported.first {
            warning("\(unreported.count) more unknown keys in \(context), from '\(first.name)' on", at: first.key)
        }
    }

    /// `a, b or c`.
    static func listing(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard let last = quoted.last else { return "nothing" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The known name within edit distance 2 (or differing only in case), for "did you mean".
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = candidate.lowercased() == lowered ? 0 : editDistance(Array(lowered.utf8), Array(candidate.lowercased().utf8))
            if distance <= 2, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
