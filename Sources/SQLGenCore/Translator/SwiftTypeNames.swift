extension TypeIR {
    /// The Swift spelling of the type (`[Movie]?`, `UUID`, `AspectRatio`).
    var swiftName: String {
        switch self {
        case .scalar(_, let swiftType): return swiftType
        case .enumeration(let name): return SwiftNaming.schemaTypeName(name)
        case .inputObject(let name): return SwiftNaming.schemaTypeName(name)
        case .key(let table): return SwiftNaming.identifier(table + "Key")
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
