// Small constructors for the AST nodes the expansion emits. Generated nodes carry `.none` ranges,
// except where a node stands for something the user wrote (then it keeps that node's range).

import SQLGenLanguage

enum DCAST {
    static func named(_ name: String) -> TypeReference { .named(NamedType(name: Name(name))) }
    static func nonNull(_ type: TypeReference) -> TypeReference {
        if case .nonNull = type { return type }
        return .nonNull(type, .none)
    }
    static func list(_ type: TypeReference) -> TypeReference { .list(type, .none) }
    /// `[Name!]`
    static func listOfNonNull(_ name: String) -> TypeReference { list(nonNull(named(name))) }
    /// `[Name!]!`
    static func nonNullListOfNonNull(_ name: String) -> TypeReference { nonNull(list(nonNull(named(name)))) }

    static func input(_ name: String, _ type: TypeReference, default value: Value? = nil, description: String? = nil) -> InputValueDefinition {
        InputValueDefinition(description: description.map { StringValue($0) }, name: Name(name), type: type, defaultValue: value)
    }

    static func field(_ name: String, _ type: TypeReference, arguments: [InputValueDefinition] = [], directives: [Directive] = [], description: String? = nil) -> FieldDefinition {
        FieldDefinition(description: description.map { StringValue($0) }, name: Name(name), arguments: arguments, type: type, directives: directives)
    }

    static func int(_ value: Int) -> Value { .int(String(value), .none) }
    static func bool(_ value: Bool) -> Value { .boolean(value, .none) }
    static func string(_ value: String) -> Value { .string(StringValue(value)) }
    static func enumValue(_ value: String) -> Value { .enumValue(value, .none) }

    /// `@fdc_generated(from: "<from>", purpose: <purpose>)`, which the service puts on everything it derives.
    static func generated(from: String, purpose: String) -> Directive {
        Directive(name: Name("fdc_generated"), arguments: [
            Argument(name: Name("from"), value: string(from)),
            Argument(name: Name("purpose"), value: enumValue(purpose)),
        ])
    }
}

extension Directive {
    /// The value of the argument `name`, if given.
    func argument(_ name: String) -> Value? {
        arguments.first { $0.name.value == name }?.value
    }
}

extension Array where Element == Directive {
    func first(named name: String) -> Directive? { first { $0.name.value == name } }
}
