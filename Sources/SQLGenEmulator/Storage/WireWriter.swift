// Writes stored values as wire JSON straight from a row's cells, for the planned query path: no
// `SQLValue`, no `JSONValue`, no `String` for the common cells. The formats themselves stay
// defined once, in `StorageCodec.wireValue` and the JSON writer; this only skips the detours.

import SQLGenJSON

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

    /// Writes the bytes `wireValue(cell.value, form: form).write(to:)` gives. Text cells of
    /// text-like columns, integers of Int and Boolean columns and reals of Float columns are
    /// written from the database's copy of the value; anything else goes through `wireValue`.
    static func writeWireValue<Out: ByteSink & ~Copyable>(_ cell: Cell, form: WireForm, to out: inout Out) -> WrittenWire {
        switch (cell.kind, form) {
        case (.null, _):
            out.append("null")
            return .null
        case (.text, .text):
            guard let text = cell.text else {
                JSONValue.writeString(bytes: UnsafeBufferPointer(start: nil, count: 0), to: &out)
                return .scalar
            }
            JSONValue.writeString(unvalidatedUTF8: text, to: &out)
            return .scalar
        case (.integer, .int):
            JSONValue.writeInteger(cell.int64, to: &out)
            return .scalar
        case (.integer, .boolean):
            out.append(cell.int64 != 0 ? "true" : "false")
            return .scalar
        case (.real, .float):
            JSONValue.writeDouble(cell.double, to: &out)
            return .scalar
        default:
            let value = wireValue(cell.value, form: form)
            value.write(to: &out)
            return .json(value)
        }
    }
}
