/// A YAML syntax error, or a YAML feature this reader deliberately does not support
/// (anchors, aliases, tags, several documents), with the place it was found.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem (Unicode scalars).
    public var column: Int

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

extension YAMLError {
    init(message: String, at mark: YAMLMark) {
        self.init(message: message, line: mark.line, column: mark.column)
    }
}
