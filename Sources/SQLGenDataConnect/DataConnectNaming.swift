// Naming rules of the derived schema (NOTES §6): the singular is the type name with a lower-case
// first letter, the plural appends "s" (`MovieMetadata` → `movieMetadatas`); `@table(singular:,
// plural:)` override both and flow into every generated field name.

enum DataConnectNaming {
    static func plural(ofSingular singular: String) -> String { singular + "s" }
}
