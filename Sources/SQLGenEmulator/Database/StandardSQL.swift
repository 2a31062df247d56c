// Identifiers and string literals as standard SQL writes them, which every dialect shares.

enum StandardSQL {
    /// `"name"` with embedded quotes doubled. Queries quote every column they name, so the
    /// common case (no quote inside) is written in one go, without splitting.
    static func quote(_ identifier: String) -> String {
        let bytes = identifier.utf8
        guard bytes.contains(UInt8(ascii: "\"")) else {
            return String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                var end = 1
                for byte in bytes {
                    buffer[end] = byte
                    end += 1
                }
                buffer[end] = UInt8(ascii: "\"")
                return end + 1
            }
        }
        return "\"" + identifier.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// A literal of `value`: numbers as they are (NULL for reals that are not finite), text quoted,
    /// blobs as `blob` writes them.
    static func literal(_ value: SQLValue, blob: ([UInt8]) -> String) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? "\(number)" : "NULL"
        case .text(let text): return stringLiteral(text)
        case .blob(let bytes): return blob(bytes)
        }
    }

    /// `'text'` with embedded quotes doubled.
    static func stringLiteral(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }
}
