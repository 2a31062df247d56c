import CSQLite

/// One cell of a statement's current row, read in place: its kind, then its value, with one API
/// call per read. SQLite calls such values unprotected: reading them is safe only while no other
/// thread uses the connection, which a `Statement`'s confinement to its connection's thread
/// guarantees. Valid until the statement's next step or reset.
struct Cell {
    enum Kind {
        case integer, real, text, blob, null
    }

    private let value: OpaquePointer?

    init(_ value: OpaquePointer?) {
        self.value = value
    }

    var kind: Kind {
        @inline(__always) get {
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER: return .integer
            case SQLITE_FLOAT: return .real
            case SQLITE_TEXT: return .text
            case SQLITE_BLOB: return .blob
            default: return .null
            }
        }
    }

    var int64: Int64 {
        @inline(__always) get { sqlite3_value_int64(value) }
    }

    var double: Double {
        @inline(__always) get { sqlite3_value_double(value) }
    }

    /// The text's UTF-8 bytes (text first, then its length: the order SQLite documents for no
    /// conversion); nil for a NULL text pointer.
    var text: UnsafeBufferPointer<UInt8>? {
        @inline(__always) get {
            guard let text = sqlite3_value_text(value) else { return nil }
            return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
        }
    }

    /// The blob's bytes (empty for an empty blob).
    var blob: UnsafeRawBufferPointer {
        @inline(__always) get {
            let blob = sqlite3_value_blob(value)
            return UnsafeRawBufferPointer(start: blob, count: blob == nil ? 0 : Int(sqlite3_value_bytes(value)))
        }
    }
}
