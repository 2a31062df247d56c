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
            case "name": return string(definition.name)
            case "description": return string(definition.description)
            case "args": return .list(definition.arguments.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(.inputValue($0))) })
            case "type": return type(definition.type)
            case "isDeprecated": return .value(.bool(definition.isDeprecated))
            case "deprecationReason": return string(definition.deprecationReason)
            default: return .null
            }
        case .inputValue(let value):
            switch field {
            case "name": return string(value.name)
            case "description": return string(value.description)
            case "type": return type(value.type)
            case "defaultValue": return string(value.defaultValue.map { Printer.print($0) })
            case "isDeprecated": return .value(.bool(value.isDeprecated))
            case "deprecationReason": return string(value.deprecationReason)
            default: return .null
            }
        case .enumValue(let value):
            switch field {
            case "name": return string(value.name)
            case "description": return string(value.description)
            case "isDeprecated": return .value(.bool(value.isDeprecated))
            case "deprecationReason": return string(value.deprecationReason)
            default: return .null
            }
        case .directive(let directive):
            switch field {
            case "name": return string(directive.name)
            case "description": return string(directive.description)
            case "isRepeatable": return .value(.bool(directive.isRepeatable))
            case "locations": return .list(directive.locations.map { .value(.string($0.rawValue)) })
            case "args": return .list(directive.arguments.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(.inputValue($0))) })
            default: return .null
            }
        }
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
                return .list(fields.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(.field($0))) })
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
                return .list(enumType.values.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(.enumValue($0))) })
            case "inputFields":
                guard case .inputObject(let input) = named else { return .null }
                return .list(input.fields.filter { includeDeprecated || !$0.isDeprecated }.map { .object(.introspection(.inputValue($0))) })
            case "isOneOf":
                if case .inputObject(let input) = named { return .value(.bool(input.isOneOf)) }
                return .null
            default:
                return .null
            }
        }
    }
}
