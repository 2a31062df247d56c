/// Orders a schema's types the way graphql-js's `GraphQLSchema` constructor does: the given types
/// in order, each followed by the built-in scalars and introspection types first reached from it
/// (depth first), then those reached from the root types, the directive arguments and `__Schema`.
/// Built-in scalars nobody references are left out.
struct TypeCollector {
    private(set) var map: [String: GraphQLNamedType] = [:]
    private(set) var order: [String] = []
    /// Types that may be added when referenced: the built-in scalars and introspection types.
    private let catalog: [String: GraphQLNamedType]

    init(explicit: [GraphQLNamedType]) {
        var catalog: [String: GraphQLNamedType] = [:]
        for scalar in BuiltInScalars.all { catalog[scalar.name] = .scalar(scalar) }
        for type in Introspection.types { catalog[type.name] = type }
        self.catalog = catalog
        for type in explicit where map[type.name] == nil {
            map[type.name] = type
        }
        var placed = Set<String>()
        for type in explicit where !placed.contains(type.name) {
            placed.insert(type.name)
            order.append(type.name)
            visitReferences(of: map[type.name] ?? type)
        }
    }

    /// Adds a referenced type (if it is not there yet and is a built-in one) and what it references.
    mutating func collect(_ name: String) {
        guard map[name] == nil, let type = catalog[name] else { return }
        map[name] = type
        order.append(name)
        visitReferences(of: type)
    }

    private mutating func visitReferences(of type: GraphQLNamedType) {
        switch type {
        case .union(let union):
            union.memberTypes.forEach { collect($0) }
        case .object, .interface:
            let interfaces: [String]
            if case .object(let object) = type { interfaces = object.interfaces } else if case .interface(let interface) = type { interfaces = interface.interfaces } else { interfaces = [] }
            interfaces.forEach { collect($0) }
            for field in type.fields {
                collect(field.type.namedTypeName)
                field.arguments.forEach { collect($0.type.namedTypeName) }
            }
        case .inputObject(let input):
            input.fields.forEach { collect($0.type.namedTypeName) }
        case .scalar, .enumType:
            break
        }
    }
}
