// PostgreSQL's regular expressions (POSIX ARE, `~` and `~*`) in Foundation's engine: what SQLite
// runs them with, and what tells a pattern PostgreSQL would refuse before a statement runs.

import Foundation

enum RegexPattern {
    /// Compiles a PostgreSQL-style (POSIX ARE) pattern for Foundation's engine: the ARE word
    /// boundaries `\y`, `\Y`, `\m`, `\M` become their ICU forms; the rest is shared syntax.
    static func compile(_ pattern: String, ignoreCase: Bool) throws -> NSRegularExpression {
        var translated = ""
        var escaped = false
        for character in pattern {
            if escaped {
                switch character {
                case "y": translated += "\\b"
                case "Y": translated += "\\B"
                case "m": translated += "\\b(?=\\w)"
                case "M": translated += "\\b(?<=\\w)"
                default: translated += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                translated.append(character)
            }
        }
        if escaped { translated += "\\" }
        return try NSRegularExpression(pattern: translated, options: ignoreCase ? [.caseInsensitive] : [])
    }
}
