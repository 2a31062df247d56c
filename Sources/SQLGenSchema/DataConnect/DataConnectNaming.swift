// Naming rules of the derived schema (NOTES §6): the singular is the type name with a lower-case
// first letter, the plural appends "s" (`MovieMetadata` → `movieMetadatas`); `@table(singular:,
// plural:)` override both and flow into every generated field name.

import SQLGenLanguage

enum DCNaming {
    static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    static func plural(ofSingular singular: String) -> String { singular + "s" }
}
