// Small constructors for the SDL nodes a dialect derives. Derived nodes carry `.none` ranges,
// except where a node stands for something the user wrote (then it keeps that node's range).

import SQLGenLanguage

package enum SyntheticSDL {
    package static func named(_ name: String) -> TypeReference { .named(NamedType(name: Name(name))) }
    package static func nonNull(_ type: TypeReference) -> TypeReference {
        if case .nonNull = type { return type }
        return .nonNull(type, .none)
    }
    package static func list(_ type: TypeReference) -> TypeReference { .list(type, .none) }
    /// `[Name!]`
    package static func listOfNonNull(_ name: String) -> TypeReference { list(nonNull(named(name))) }
    /// `[Name!]!`
    package static func nonNullListOfNonNull(_ name: String) -> TypeReference { nonNull(list(nonNull(named(name)))) }

    package static func input(_ name: String, _ type: TypeReference, default value: Value? = nil, description: String? = nil) -> InputValueDefinition {
        InputValueDefinition(description: description.map { StringValue($0) }, name: Name(name), type: type, defaultValue: value)
    }

    package static func field(_ name: String, _ type: TypeReference, arguments: [InputValueDefinition] = [], directives: [Directive] = [], description: String? = nil) -> FieldDefinition {
        FieldDefinition(description: description.map { StringValue($0) }, name: Name(name), arguments: arguments, type: type, directives: directives)
    }

    package static func int(_ value: Int) -> Value { .int(String(value), .none) }
    package static func bool(_ value: Bool) -> Value { .boolean(value, .none) }
    package static func string(_ value: String) -> Value { .string(StringValue(value)) }
    package static func enumValue(_ value: String) -> Value { .enumValue(value, .none) }

    package static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    package static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
