/// Writes a `JSON` value as compact JSON text (UTF-8), members in their order.
public enum JSONWriter {
    public static func bytes(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, to: &out)
        return out
    }

    public static func string(_ value: JSON) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    private static func write(_ value: JSON, to out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .int(let number): out += Array(String(number).utf8)
        case .double(let number):
            // JSON has no infinities or NaN.
            out += Array((number.isFinite ? String(number) : "null").utf8)
        case .string(let text): writeString(text, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                out += Array("\\u00".utf8)
                out += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
