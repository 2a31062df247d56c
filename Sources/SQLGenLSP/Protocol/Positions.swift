import SQLGenJSON
import SQLGenLanguage

/// How a position's `character` counts (LSP 3.17 `PositionEncodingKind`). UTF-16 code units are
/// the default every client supports; UTF-8 is chosen when the client offers it, as byte offsets
/// are what the parser keeps.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use of those the client lists (`general.positionEncodings`), in our
    /// order of preference; UTF-16 when it lists none.
    public static func negotiate(_ offered: [String]?) -> PositionEncoding {
        guard let offered, !offered.isEmpty else { return .utf16 }
        for preferred in [PositionEncoding.utf8, .utf16, .utf32] where offered.contains(preferred.rawValue) { return preferred }
        return .utf16
    }
}

/// An LSP position: a zero-based line and a character offset in the negotiated encoding.
public struct LSPPosition: Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSONValue { ["line": .int(Int64(line)), "character": .int(Int64(character))] }
}

/// Where each line of a text starts, and conversions between byte offsets and LSP positions.
/// Lines end at LF, CRLF or CR, as LSP counts them.
public struct LineTable: Sendable {
    public let bytes: [UInt8]
    private let starts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts = Source(bytes: bytes).lineStarts
    }

    public var lineCount: Int { starts.count }

    /// The position of the byte offset `offset` (clamped to the text; an offset inside a
    /// multi-byte character counts from that character's start).
    public func position(of offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let end = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= end { low = middle + 1 } else { high = middle }
        }
        let line = max(low - 1, 0)
        return LSPPosition(line: line, character: units(from: starts[line], to: end, encoding: encoding))
    }

    /// The byte offset of `position`. A line past the end is the end of the text; a character
    /// past the end of its line is the line's end (LSP's rule), inside a character its end.
    public func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        let lineEnd = contentEnd(ofLine: position.line)
        var index = starts[position.line]
        var counted = 0
        while index < lineEnd, counted < position.character {
            let length = Self.sequenceLength(bytes[index])
            counted += Self.units(ofLead: bytes[index], encoding: encoding)
            index = min(index + length, lineEnd)
        }
        return index
    }

    /// The end of line `line`'s text, before its terminator.
    public func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        while end > starts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    private func units(from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
        if encoding == .utf8 { return end - start }
        var count = 0
        for index in start..<end where bytes[index] & 0xC0 != 0x80 {
            count += Self.units(ofLead: bytes[index], encoding: encoding)
        }
        return count
    }

    /// How many code units the character starting with `lead` takes.
    private static func units(ofLead lead: UInt8, encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: return sequenceLength(lead)
        case .utf16: return lead >= 0xF0 ? 2 : 1
        case .utf32: return 1
        }
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}

/// An LSP range from byte offsets.
extension LineTable {
    public func range(_ start: Int, _ end: Int, encoding: PositionEncoding) -> JSONValue {
        ["start": position(of: start, encoding: encoding).json, "end": position(of: end, encoding: encoding).json]
    }

    public func range(_ range: SourceRange, encoding: PositionEncoding) -> JSONValue {
        self.range(range.start, range.end, encoding: encoding)
    }
}
