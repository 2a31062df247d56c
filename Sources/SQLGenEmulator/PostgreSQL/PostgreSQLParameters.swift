// Parameters as PostgreSQL takes them: the emulator's `?` numbered `$1`, `$2`... in text order,
// and each value in its text form for the type the server inferred for its parameter (a list's
// JSON becomes an array literal; a blob becomes `\x` and hex digits).

enum PostgreSQLParameters {
    /// `sql` with each `?` outside quotes and comments written `$n`, numbered from 1.
    static func numbered(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        let bytes = Array(sql.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var number = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                // A doubled quote inside is two adjacent quoted runs: the same skipping handles it.
                let end = (bytes[(index + 1)...].firstIndex(of: byte) ?? bytes.count - 1) + 1
                out.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                out.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(end + 2, bytes.count)
                out.append(contentsOf: bytes[index..<end])
                index = end
            case UInt8(ascii: "?"):
                number += 1
                out.append(UInt8(ascii: "$"))
                out.append(contentsOf: String(number).utf8)
                index += 1
            default:
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text form of `value` for a parameter of type `oid` (nil for NULL).
    static func text(_ value: SQLValue, type oid: UInt32) -> String? {
        switch value {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number): return realText(number)
        case .text(let text):
            if PostgreSQLElementForm(arrayType: oid) != nil, let literal = PostgreSQLArrays.literal(fromJSON: text) { return literal }
            return text
        case .blob(let bytes): return byteaText(bytes)
        }
    }

    static func realText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// `\x` and two lowercase hex digits per byte.
    static func byteaText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        out.reserveCapacity(2 + bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes bound as text or a blob, in the form `text(_:type:)` gives their value.
    static func text(bytes: UnsafeRawBufferPointer, isText: Bool, type oid: UInt32) -> String {
        isText ? (text(.text(String(decoding: bytes, as: UTF8.self)), type: oid) ?? "") : byteaText(Array(bytes))
    }
}
