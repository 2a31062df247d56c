// Writes stored values as wire JSON straight from a SQLite row, for the planned query path: no
// `SQLiteValue`, no `JSONValue`, no `String` for the common cells. The formats themselves stay
// defined once, in `StorageCodec.wireValue` and the JSON writer; this only skips the detours.

import CSQLite

extension StorageCodec {
    /// What `writeWireValue` wrote, for the caller's null and list checks.
    enum WrittenWire {
        case null
        /// A non-null scalar written in place.
        case scalar
        /// A value that went through `wireValue` (JSON columns, unusual storage classes).
        case json(JSONValue)

        var isNull: Bool {
            switch self {
            case .null: return true
            case .scalar: return false
            case .json(let value): return value.isNull
            }
        }
    }

    /// Writes the bytes `wireValue(statement.value(at: index), form: form).write(to:)` gives.
    /// Text cells of text-like columns, integers of Int and Boolean columns and reals of Float
    /// columns are written from SQLite's copy of the value; anything else goes through `wireValue`.
    static func writeWireValue<Out: ByteSink & ~Copyable>(_ statement: Statement, at index: Int32, form: WireForm, to out: inout Out) -> WrittenWire {
        let cell = statement.cell(at: index)
        switch (sqlite3_value_type(cell), form) {
        case (SQLITE_NULL, _):
            out.append("null")
            return .null
        case (SQLITE_TEXT, .text):
            // Text first, then its length (the order SQLite documents for no conversion).
            guard let text = sqlite3_value_text(cell) else {
                JSONValue.writeString(bytes: UnsafeBufferPointer(start: nil, count: 0), to: &out)
                return .scalar
            }
            let count = Int(sqlite3_value_bytes(cell))
            JSONValue.writeString(unvalidatedUTF8: UnsafeBufferPointer(start: text, count: count), to: &out)
            return .scalar
        case (SQLITE_INTEGER, .int):
            JSONValue.writeInteger(sqlite3_value_int64(cell), to: &out)
            return .scalar
        case (SQLITE_INTEGER, .boolean):
            out.append(sqlite3_value_int64(cell) != 0 ? "true" : "false")
            return .scalar
        case (SQLITE_FLOAT, .float):
            JSONValue.writeDouble(sqlite3_value_double(cell), to: &out)
            return .scalar
        default:
            let value = wireValue(statement.value(at: index), form: form)
            value.write(to: &out)
            return .json(value)
        }
    }
}
