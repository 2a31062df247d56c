extension TypeIR {
    /// The Swift spelling of the type (`[Movie]?`, `UUID`, `AspectRatio`).
    var swiftName: String {
        switch self {
        case .scalar(_, let swiftType): return swiftType
        case .enumeration(let name): return SwiftNaming.typeIdentifier(name)
        case .inputObject(let name): return SwiftNaming.typeIdentifier(name)
        case .key(let table): return SwiftNaming.typeIdentifier(table + "Key")
        case .selection(let selection): return selection.structName
        case .list(let inner): return "[" + inner.swiftName + "]"
        case .optional(let inner): return inner.swiftName + "?"
        }
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The selection sets nested anywhere inside this type (through lists and optionals).
    var selection: SelectionSetIR? {
        switch self {
        case .selection(let selection): return selection
        case .list(let inner), .optional(let inner): return inner.selection
        default: return nil
        }
    }
}

extension SwiftNaming {
    /// A GraphQL type name as a Swift type identifier (backticked if it is a keyword such as `Type`).
    static func typeIdentifier(_ name: String) -> String {
        identifier(name)
    }
}
