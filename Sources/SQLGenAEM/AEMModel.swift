// What a content fragment model declared in SDL means, independent of the derived GraphQL types:
// the emulator reads this to store and serve fragments, the expansion to derive the schema.

/// One content fragment model: an object type with `@model`.
public struct AEMModel: Sendable, Hashable {
    /// The GraphQL type name (`AdventureModel`).
    public var typeName: String
    /// The model name: the type name without `Model`, lower-case first (`adventure`). The query
    /// fields are named after it (`adventureList`, `adventureByPath`...).
    public var name: String
    /// `@model(path:)`: the model's configuration path, which fragments name in their `model`
    /// property. When absent, fragments whose model path ends in `/<name>` belong to this model.
    public var path: String?
    /// `@model(title:)`, AEM's `_model { title }`; defaults to the upper-case-first name.
    public var title: String
    /// The declared fields, in order (the system fields are not listed).
    public var fields: [AEMField]

    public init(typeName: String, name: String, path: String? = nil, title: String, fields: [AEMField]) {
        self.typeName = typeName
        self.name = name
        self.path = path
        self.title = title
        self.fields = fields
    }

    /// Whether a fragment whose `model` property is `modelPath` is an instance of this model.
    public func matches(modelPath: String) -> Bool {
        if let path { return path == modelPath }
        return modelPath.split(separator: "/").last.map(String.init) == name
    }

    /// `<name>ByPath`, `<name>ById`, `<name>List`, `<name>Paginated`.
    public var byPathField: String { name + "ByPath" }
    public var byIdField: String { name + "ById" }
    public var listField: String { name + "List" }
    public var paginatedField: String { name + "Paginated" }
    /// `<Type>Filter`, the type of the `filter` argument.
    public var filterTypeName: String { typeName + "Filter" }
}

/// One declared field of a model.
public struct AEMField: Sendable, Hashable {
    public var name: String
    public var kind: AEMFieldKind
    /// Whether the field holds several values (`[String]`, `[Reference]`, `[AuthorModel]`).
    public var isMultiple: Bool

    public init(name: String, kind: AEMFieldKind, isMultiple: Bool) {
        self.name = name
        self.kind = kind
        self.isMultiple = isMultiple
    }
}

/// AEM's content fragment data types, as the field's GraphQL type (and directives) declare them.
public enum AEMFieldKind: Sendable, Hashable {
    /// Single-line text: `String`.
    case singleLineText
    /// Multi-line text: `MultiFormatString` (stored as HTML, served as html/markdown/plaintext/json).
    case multiLineText
    /// Enumeration: `String @enumeration(values: [...])`.
    case enumeration(values: [String])
    /// Tags: `[String] @tags`.
    case tags
    /// Number with an integer type hint: `Int`.
    case integer
    /// Number with a decimal type hint: `Float`.
    case float
    /// Boolean: `Boolean`.
    case boolean
    /// Date and time: `Calendar`.
    case dateTime
    /// Date only: `Date`.
    case date
    /// Time only: `Time`.
    case time
    /// JSON object: `Json`.
    case json
    /// Content reference (an asset or page path): `Reference`.
    case contentReference
    /// Fragment reference: a `@model` type (one allowed model) or `AllFragmentModels` (every model).
    case fragmentReference(models: [String])
}
