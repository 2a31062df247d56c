// A small structured model of the Swift code the generator emits.
//
// Translators build these values; only `SwiftRenderer` turns them into text. Keeping the two apart
// means naming, escaping and layout decisions live in one place each, and golden tests of the
// rendered text stay stable when a translator changes.

/// A generated Swift source file.
public struct SwiftFile: Sendable, Hashable {
    /// Path relative to the generated package's root, e.g. `Sources/MoviesOperations.swift`.
    public var path: String
    /// A leading comment, one line per element (rendered as `// ...`).
    public var header: [String]
    /// Whether a blank line separates the header from the imports (a manifest's tools version
    /// sits right above them).
    public var blankLineAfterHeader: Bool
    public var imports: [SwiftImport]
    public var declarations: [SwiftDeclaration]

    public init(path: String, header: [String] = [], blankLineAfterHeader: Bool = true, imports: [SwiftImport] = [], declarations: [SwiftDeclaration]) {
        self.path = path
        self.header = header
        self.blankLineAfterHeader = blankLineAfterHeader
        self.imports = imports
        self.declarations = declarations
    }
}

/// `import Module`, optionally only where the module exists (`#if canImport`).
public struct SwiftImport: Sendable, Hashable {
    public var module: String
    public var conditional: Bool
    public init(_ module: String, conditional: Bool = false) {
        self.module = module
        self.conditional = conditional
    }
}

public enum SwiftAccess: String, Sendable, Hashable {
    case `public`
    case `internal`
    case `fileprivate`
    case `private`
}

/// A declaration at file scope or inside a type.
public indirect enum SwiftDeclaration: Sendable, Hashable {
    case structure(SwiftTypeDeclaration)
    case enumeration(SwiftTypeDeclaration)
    case classType(SwiftTypeDeclaration)
    case extensionOf(SwiftExtension)
    case function(SwiftFunction)
    case variable(SwiftVariable)
    case typeAlias(access: SwiftAccess, name: String, type: String)
    /// `case name` or `case name(Payload)` inside an enum.
    case enumCase(name: String, payload: String?)
    /// `// MARK: - title`
    case mark(String)
    /// `#if condition` declarations `#else` alternatives `#endif`.
    case conditional(SwiftConditionalBlock<SwiftDeclaration>)
}

/// A struct, enum or class.
public struct SwiftTypeDeclaration: Sendable, Hashable {
    public var documentation: [String]
    public var attributes: [String]
    public var access: SwiftAccess
    /// `final` for classes.
    public var isFinal: Bool
    public var name: String
    public var conformances: [String]
    public var members: [SwiftDeclaration]

    public init(documentation: [String] = [], attributes: [String] = [], access: SwiftAccess = .public, isFinal: Bool = false, name: String, conformances: [String] = [], members: [SwiftDeclaration] = []) {
        self.documentation = documentation
        self.attributes = attributes
        self.access = access
        self.isFinal = isFinal
        self.name = name
        self.conformances = conformances
        self.members = members
    }
}

/// `extension Type: Conformances { members }`
public struct SwiftExtension: Sendable, Hashable {
    public var access: SwiftAccess?
    public var type: String
    public var conformances: [String]
    public var members: [SwiftDeclaration]

    public init(access: SwiftAccess? = nil, type: String, conformances: [String] = [], members: [SwiftDeclaration]) {
        self.access = access
        self.type = type
        self.conformances = conformances
        self.members = members
    }
}

/// A function, initializer or subscript-free method.
public struct SwiftFunction: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case function(name: String)
        case initializer(failable: Bool)
    }

    public var documentation: [String]
    public var attributes: [String]
    public var access: SwiftAccess?
    public var isStatic: Bool
    public var isMutating: Bool
    public var kind: Kind
    public var parameters: [SwiftParameter]
    public var isAsync: Bool
    public var throwsKeyword: String?
    public var returnType: String?
    public var body: [SwiftStatement]

    public init(documentation: [String] = [], attributes: [String] = [], access: SwiftAccess? = .public, isStatic: Bool = false, isMutating: Bool = false, kind: Kind, parameters: [SwiftParameter] = [], isAsync: Bool = false, throwsKeyword: String? = nil, returnType: String? = nil, body: [SwiftStatement]) {
        self.documentation = documentation
        self.attributes = attributes
        self.access = access
        self.isStatic = isStatic
        self.isMutating = isMutating
        self.kind = kind
        self.parameters = parameters
        self.isAsync = isAsync
        self.throwsKeyword = throwsKeyword
        self.returnType = returnType
        self.body = body
    }
}

/// `label name: Type = default`
public struct SwiftParameter: Sendable, Hashable {
    /// The argument label; nil means the same as `name`, `"_"` means unlabelled.
    public var label: String?
    public var name: String
    public var type: String
    public var defaultValue: SwiftExpression?

    public init(label: String? = nil, name: String, type: String, defaultValue: SwiftExpression? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A stored or computed property.
public struct SwiftVariable: Sendable, Hashable {
    public var documentation: [String]
    public var attributes: [String]
    public var access: SwiftAccess?
    /// e.g. `private(set)`
    public var setterAccess: SwiftAccess?
    public var isStatic: Bool
    public var isLet: Bool
    public var name: String
    public var type: String?
    public var initialValue: SwiftExpression?
    /// A computed property's getter body.
    public var getter: [SwiftStatement]?

    public init(documentation: [String] = [], attributes: [String] = [], access: SwiftAccess? = .public, setterAccess: SwiftAccess? = nil, isStatic: Bool = false, isLet: Bool = false, name: String, type: String?, initialValue: SwiftExpression? = nil, getter: [SwiftStatement]? = nil) {
        self.documentation = documentation
        self.attributes = attributes
        self.access = access
        self.setterAccess = setterAccess
        self.isStatic = isStatic
        self.isLet = isLet
        self.name = name
        self.type = type
        self.initialValue = initialValue
        self.getter = getter
    }
}
