import SQLGenLanguage

// Type relations the rules need (graphql-js `typeComparators`), on the schema's by-name type
// references. Kept here so validation does not wait on the schema utilities.

extension Schema {
    /// `isTypeSubTypeOf`: whether a value of `maybeSubType` may be used where `superType` is expected.
    func isTypeSubTypeOf(_ maybeSubType: GraphQLTypeRef, _ superType: GraphQLTypeRef) -> Bool {
        if maybeSubType == superType { return true }
        if case .nonNull(let superInner) = superType {
            if case .nonNull(let subInner) = maybeSubType { return isTypeSubTypeOf(subInner, superInner) }
            return false
        }
        if case .nonNull(let subInner) = maybeSubType { return isTypeSubTypeOf(subInner, superType) }
        if case .list(let superInner) = superType {
            if case .list(let subInner) = maybeSubType { return isTypeSubTypeOf(subInner, superInner) }
            return false
        }
        if case .list = maybeSubType { return false }
        guard let superNamed = typeMap[superType.namedTypeName], superNamed.isAbstract,
              let subNamed = typeMap[maybeSubType.namedTypeName] else { return false }
        switch subNamed {
        case .object, .interface: return isSubType(abstract: superNamed, maybeSub: subNamed)
        default: return false
        }
    }

    /// `doTypesOverlap`: whether some object type could be of both composite types.
    func doTypesOverlap(_ a: GraphQLNamedType, _ b: GraphQLNamedType) -> Bool {
        if a.name == b.name { return true }
        if a.isAbstract {
            if b.isAbstract {
                return possibleTypes(of: a).contains { isSubType(abstract: b, maybeSub: .object($0)) }
            }
            return isSubType(abstract: a, maybeSub: b)
        }
        if b.isAbstract { return isSubType(abstract: b, maybeSub: a) }
        return false
    }
}
