/// Where a YAML node starts: 1-based line and column (columns count Unicode scalars) and the byte
/// offset into the input, so configuration errors can point at the exact key or value.
public struct YAMLMark: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// Byte offset into the input (after line-break normalisation and without a leading BOM).
    public var offset: Int

    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }
}
