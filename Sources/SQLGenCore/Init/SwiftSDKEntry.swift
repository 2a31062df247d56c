import Foundation

/// Adds a `generate.swiftSdk` entry to a connector.yaml's text, keeping everything else (comments,
/// other SDKs, key order) as the author wrote it, as `firebase init dataconnect:sdk` does.
public enum SwiftSDKEntry {
    public struct EditError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `text` with `swiftSdk: {outputDir, package}` under `generate:` (added when missing).
    /// Throws when `generate` is written in flow style (`generate: {dartSdk: ...}`), which cannot
    /// be edited without rewriting the author's line; the message says what to add by hand.
    public static func adding(to text: String, outputDir: String, package: String) throws(EditError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let entry = { (indent: String) in
            [indent + "swiftSdk:", indent + indent + "outputDir: " + quoted(outputDir), indent + indent + "package: " + quoted(package)]
        }
        guard let index = lines.firstIndex(where: isGenerateKey) else {
            return (lines + ["generate:"] + entry("  ")).joined(separator: "\n") + "\n"
        }
        let value = valueAfterKey(lines[index])
        if value == "{}" {
            lines[index] = "generate:"
        } else if !value.isEmpty {
            throw EditError(description: "'generate' is written on one line; add this below it by hand:\n" + entry("  ").joined(separator: "\n"))
        }
        let indent = String(repeating: " ", count: childIndent(lines, after: index))
        lines.insert(contentsOf: entry(indent), at: index + 1)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A top-level `generate:` key (not a comment, not nested).
    private static func isGenerateKey(_ line: String) -> Bool {
        line.hasPrefix("generate:") || line.hasPrefix("\"generate\":") || line.hasPrefix("'generate':")
    }

    /// What follows `generate:` on its line, without a trailing comment.
    private static func valueAfterKey(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":") else { return "" }
        var rest = String(line[line.index(after: colon)...])
        if let comment = rest.range(of: " #") { rest = String(rest[..<comment.lowerBound]) }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    /// The indentation of `generate`'s existing children, or two spaces.
    private static func childIndent(_ lines: [String], after index: Int) -> Int {
        for line in lines[(index + 1)...] {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            return indent > 0 ? indent : 2
        }
        return 2
    }

    /// A plain scalar when YAML reads it back unchanged, else double-quoted.
    private static func quoted(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./".unicodeScalars.contains(scalar)
        }
        guard !plain || value.isEmpty else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
