/// The kind of a type, with the `__TypeKind` names used by introspection.
public enum TypeKind: String, Sendable, Hashable, CaseIterable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumType = "ENUM"
    case inputObject = "INPUT_OBJECT"
    case list = "LIST"
    case nonNull = "NON_NULL"
}
