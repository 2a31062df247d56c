import Foundation

/// The `;name=value` URL suffix of AEM persisted queries, byte for byte as aem-headless-client-js 4.x
/// writes it: string values raw and other values as JSON, the whole section passed through
/// `encodeURIComponent`, then a raw trailing `;`. No variables, no suffix.
///
/// One departure: a server decodes the section, then splits it on `;`, so a value holding a `;`
/// would be cut. Such a value (or one that holds the text `%3B` or `%25`) has its `%` and `;`
/// escaped first (`%25`, `%3B`); the sqlgen emulator decodes a value holding `%3B` or `%25` once
/// more. Every other value is sent as the JS client sends it.
public enum PersistedQueryEncoding {
    /// The suffix for a JSON object of variables, members in their encoding order.
    static func suffix(for variables: JSONNode) -> String {
        guard case .object(let members) = variables, !members.isEmpty else { return "" }
        var section = ""
        for member in members {
            section += ";" + member.key + "="
            let text: String
            if case .string(let string) = member.value { text = string } else { text = member.value.serialized() }
            section += needsEscaping(text) ? text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ";", with: "%3B") : text
        }
        return encodeURIComponent(section) + ";"
    }

    /// Whether a value would not survive the decode-then-split, or would be taken for an escaped one.
    static func needsEscaping(_ text: String) -> Bool {
        text.contains(";") || text.range(of: "%3B", options: .caseInsensitive) != nil || text.range(of: "%25", options: .caseInsensitive) != nil
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
