import SQLGenJSON
import SQLGenLanguage

/// `sqlgen format`'s output as one edit: the document printed as graphql-js prints it, and a
/// final newline. No edits when the text is already canonical; nil when it does not parse.
enum Formatting {
    static func edits(for document: OpenDocument, encoding: PositionEncoding) -> JSONValue {
        guard let parsed = try? Parser.parse(Source(bytes: document.bytes, name: document.path)) else { return nil }
        let formatted = Printer.printUTF8(parsed) + [0x0A]
        if formatted == document.bytes { return [] }
        let range = document.lines.range(0, document.bytes.count, encoding: encoding)
        return [["range": range, "newText": .string(String(decoding: formatted, as: UTF8.self))]]
    }
}
