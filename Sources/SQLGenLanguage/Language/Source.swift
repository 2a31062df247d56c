import Synchronization

/// A GraphQL source text: its UTF-8 bytes and a name used in diagnostics (a file path or `<stdin>`).
///
/// Nodes and tokens keep byte offsets into `bytes`; line and column are computed only when a
/// diagnostic needs them (`location(at:)`), so parsing pays nothing for them.
public struct Source: Sendable, Hashable {
    /// The name shown in diagnostics: a path, `<stdin>`, or `GraphQL request`.
    public let name: String
    /// The UTF-8 bytes of the text.
    public let bytes: [UInt8]
    /// Which source this is when several are combined (a schema folder, a connector's files).
    /// Every `SourceRange` produced while parsing this source carries the same id.
    public let id: SourceID
    /// Where each line starts, found when a location is first asked for and shared by copies:
    /// a file with many diagnostics is scanned once, not once per diagnostic.
    private let lineIndex = LineIndex()

    public init(_ text: String, name: String = "GraphQL request", id: SourceID = SourceID(0)) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.id = id
    }

    public init(bytes: [UInt8], name: String = "GraphQL request", id: SourceID = SourceID(0)) {
        self.name = name
        self.bytes = bytes
        self.id = id
    }

    public static func == (lhs: Source, rhs: Source) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes)
        hasher.combine(id)
    }

    /// The byte offset where each line starts (the first is 0): CR, LF and CRLF end a line.
    /// Computed once and shared by copies.
    public var lineStarts: [Int] { lineIndex.starts(of: bytes) }

    /// The text of the source as a Swift string (invalid UTF-8 is repaired).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The 1-based line and column of a byte offset. Columns count Unicode scalars, as graphql-core
    /// does; CR, LF and CRLF each end a line.
    public func location(at offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        let starts = lineIndex.starts(of: bytes)
        // The last line starting at or before `end`: the first start after it, minus one.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= end { low = middle + 1 } else { high = middle }
        }
        let line = max(low, 1)
        // Inside a line a CR can only be the one of a CRLF, which takes no column.
        var column = 1
        for index in starts[line - 1]..<end where bytes[index] & 0xC0 != 0x80 && bytes[index] != 0x0D { column += 1 }
        return SourceLocation(line: line, column: column)
    }

    /// The text of the 1-based line `line`, without its terminator (for diagnostics with a caret).
    public func lineText(_ line: Int) -> String {
        let starts = lineIndex.starts(of: bytes)
        guard line >= 1, line <= starts.count else { return "" }
        let start = starts[line - 1]
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// The start offset of every line of a text, computed once (under a lock: sources are shared
/// between threads).
private final class LineIndex: Sendable {
    private let lock = Mutex<[Int]?>(nil)

    func starts(of bytes: [UInt8]) -> [Int] {
        lock.withLock { cached in
            if let cached { return cached }
            var starts = [0]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                    starts.append(index + 1)
                }
                index += 1
            }
            cached = starts
            return starts
        }
    }
}

/// Identifies one `Source` among several parsed together.
public struct SourceID: Sendable, Hashable, Comparable {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A 1-based line and column. Columns count Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// The byte range `start..<end` of a token or node in the source `source`.
///
/// Kept small (12 bytes, no references) because every AST node stores one.
/// A parser run with `noLocation` gives every node `SourceRange.none`, which makes two ASTs of the
/// same text compare equal however they were laid out (used for `parse(print(x)) == x`).
public struct SourceRange: Sendable, Hashable {
    public let startOffset: UInt32
    public let endOffset: UInt32
    public let source: SourceID

    public init(start: Int, end: Int, source: SourceID = SourceID(0)) {
        self.startOffset = UInt32(truncatingIfNeeded: start)
        self.endOffset = UInt32(truncatingIfNeeded: end)
        self.source = source
    }

    public var start: Int { Int(startOffset) }
    public var end: Int { Int(endOffset) }

    public static let none = SourceRange(start: 0, end: 0)
}
