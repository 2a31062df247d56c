/// The `;name=value` URL suffix of AEM persisted queries, byte for byte as aem-headless-client-js 4.x
/// writes it: string values raw and other values as JSON, the whole section passed through
/// `encodeURIComponent`, then a raw trailing `;`. No variables, no suffix.
public enum PersistedQueryEncoding {
    /// The suffix for a JSON object of variables, members in their encoding order.
    static func suffix(for variables: JSONNode) -> String {
        guard case .object(let members) = variables, !members.isEmpty else { return "" }
        var section = ""
        for member in members {
            section += ";" + member.key + "="
            if case .string(let text) = member.value {
                section += text
            } else {
                section += member.value.serialized()
            }
        }
        return encodeURIComponent(section) + ";"
    }

    /// JavaScript's `encodeURIComponent`: UTF-8, everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )` escaped.
    public static func encodeURIComponent(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0f)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
             UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }
}
