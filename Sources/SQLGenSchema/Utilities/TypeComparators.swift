/// Type relations of the spec (graphql-js `typeComparators`), shared by schema validation and
/// operation validation.
public enum TypeComparators {
    /// Whether two type references are the same type.
    public static func isEqualType(_ typeA: GraphQLTypeRef, _ typeB: GraphQLTypeRef) -> Bool {
        typeA == typeB
    }

    /// Whether `maybeSubType` can be used where `superType` is expected: equal, stricter
    /// nullability, or (for named types) an object/interface that is a possible type of an
    /// abstract super type (graphql-js `isTypeSubTypeOf`).
    public static func isTypeSubTypeOf(_ schema: Schema, _ maybeSubType: GraphQLTypeRef, _ superType: GraphQLTypeRef) -> Bool {
        if maybeSubType == superType { return true }
        if case .nonNull(let superInner) = superType {
            if case .nonNull(let subInner) = maybeSubType { return isTypeSubTypeOf(schema, subInner, superInner) }
            return false
        }
        if case .nonNull(let subInner) = maybeSubType { return isTypeSubTypeOf(schema, subInner, superType) }
        if case .list(let superInner) = superType {
            if case .list(let subInner) = maybeSubType { return isTypeSubTypeOf(schema, subInner, superInner) }
            return false
        }
        if case .list = maybeSubType { return false }
        guard let superNamed = schema.type(named: superType.namedTypeName), superNamed.isAbstract,
              let subNamed = schema.type(named: maybeSubType.namedTypeName) else { return false }
        switch subNamed {
        case .object, .interface: return schema.isSubType(abstract: superNamed, maybeSub: subNamed)
        default: return false
        }
    }

    /// Whether two composite types can have a runtime object type in common
    /// (graphql-js `doTypesOverlap`).
    public static func doTypesOverlap(_ schema: Schema, _ typeA: GraphQLNamedType, _ typeB: GraphQLNamedType) -> Bool {
        if typeA.name == typeB.name { return true }
        if typeA.isAbstract {
            if typeB.isAbstract {
                return schema.possibleTypes(of: typeA).contains { schema.isSubType(abstract: typeB, maybeSub: .object($0)) }
            }
            return schema.isSubType(abstract: typeA, maybeSub: typeB)
        }
        if typeB.isAbstract { return schema.isSubType(abstract: typeB, maybeSub: typeA) }
        return false
    }
}
