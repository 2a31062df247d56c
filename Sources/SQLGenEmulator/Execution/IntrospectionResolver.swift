// Introspection (spec §4.2): `__schema`, `__type(name:)` and the `__Type`, `__Field`... objects,
// so GraphiQL-style tools can read the emulator's schema.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// An introspection object being completed.
enum IntrospectionNode {
    case schema
    case type(GraphQLTypeRef)
    case field(GraphQLField)
    case inputValue(GraphQLInputValue)
    case enumValue(GraphQLEnumValue)
    case directive(GraphQLDirective)
}

/// A schema element with a name, a description and a deprecation (fields, arguments and input fields, enum values).
protocol DeprecatableElement {
    var name: String { get }
    var description: String? { get }
    var deprecationReason: String? { get }
    var isDeprecated: Bool { get }
}

extension GraphQLField: DeprecatableElement {}
extension GraphQLInputValue: DeprecatableElement {}
extension GraphQLEnumValue: DeprecatableElement {}

enum IntrospectionResolver {
    static func metaField(_ name: String, onRoot: Bool) -> GraphQLField? {
        guard onRoot else { return nil }
        switch name {
        case "__schema": return Introspection.schemaField
        case "__type": return Introspection.typeField
        default: return nil
        }
    }

    static func resolveRoot(_ name: String, arguments: [String: JSONValue], schema: Schema) throws(FieldFailure) -> Resolved {
        if name == "__schema" { return .object(.introspection(.schema)) }
        guard case .string(let typeName)? = arguments["name"], schema.type(named: typeName) != nil else { return .null }
        return .object(.introspection(.type(.named(typeName))))
    }

    private static func string(_ text: String?) -> Resolved { text.map { .value(.string($0)) } ?? .null }
    private static func type(_ ref: GraphQLTypeRef) -> Resolved { .object(.introspection(.type(ref))) }

    static func resolve(_ node: IntrospectionNode, field: String, arguments: [String: JSONValue], schema: Schema) -> Resolved {
        let includeDeprecated = arguments["includeDeprecated"] == .bool(true)
        switch node {
        case .schema:
            switch field {
            case "description": return string(schema.description)
            case "types": return .list(schema.typeNames.map { type(.named($0)) })
            case "queryType": return schema.queryTypeName.map { type(.named($0)) } ?? .null
            case "mutationType": return schema.mutationTypeName.map { type(.named($0)) } ?? .null
            case "subscriptionType": return schema.subscriptionTypeName.map { type(.named($0)) } ?? .null
            case "directives": return .list(schema.directives.map { .object(.introspection(.directive($0))) })
            default: return .null
            }
        case .type(let ref):
            return resolveType(ref, field: field, includeDeprecated: includeDeprecated, schema: schema)
        case .field(let definition):
            switch field {
            case "args": return list(definition.arguments, includeDeprecated: includeDeprecated, as: IntrospectionNode.inputValue)
            case "type": return type(definition.type)
            default: return resolveDeprecatable(definition, field: field)
            }
        case .inputValue(let value):
            switch field {
            case "type": return type(value.type)
            case "defaultValue": return string(value.defaultValue.map { Printer.print($0) })
            default: return resolveDeprecatable(value, field: field)
            }
        case .enumValue(let value):
            return resolveDeprecatable(value, field: field)
        case .directive(let directive):
            switch field {
            case "name": return string(directive.name)
            case "description": return string(directive.description)
            case "isRepeatable": return .value(.bool(directive.isRepeatable))
            case "locations": return .list(directive.locations.map { .value(.string($0.rawValue)) })
            case "args": return list(directive.arguments, includeDeprecated: includeDeprecated, as: IntrospectionNode.inputValue)
            default: return .null
            }
        }
    }

    /// The fields `__Field`, `__InputValue` and `__EnumValue` have alike.
    private static func resolveDeprecatable<Element: DeprecatableElement>(_ element: Element, field: String) -> Resolved {
        switch field {
        case "name": return string(element.name)
        case "description": return string(element.description)
        case "isDeprecated": return .value(.bool(element.isDeprecated))
        case "deprecationReason": return string(element.deprecationReason)
        default: return .null
        }
    }

    /// `elements` as introspection objects, the deprecated ones only when asked for.
    private static func list<Element: DeprecatableElement>(_ elements: [Element], includeDeprecated: Bool, as node: (Element) -> IntrospectionNode) -> Resolved {
        .list(elements.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(node($0))) })
    }

    private static func resolveType(_ ref: GraphQLTypeRef, field: String, includeDeprecated: Bool, schema: Schema) -> Resolved {
        switch ref {
        case .nonNull(let inner), .list(let inner):
            switch field {
            case "kind": return .value(.string(ref.isNonNull ? "NON_NULL" : "LIST"))
            case "ofType": return type(inner)
            default: return .null
            }
        case .named(let name):
            guard let named = schema.type(named: name) else { return .null }
            switch field {
            case "kind": return .value(.string(named.kind.rawValue))
            case "name": return string(named.name)
            case "description": return string(named.description)
            case "specifiedByURL":
                if case .scalar(let scalar) = named { return string(scalar.specifiedByURL) }
                return .null
            case "fields":
                let fields: [GraphQLField]
                switch named {
                case .object(let object): fields = object.fields
                case .interface(let interface): fields = interface.fields
                default: return .null
                }
                return list(fields, includeDeprecated: includeDeprecated, as: IntrospectionNode.field)
            case "interfaces":
                switch named {
                case .object(let object): return .list(object.interfaces.map { type(.named($0)) })
                case .interface(let interface): return .list(interface.interfaces.map { type(.named($0)) })
                default: return .null
                }
            case "possibleTypes":
                switch named {
                case .interface, .union: return .list(schema.possibleTypes(of: named).map { type(.named($0.name)) })
                default: return .null
                }
            case "enumValues":
                guard case .enumType(let enumType) = named else { return .null }
                return list(enumType.values, includeDeprecated: includeDeprecated, as: IntrospectionNode.enumValue)
            case "inputFields":
                guard case .inputObject(let input) = named else { return .null }
                return list(input.fields, includeDeprecated: includeDeprecated, as: IntrospectionNode.inputValue)
            case "isOneOf":
                if case .inputObject(let input) = named { return .value(.bool(input.isOneOf)) }
                return .null
            default:
                return .null
            }
        }
    }
}
