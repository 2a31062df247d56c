/// Entry point of the YAML reader.
///
/// Reads the subset of YAML 1.2 that configuration files use: block and flow collections, plain,
/// quoted and block scalars, comments, one document. Anchors, aliases, tags, explicit `? ` keys and
/// several documents are rejected with a clear error. Never traps on any input.
public enum YAML {
    /// Parses UTF-8 bytes (a leading BOM is skipped; CR and CRLF line breaks are accepted).
    /// An empty or comment-only document is `.null` at 1:1.
    public static func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode {
        var parser = YAMLParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses a string.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        try parse(Array(text.utf8))
    }
}
