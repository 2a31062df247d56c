// The typed intermediate form between validated operations and Swift.
//
// The schema-aware translator (validated document → IR) resolves every GraphQL question: types,
// nullability, fragments merged into selections, key fields, struct names. The Swift translator
// (IR → structured Swift) then only makes Swift decisions. Neither looks back upstream.

/// Everything needed to generate one connector's SDK.
public struct ConnectorIR: Sendable, Hashable {
    /// What the connector is called and how its SDK is set up, as the IR was built for it.
    public var info: IRBuilder.ConnectorInfo
    public var operations: [OperationIR]
    /// Enums used by operations (variables or results), sorted by name.
    public var enums: [EnumIR] = []
    /// Input objects used by variables, sorted by name.
    public var inputObjects: [InputObjectIR] = []
    /// Key structs of `@table` types (`MovieKey`), sorted by name.
    public var keys: [KeyIR] = []
    /// For `backend: graphql`, the default endpoint (`sqlgen.endpoint`).
    public var endpoint: String?
}

/// Options of `generate.swiftSdk` that shape the code.
public struct SDKSettings: Sendable, Hashable {
    public enum Publisher: String, Sendable, Hashable {
        case observableMacro
        case observableObject
    }

    public enum CacheStorage: String, Sendable, Hashable {
        case persistent
        case memory
    }

    public var publisher: Publisher = .observableMacro
    /// `clientCache`: the storage (nil when not configured) and `maxAge` in seconds.
    public var cacheStorage: CacheStorage?
    public var cacheMaxAge: Double = 0
    /// How the generated package depends on SQLConnect: a local path, or a URL and version.
    public var runtimeDependency: RuntimeDependency = .url("https://github.com/sqlgen/sqlconnect.git", version: "0.1.0")
    /// Modules every generated file imports besides Foundation and SQLConnect (custom scalars' types).
    public var extraImports: [String] = []
    /// For GraphQL over HTTP: the headers the default transport sends, and the header a
    /// signed-in user's token goes in (nil: `Authorization: Bearer`).
    public var headers: [RequestHeader] = []
    public var credentialHeader: String?
}

extension SDKSettings {
    /// The settings of a `swiftSdk` entry that sets nothing.
    public static let defaults = SDKSettings()
}

/// Where the generated `Package.swift` gets the `SQLConnect` runtime.
public enum RuntimeDependency: Sendable, Hashable {
    /// A local checkout (this repository's examples and tests), relative to the generated package,
    /// and SwiftPM's identity for it (the checkout folder's name, lowercased).
    case path(String, identity: String)
    /// A git URL and a minimum version.
    case url(String, version: String)
}

/// One persisted operation.
public struct OperationIR: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case query
        case mutation
    }

    /// The name on the wire (`listMoviesByGenre`); AEM's persisted name may differ (`adventure-by-slug`).
    public var name: String
    /// The name the server knows the operation by (the file name for AEM; else `name`).
    public var persistedName: String
    public var kind: Kind
    /// Required (non-null, no default) variables first in declared order, then the others in order.
    public var variables: [VariableIR]
    /// The root selection; its struct is `Data`.
    public var data: SelectionSetIR
    /// The operation's text with the fragments it uses, for transports that send the document.
    public var document: String
    /// The description or leading comment of the operation, for doc comments.
    public var documentation: [String] = []

    public init(name: String, persistedName: String? = nil, kind: Kind, variables: [VariableIR], data: SelectionSetIR, document: String, documentation: [String] = []) {
        self.name = name
        self.persistedName = persistedName ?? name
        self.kind = kind
        self.variables = variables
        self.data = data
        self.document = document
        self.documentation = documentation
    }
}

/// A variable of an operation.
public struct VariableIR: Sendable, Hashable {
    /// The GraphQL name without `$`.
    public var name: String
    public var type: TypeIR
    /// Required: non-null without a default. Required variables are labelled parameters;
    /// the others are set in the trailing closure and may be "not set".
    public var isRequired: Bool
}

/// A Swift-facing type: what a field or variable holds.
public indirect enum TypeIR: Sendable, Hashable {
    /// A scalar with its Swift type name (`String`, `UUID`, `LocalDate`, a user mapping...).
    case scalar(graphQLName: String, swiftType: String)
    case enumeration(String)
    case inputObject(String)
    /// A `@table` key input (`Movie_Key`) → the `MovieKey` struct.
    case key(table: String)
    /// A selection on an object, interface or union.
    case selection(SelectionSetIR)
    case list(TypeIR)
    /// Nullable in GraphQL.
    case optional(TypeIR)

    /// The type without its outer optional.
    var nonOptional: TypeIR {
        if case .optional(let inner) = self { return inner }
        return self
    }
}

/// A selection set resolved for one result struct.
public struct SelectionSetIR: Sendable, Hashable {
    /// The Swift struct name, unique among its siblings (`Movie`, `ReviewReviews`).
    public var structName: String
    /// The GraphQL type the selection is on.
    public var typeName: String
    /// The merged fields (fragments included), in response order.
    public var fields: [FieldIR]
    /// When the type is a `@table` and every key field is selected: the key struct name and the
    /// fields that make it, in key order (→ `Identifiable`, `Hashable` by key, `<name>Key`).
    public var key: SelectedKeyIR?
    /// For interfaces and unions: one case per possible type that has its own fields
    /// (→ typed access `as<Type>`); `__typename` is among `fields`.
    public var typeCases: [TypeCaseIR] = []
}

/// A field in a result struct.
public struct FieldIR: Sendable, Hashable {
    /// The response key (alias or name): the stored property's name.
    public var responseKey: String
    public var type: TypeIR
    public var documentation: [String] = []
    public var deprecationReason: String?
}

/// The key of a selection whose `@table` key fields are all selected.
public struct SelectedKeyIR: Sendable, Hashable {
    /// `MovieKey`
    public var keyStruct: String
    /// Key field name → response key in this selection (they differ when aliased).
    public var fields: [(keyField: String, responseKey: String)] {
        get { zip(keyFields, responseKeys).map { ($0, $1) } }
        set {
            keyFields = newValue.map(\.keyField)
            responseKeys = newValue.map(\.responseKey)
        }
    }
    public var keyFields: [String]
    public var responseKeys: [String]
}

/// The fields a selection on an abstract type has for one concrete type.
public struct TypeCaseIR: Sendable, Hashable {
    public var typeName: String
    public var selection: SelectionSetIR
}

/// A GraphQL enum.
public struct EnumIR: Sendable, Hashable {
    public var name: String
    public var values: [String]
    public var documentation: [String] = []
}

/// A GraphQL input object used by variables.
public struct InputObjectIR: Sendable, Hashable {
    public var name: String
    public var fields: [VariableIR]
    public var documentation: [String] = []
}

/// A `@table` type's key struct (`MovieKey { id: UUID }`).
public struct KeyIR: Sendable, Hashable {
    public var table: String
    /// `MovieKey`
    public var structName: String
    public var fields: [(name: String, type: TypeIR)] {
        get { zip(fieldNames, fieldTypes).map { ($0, $1) } }
        set {
            fieldNames = newValue.map(\.name)
            fieldTypes = newValue.map(\.type)
        }
    }
    public var fieldNames: [String]
    public var fieldTypes: [TypeIR]
}
