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
    public var header: [String] = []
    /// Whether a blank line separates the header from the imports (a manifest's tools version
    /// sits right above them).
    public var blankLineAfterHeader = true
    public var imports: [SwiftImport] = []
    public var declarations: [SwiftDeclaration]
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
    public var documentation: [String] = []
    public var attributes: [String] = []
    public var access: SwiftAccess = .public
    /// `final` for classes.
    public var isFinal = false
    public var name: String
    public var conformances: [String] = []
    public var members: [SwiftDeclaration] = []
}

/// `extension Type: Conformances { members }`
public struct SwiftExtension: Sendable, Hashable {
    public var access: SwiftAccess?
    public var type: String
    public var conformances: [String] = []
    public var members: [SwiftDeclaration]
}

/// A function, initializer or subscript-free method.
public struct SwiftFunction: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case function(name: String)
        case initializer(failable: Bool)
    }

    public var documentation: [String] = []
    public var attributes: [String] = []
    public var access: SwiftAccess? = .public
    public var isStatic = false
    public var isMutating = false
    public var kind: Kind
    public var parameters: [SwiftParameter] = []
    public var isAsync = false
    public var throwsKeyword: String?
    public var returnType: String?
    public var body: [SwiftStatement]
}

/// `label name: Type = default`
public struct SwiftParameter: Sendable, Hashable {
    /// The argument label; nil means the same as `name`, `"_"` means unlabelled.
    public var label: String?
    public var name: String
    public var type: String
    public var defaultValue: SwiftExpression?
}

/// A stored or computed property.
public struct SwiftVariable: Sendable, Hashable {
    public var documentation: [String] = []
    public var attributes: [String] = []
    public var access: SwiftAccess? = .public
    /// e.g. `private(set)`
    public var setterAccess: SwiftAccess?
    public var isStatic = false
    public var isLet = false
    public var name: String
    public var type: String?
    public var initialValue: SwiftExpression?
    /// A computed property's getter body.
    public var getter: [SwiftStatement]?
}
