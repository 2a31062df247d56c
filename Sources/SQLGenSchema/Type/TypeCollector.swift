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

    private static let catalogReferences: [BuiltInReferences] = catalog.map(references(of:))

    /// `references` (when given) holds what each explicit type refers to, as `references(of:)`
    /// would find it: schema building notes it while making the types, which saves a walk over
    /// every field and argument here.
    /// `indexed`, when given, holds `explicit` already keyed by name (schema building has hashed
    /// every name once already, and the names are distinct).
    init(explicit: [GraphQLNamedType], references: [BuiltInReferences]? = nil, indexed: NameTable<GraphQLNamedType>? = nil) {
        var map: TypeMap
        var unique: [Int] = []
        if let indexed, indexed.count == explicit.count {
            map = TypeMap(indexed, capacity: explicit.count + Self.catalog.count)
            unique = Array(explicit.indices)
        } else {
            map = TypeMap(capacity: explicit.count + Self.catalog.count)
            unique.reserveCapacity(explicit.count)
            for index in explicit.indices where map.add(explicit[index]) {
                unique.append(index)
            }
        }
        for (position, type) in Self.catalog.enumerated() where map[type.name] != nil {
            present |= 1 << position
        }
        self.map = map
        order.reserveCapacity(unique.count + Self.catalog.count)
        orderedTypes.reserveCapacity(unique.count + Self.catalog.count)
        let useGiven = references?.count == explicit.count
        for index in unique {
            let type = explicit[index]
            order.append(type.name)
            orderedTypes.append(type)
            let referenced = useGiven ? references?[index] ?? BuiltInReferences() : Self.references(of: type)
            referenced.forEach { collect(position: $0) }
        }
    }

    /// Adds a referenced type (if it is not there yet and is a built-in one) and what it references.
    mutating func collect(_ name: String) {
        guard let position = Self.catalogPosition(name) else { return }
        collect(position: position)
    }

    private mutating func collect(position: Int) {
        guard present & (1 << position) == 0 else { return }
        present |= 1 << position
        let type = Self.catalog[position]
        map.add(type)
        order.append(type.name)
        orderedTypes.append(type)
        Self.catalogReferences[position].forEach { collect(position: $0) }
    }

    /// The position of a built-in type's name in `catalog`. Called for every field and argument
    /// type while building: the first byte and the length leave at most one scalar to compare
    /// (positions follow `BuiltInScalars.all`: String, Int, Float, Boolean, ID), and only names
    /// starting with `_` are compared with the introspection types.
    @inline(__always)
    static func catalogPosition(_ name: String) -> Int? {
        let length = name.utf8.count
        guard length >= 2, length <= 19 else { return nil }
        // The first byte in place (`utf8.first` is a call that walks String's index model).
        let first = name.utf8.withContiguousStorageIfAvailable { $0[0] } ?? name.utf8[name.utf8.startIndex]
        switch first {
        case UInt8(ascii: "S"): return length == 6 && name == "String" ? 0 : nil
        case UInt8(ascii: "I"):
            if length == 3 { return name == "Int" ? 1 : nil }
            return length == 2 && name == "ID" ? 4 : nil
        case UInt8(ascii: "F"): return length == 5 && name == "Float" ? 2 : nil
        case UInt8(ascii: "B"): return length == 7 && name == "Boolean" ? 3 : nil
        case UInt8(ascii: "_"):
            let names = catalogNames
            for position in BuiltInScalars.all.count..<names.count where names[position].utf8.count == length && names[position] == name {
                return position
            }
            return nil
        default:
            return nil
        }
    }

    /// The built-in types `type` refers to, in graphql-js's visiting order: interfaces, then each
    /// field's type and its arguments' types (union members; input field types).
    static func references(of type: GraphQLNamedType) -> BuiltInReferences {
        var references = BuiltInReferences()
        switch type {
        case .union(let union):
            for member in union.memberTypes { references.note(member) }
        case .object(let object):
            references.note(interfaces: object.interfaces, fields: object.fields)
        case .interface(let interface):
            references.note(interfaces: interface.interfaces, fields: interface.fields)
        case .inputObject(let input):
            for field in input.fields { references.note(field.type.namedTypeName) }
        case .scalar, .enumType:
            break
        }
        return references
    }
}

/// The built-in types (scalars, introspection types) a type refers to, each once, in
/// first-reference order: 4 bits per type (its position in the collector's catalog + 1).
struct BuiltInReferences: Sendable {
    private var packed: UInt64 = 0
    private var seen: UInt16 = 0
    private var shift: UInt64 = 0

    /// Records a referenced type name (only built-in ones count).
    mutating func note(_ name: String) {
        guard let position = TypeCollector.catalogPosition(name), seen & (1 << position) == 0 else { return }
        seen |= 1 << position
        packed |= UInt64(position + 1) << shift
        shift += 4
    }

    mutating func note(interfaces: [String], fields: [GraphQLField]) {
        for interface in interfaces { note(interface) }
        for field in fields {
            note(field.type.namedTypeName)
            for argument in field.arguments { note(argument.type.namedTypeName) }
        }
    }

    /// Calls `body` with each referenced type's catalog position, in order.
    func forEach(_ body: (Int) -> Void) {
        var rest = packed
        while rest != 0 {
            body(Int(rest & 0xF) - 1)
            rest >>= 4
        }
    }
}
