/// The escapes Swift and JSON string literals share: a backslash before `\` and `"`, and `\n`, `\r`,
/// `\t`. The two spell other control characters differently (`\u{1b}`, `\u001b`), so each caller does.
enum BackslashEscapes {
    /// The inside of a double-quoted literal holding `value`; `otherEscape` spells any other scalar
    /// that needs an escape, or returns nil to keep it as it is.
    static func escaped(_ value: String, otherEscape: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let escape = otherEscape(scalar) {
                    result += escape
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
