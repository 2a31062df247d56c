// The values the AEM executor completes: fragments, plain objects (results, references, rich
// text) and leaves.

import SQLGenJSON

/// A resolved field value before completion.
indirect enum AEMResolved {
    case null
    case leaf(JSONValue)
    case object(AEMParent)
    case list([AEMResolved])
}

/// An object a selection set runs on.
enum AEMParent {
    case root
    case fragment(AEMFragment)
    case object(AEMObject)
    /// `__schema`, `__type` and what they lead to, answered from the schema.
    case introspection(IntrospectionNode)

    var typeName: String {
        switch self {
        case .root: return "QueryType"
        case .fragment(let fragment): return fragment.typeName
        case .object(let object): return object.typeName
        case .introspection(let node): return node.typeName
        }
    }
}

/// An object with precomputed fields (results, references, multi-line text, page info).
struct AEMObject {
    var typeName: String
    var fields: [String: AEMResolved]

    init(typeName: String, fields: [String: AEMResolved]) {
        self.typeName = typeName
        self.fields = fields
    }

    init(typeName: String, leaves: [String: JSONValue]) {
        self.typeName = typeName
        fields = leaves.mapValues { $0.isNull ? .null : .leaf($0) }
    }
}

/// Base64 for opaque cursors (no Foundation in this module).
enum AEMBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = (UInt32(chunk[0]) << 16) | (chunk.count > 1 ? UInt32(chunk[1]) << 8 : 0) | (chunk.count > 2 ? UInt32(chunk[2]) : 0)
            out.append(alphabet[Int(value >> 18 & 63)])
            out.append(alphabet[Int(value >> 12 & 63)])
            out.append(chunk.count > 1 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            out.append(chunk.count > 2 ? alphabet[Int(value & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Nil for text that is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            guard let position = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(position))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = Array(values[index..<min(index + 4, values.count)])
            var value: UInt32 = 0
            for (offset, sextet) in chunk.enumerated() { value |= sextet << UInt32(18 - 6 * offset) }
            out.append(UInt8(value >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(value >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(value & 0xFF)) }
            index += 4
        }
        return out
    }
}
