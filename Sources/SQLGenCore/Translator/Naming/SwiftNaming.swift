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
        asciiUpperCamel(name) ?? unicodeUpperCamel(name)
    }

    /// `upperCamel` for any name, scalar by scalar.
    static func unicodeUpperCamel(_ name: String) -> String {
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
        let camel = upperCamel(name)
        return asciiLowerCamel(camel) ?? unicodeLowerCamel(camel)
    }

    /// `lowerCamel` of an `upperCamel` result, scalar by scalar.
    static func unicodeLowerCamel(_ camel: String) -> String {
        let upper = Array(camel.unicodeScalars)
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
    /// `upperCamel` over bytes, for ASCII names (GraphQL names always are): the general path
    /// goes through `String.uppercased()` per word and costs a tenth of generation.
    private static func asciiUpperCamel(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var upperNext = true
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: ".") {
                upperNext = true
                continue
            }
            bytes.append(upperNext && isASCIILower(byte) ? byte - 0x20 : byte)
            upperNext = false
        }
        return bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
    }

    /// `lowerCamel`'s lowering of the leading capitals of an ASCII `upperCamel` result.
    private static func asciiLowerCamel(_ camel: String) -> String? {
        var bytes = Array(camel.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var count = 0
        while count < bytes.count, isASCIIUpper(bytes[count]) { count += 1 }
        let lowered = count > 1 && count < bytes.count ? count - 1 : max(count, 1)
        for index in 0..<min(lowered, bytes.count) where isASCIIUpper(bytes[index]) { bytes[index] += 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isASCIILower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isASCIIUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}
