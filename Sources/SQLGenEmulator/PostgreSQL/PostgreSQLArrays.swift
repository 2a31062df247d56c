// PostgreSQL arrays and the JSON arrays the emulator keeps lists in: an array's text form
// (`{a,"b c",NULL}`) read into JSON, and a JSON array written as an array literal for a parameter.

import SQLGenJSON

enum PostgreSQLArrays {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Appends the JSON of the array text `bytes`; false when it is not an array's text form.
    static func appendJSON(_ bytes: Bytes, element: PostgreSQLElementForm, to out: inout [UInt8]) -> Bool {
        var index = 0
        // `[0:2]={...}`: an array whose bounds are not the default.
        if bytes.first == UInt8(ascii: "[") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "=") { index += 1 }
            index += 1
        }
        return appendArray(bytes, at: &index, element: element, to: &out) && index == bytes.count
    }

    private static func appendArray(_ bytes: Bytes, at index: inout Int, element: PostgreSQLElementForm, to out: inout [UInt8]) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        out.append(UInt8(ascii: "["))
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            out.append(UInt8(ascii: "]"))
            return true
        }
        var first = true
        while index < bytes.count {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            if bytes[index] == UInt8(ascii: "{") {
                guard appendArray(bytes, at: &index, element: element, to: &out) else { return false }
            } else if bytes[index] == UInt8(ascii: "\"") {
                guard let item = quotedItem(bytes, at: &index) else { return false }
                item.withUnsafeBufferPointer { appendElement($0, element: element, to: &out) }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}") { index += 1 }
                let item = Bytes(rebasing: bytes[start..<index])
                if item.elementsEqual("NULL".utf8) {
                    out.append("null")
                } else {
                    appendElement(item, element: element, to: &out)
                }
            }
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                out.append(UInt8(ascii: "]"))
                return true
            }
            guard bytes[index] == UInt8(ascii: ",") else { return false }
            index += 1
        }
        return false
    }

    /// A double-quoted element without its quotes and backslash escapes.
    private static func quotedItem(_ bytes: Bytes, at index: inout Int) -> [UInt8]? {
        index += 1
        var item: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return item }
            if byte == UInt8(ascii: "\\"), index < bytes.count {
                item.append(bytes[index])
                index += 1
            } else {
                item.append(byte)
            }
        }
        return nil
    }

    private static func appendElement(_ item: Bytes, element: PostgreSQLElementForm, to out: inout [UInt8]) {
        switch element {
        case .number:
            let finite = item.first.map { $0 == UInt8(ascii: "-") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) } ?? false
            if finite, !item.contains(UInt8(ascii: "I")) { out.append(contentsOf: item) } else { out.append("null") }
        case .boolean:
            out.append(item.first == UInt8(ascii: "t") ? "true" : "false")
        case .json:
            out.append(contentsOf: item)
        case .text:
            JSONValue.writeString(bytes: item, to: &out)
        case .uuid:
            var hex: [UInt8] = []
            PostgreSQLText.appendUUID(item, to: &hex)
            hex.withUnsafeBufferPointer { JSONValue.writeString(bytes: $0, to: &out) }
        case .timestamp:
            var stored: [UInt8] = []
            if !PostgreSQLText.appendStoredTimestamp(item, to: &stored) { stored = Array(item) }
            stored.withUnsafeBufferPointer { JSONValue.writeString(bytes: $0, to: &out) }
        }
    }

    // MARK: Literals

    /// The array literal of a JSON array's text (`["a", null]` → `{"a",NULL}`); nil when the text
    /// is not a JSON array.
    static func literal(fromJSON text: String) -> String? {
        guard case .array(let items)? = try? JSONParser.parse(text) else { return nil }
        return literal(items)
    }

    private static func literal(_ items: [JSONValue]) -> String {
        "{" + items.map(elementLiteral).joined(separator: ",") + "}"
    }

    private static func elementLiteral(_ value: JSONValue) -> String {
        switch value {
        case .null: return "NULL"
        case .bool(let flag): return flag ? "true" : "false"
        case .int, .double: return value.jsonText
        case .array(let items): return literal(items)
        case .string(let text): return quoted(text)
        case .object: return quoted(value.jsonText)
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text.unicodeScalars {
            if character == "\"" || character == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(character)
        }
        return out + "\""
    }
}
