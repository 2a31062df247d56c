/// Orders a schema's types the way graphql-js's `GraphQLSchema` constructor does: the given types
/// in order, each followed by the built-in scalars and introspection types first reached from it
/// (depth first), then those reached from the root types, the directive arguments and `__Schema`.
/// Built-in scalars nobody references are left out.
struct TypeCollector {
    /// Every type, by name (the first of a repeated name wins).
    private(set) var map: TypeMap
    /// Type names in graphql-js's order, and the types in that order.
    private(set) var order: [String] = []
    private(set) var orderedTypes: [GraphQLNamedType] = []
    /// Which of `catalog`'s built-in types are in `map` already (bit per position).
    private var present: UInt32 = 0

    /// Types that may be added when referenced: the built-in scalars and introspection types.
    private static let catalog: [GraphQLNamedType] = BuiltInScalars.all.map { .scalar($0) } + Introspection.types
    private static let catalogNames: [String] = catalog.map(\.name)

    init(explicit: [GraphQLNamedType]) {
        var map = TypeMap(capacity: explicit.count + Self.catalog.count)
        var unique: [GraphQLNamedType] = []
        unique.reserveCapacity(explicit.count)
        for type in explicit where map.add(type) {
            unique.append(type)
        }
        for (position, type) in Self.catalog.enumerated() where map[type.name] != nil {
            present |= 1 << position
        }
        self.map = map
        order.reserveCapacity(unique.count + Self.catalog.count)
        orderedTypes.reserveCapacity(unique.count + Self.catalog.count)
        for type in unique {
            order.append(type.name)
            orderedTypes.append(type)
            visitReferences(of: type)
        }
    }

    /// Adds a referenced type (if it is not there yet and is a built-in one) and what it references.
    mutating func collect(_ name: String) {
        guard let position = Self.catalogPosition(name), present & (1 << position) == 0 else { return }
        present |= 1 << position
        let type = Self.catalog[position]
        map.add(type)
        order.append(name)
        orderedTypes.append(type)
        visitReferences(of: type)
    }

    /// The position of a built-in type's name in `catalog`; a cheap test on the first byte and
    /// the length rules out almost every other name before any string comparison.
    private static func catalogPosition(_ name: String) -> Int? {
        let length = name.utf8.count
        guard length > 0, length <= 19 else { return nil }
        let first = name.utf8.withContiguousStorageIfAvailable { $0[0] } ?? name.utf8[name.utf8.startIndex]
        switch first {
        case UInt8(ascii: "_"), UInt8(ascii: "I"), UInt8(ascii: "F"), UInt8(ascii: "S"), UInt8(ascii: "B"):
            break
        default:
            return nil
        }
        let names = catalogNames
        for position in names.indices where names[position].utf8.count == length && names[position] == name {
            return position
        }
        return nil
    }

    private mutating func visitReferences(of type: GraphQLNamedType) {
        switch type {
        case .union(let union):
            for member in union.memberTypes { collect(member) }
        case .object(let object):
            visitFields(interfaces: object.interfaces, fields: object.fields)
        case .interface(let interface):
            visitFields(interfaces: interface.interfaces, fields: interface.fields)
        case .inputObject(let input):
            for field in input.fields { collect(field.type.namedTypeName) }
        case .scalar, .enumType:
            break
        }
    }

    private mutating func visitFields(interfaces: [String], fields: [GraphQLField]) {
        for interface in interfaces { collect(interface) }
        for field in fields {
            collect(field.type.namedTypeName)
            for argument in field.arguments { collect(argument.type.namedTypeName) }
        }
    }
}
