/// The five scalars every GraphQL implementation provides.
public enum BuiltInScalars {
    public static let int = GraphQLScalarType(name: "Int", description: "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.")
    public static let float = GraphQLScalarType(name: "Float", description: "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).")
    public static let string = GraphQLScalarType(name: "String", description: "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.")
    public static let boolean = GraphQLScalarType(name: "Boolean", description: "The `Boolean` scalar type represents `true` or `false`.")
    public static let id = GraphQLScalarType(name: "ID", description: "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.")

    /// All five, in the order graphql-js lists them.
    public static let all: [GraphQLScalarType] = [string, int, float, boolean, id]

    public static let names: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// A built-in scalar by name.
    public static func scalar(named name: String) -> GraphQLScalarType? {
        // Their names have 2 to 7 bytes: most other names need no comparison.
        guard (2...7).contains(name.utf8.count) else { return nil }
        return all.first { $0.name == name }
    }
}
