/// Turning GraphQL names into Swift identifiers: casing, keyword escaping, collision avoidance.
public enum SwiftNaming {
    /// Swift keywords that must be escaped with backticks when used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "some", "any", "consume", "copy", "borrowing",
        "consuming", "package",
    ]

    /// `name`, backticked when it is a Swift keyword (`default` → `` `default` ``).
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// `friendly-flix` → `FriendlyFlix`, `list_movies` → `ListMovies`, `listMovies` → `ListMovies`.
    public static func upperCamel(_ name: String) -> String {
        var result = ""
        var upperNext = true
        for scalar in name.unicodeScalars {
            if scalar == "-" || scalar == "_" || scalar == " " || scalar == "." {
                upperNext = true
                continue
            }
            if upperNext {
                result += String(scalar).uppercased()
                upperNext = false
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? "_" : result
    }

    /// `friendly-flix` → `friendlyFlix`, `ListMovies` → `listMovies`, `URLList` → `urlList`.
    public static func lowerCamel(_ name: String) -> String {
        let upper = Array(upperCamel(name).unicodeScalars)
        var count = 0
        while count < upper.count, upper[count].properties.isUppercase { count += 1 }
        // Lower a leading acronym but keep the capital that starts the next word.
        let lowered = count > 1 && count < upper.count ? count - 1 : max(count, 1)
        var result = ""
        for (index, scalar) in upper.enumerated() {
            if index < lowered {
                result += String(scalar).lowercased()
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
