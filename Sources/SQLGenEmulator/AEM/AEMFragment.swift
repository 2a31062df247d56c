// One content fragment as the emulator serves it: JCR's stored strings (`{Long}6`,
// `{Double}5000.00`, `[a,b]`) turned into typed JSON values by the model's field kinds.

import SQLGenAEM
import SQLGenJSON
import SQLGenSchema

/// A content fragment of one model, with typed element values.
public struct AEMFragment: Sendable, Equatable {
    /// The DAM path (`/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp`).
    public var path: String
    /// The GraphQL type of its model (`AdventureModel`).
    public var typeName: String
    /// `jcr:title`.
    public var title: String?
    /// Element values by field name: strings, numbers, booleans, arrays; references as DAM paths;
    /// multi-line text as HTML.
    public var values: [String: JSONValue]
    /// `cq:tags`.
    public var tags: [String]
    /// The names of the non-master variations.
    public var variations: [String]

    public init(path: String, typeName: String, title: String?, values: [String: JSONValue], tags: [String], variations: [String]) {
        self.path = path
        self.typeName = typeName
        self.title = title
        self.values = values
        self.tags = tags
        self.variations = variations
    }

    /// A stable UUID for `_id` and cursors: derived from the path, so it survives reloads.
    public var id: String { AEMHash.uuid(path) }
}

/// Reading AEM's exported fragment JSON (the form of `content-fragments.json`).
enum AEMContentReader {
    /// The fragments of `json` (an array of objects) that belong to one of `models`; a fragment
    /// of an unknown model or without `_path` is an error naming it.
    static func fragments(_ json: JSONValue, models: [AEMModel]) throws(EmulatorError) -> [AEMFragment] {
        guard case .array(let items) = json else { throw EmulatorError("content: expected a JSON array of content fragments") }
        var result: [AEMFragment] = []
        var seen = Set<String>()
        for (index, item) in items.enumerated() {
            guard case .object = item, let path = item["_path"]?.stringValue, path.hasPrefix("/") else {
                throw EmulatorError("content: fragment \(index) has no \"_path\" (a DAM path such as /content/dam/site/en/fragment)")
            }
            guard let modelPath = item["model"]?.stringValue else { throw EmulatorError("content: \(path) has no \"model\"") }
            guard let model = models.first(where: { $0.matches(modelPath: modelPath) }) else {
                throw EmulatorError("content: \(path) is of model \(modelPath), which no @model type of the schema declares")
            }
            guard seen.insert(path).inserted else { throw EmulatorError("content: \(path) appears twice") }
            var values: [String: JSONValue] = [:]
            for field in model.fields {
                guard let raw = item[field.name], !raw.isNull else { continue }
                values[field.name] = typed(raw, field: field)
            }
            result.append(AEMFragment(path: path, typeName: model.typeName, title: item["jcr:title"]?.stringValue, values: values,
                                      tags: item["_tags"].map(list) ?? [], variations: item["_variations"].map(list) ?? []))
        }
        return result
    }

    /// A stored value as its field's type: `{Long}6` → 6, `[a,b]` → ["a", "b"].
    static func typed(_ raw: JSONValue, field: AEMField) -> JSONValue {
        if field.isMultiple {
            let items = list(raw)
            return .array(items.map { scalar(.string($0), kind: field.kind) })
        }
        return scalar(raw, kind: field.kind)
    }

    /// `"[a,b]"` or a JSON array → its members as strings; a single value → one member.
    static func list(_ raw: JSONValue) -> [String] {
        switch raw {
        case .array(let items):
            return items.compactMap(AEMFilter.text)
        case .string(let text):
            var body = Substring(text)
            if body.hasPrefix("["), body.hasSuffix("]") {
                body = body.dropFirst().dropLast()
                return body.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            }
            return body.isEmpty ? [] : [String(body)]
        default:
            return []
        }
    }

    /// One value without its JCR type prefix, converted to the field kind's JSON form.
    static func scalar(_ raw: JSONValue, kind: AEMFieldKind) -> JSONValue {
        guard case .string(var text) = raw else {
            switch (raw, kind) {
            case (.int(let number), .float): return .double(Double(number))
            case (.double(let number), .integer): return .int(Int64(number))
            default: return raw
            }
        }
        if text.hasPrefix("{"), let close = text.firstIndex(of: "}") {
            let type = text[text.index(after: text.startIndex)..<close]
            if ["Long", "Double", "Decimal", "Date", "Boolean", "String", "Name", "Path"].contains(type) {
                text = String(text[text.index(after: close)...])
            }
        }
        switch kind {
        case .integer:
            if let number = Int64(text) { return .int(number) }
            if let number = Double(text) { return .int(Int64(number)) }
            return .null
        case .float:
            return Double(text).map(JSONValue.double) ?? .null
        case .boolean:
            return .bool(text == "true")
        default:
            return .string(text)
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var bytes = Substring(self)
        while let first = bytes.first, first == " " || first == "\t" || first == "\n" || first == "\r" { bytes.removeFirst() }
        while let last = bytes.last, last == " " || last == "\t" || last == "\n" || last == "\r" { bytes.removeLast() }
        return String(bytes)
    }
}

/// Stable hashes for ids, cursors and ETags.
enum AEMHash {
    /// FNV-1a 64 of the bytes.
    static func fnv(_ text: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// A version-4-shaped UUID derived from `text`.
    static func uuid(_ text: String) -> String {
        let digits = Array(hex(fnv(text)) + hex(fnv(text, seed: 0x8422_2325_cbf2_9ce4)))
        func part(_ range: Range<Int>) -> String { String(digits[range]) }
        return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-a\(part(17..<20))-\(part(20..<32))"
    }
}
