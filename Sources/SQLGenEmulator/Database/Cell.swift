/// One cell of a statement's current row, read in place: its kind and its value, with no copy of
/// text or blobs (they point into the statement's own memory). Valid until the statement's next
/// step or reset.
struct Cell {
    enum Kind {
        case integer, real, text, blob, null
    }

    let kind: Kind
    /// The integer, or the real's bits.
    private let number: UInt64
    /// The text's or blob's bytes (nil for NULL, numbers, and a text the database had no memory for).
    private let start: UnsafeRawPointer?
    private let count: Int

    private init(kind: Kind, number: UInt64 = 0, start: UnsafeRawPointer? = nil, count: Int = 0) {
        self.kind = kind
        self.number = number
        self.start = start
        self.count = count
    }

    static var null: Cell { Cell(kind: .null) }

    @inline(__always)
    static func integer(_ value: Int64) -> Cell { Cell(kind: .integer, number: UInt64(bitPattern: value)) }

    @inline(__always)
    static func real(_ value: Double) -> Cell { Cell(kind: .real, number: value.bitPattern) }

    @inline(__always)
    static func text(_ start: UnsafeRawPointer?, count: Int) -> Cell { Cell(kind: .text, start: start, count: count) }

    @inline(__always)
    static func blob(_ start: UnsafeRawPointer?, count: Int) -> Cell { Cell(kind: .blob, start: start, count: count) }

    /// The integer; a real converted (toward zero, 0 when out of range); 0 for anything else.
    var int64: Int64 {
        @inline(__always) get {
            switch kind {
            case .integer: return Int64(bitPattern: number)
            case .real: return Int64(exactly: Double(bitPattern: number).rounded(.towardZero)) ?? 0
            default: return 0
            }
        }
    }

    /// The real; an integer converted; 0 for anything else.
    var double: Double {
        @inline(__always) get {
            switch kind {
            case .real: return Double(bitPattern: number)
            case .integer: return Double(Int64(bitPattern: number))
            default: return 0
            }
        }
    }

    /// The text's UTF-8 bytes; nil for other kinds and for a text without memory.
    var text: UnsafeBufferPointer<UInt8>? {
        @inline(__always) get {
            guard kind == .text, let start else { return nil }
            return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
        }
    }

    /// The blob's bytes (empty for an empty blob and for other kinds).
    var blob: UnsafeRawBufferPointer {
        @inline(__always) get {
            guard kind == .blob, let start else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(start: start, count: count)
        }
    }

    /// The cell as a value of its own (text and blobs copied).
    var value: SQLValue {
        switch kind {
        case .integer: return .integer(int64)
        case .real: return .real(double)
        case .text: return .text(text.map { String(decoding: $0, as: UTF8.self) } ?? "")
        case .blob: return .blob(Array(blob))
        case .null: return .null
        }
    }
}
