import Foundation
import SQLGenLanguage

/// Builds a `Schema` from an introspection result (graphql-js `buildClientSchema`).
///
/// Accepts `{"data": {"__schema": ...}}` or `{"__schema": ...}`. Standard scalars and
/// introspection types in the result are replaced by the built-in ones; the directives are the
/// ones listed (the built-ins are not added).
public enum IntrospectionSchemaBuilder {
    /// Builds from the JSON bytes of an introspection result. Throws for input that is not an
    /// introspection result; returns the type-system errors (unless `options.assumeValid`) with
    /// the schema.
    public static func build(json data: Data, options: SchemaBuildOptions = SchemaBuildOptions()) throws(GraphQLError) -> SchemaBuildResult {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw GraphQLError("Invalid introspection result: the file is not valid JSON (\(error.localizedDescription)).")
        }
        guard let top = object as? [String: Any] else {
            throw GraphQLError("Invalid introspection result: expected a JSON object with a \"__schema\" or \"data\" key.")
        }
        let root = (top["data"] as? [String: Any]) ?? top
        guard let schemaObject = root["__schema"] as? [String: Any] else {
            throw GraphQLError("Invalid or incomplete introspection result. Ensure that you are passing the \"data\" attribute of an introspection response and no \"errors\" were returned alongside.")
        }
        let schema = try build(schemaObject: schemaObject)
        let errors = options.assumeValid ? [] : SchemaValidator.validate(schema)
        return SchemaBuildResult(schema: schema, errors: errors)
    }

    private static func build(schemaObject: [String: Any]) throws(GraphQLError) -> Schema {
        guard let typeObjects = schemaObject["types"] as? [[String: Any]] else {
            throw GraphQLError("Invalid or incomplete schema, missing \"types\".")
        }
        var types: [GraphQLNamedType] = []
        for typeObject in typeObjects {
            let type = try namedType(typeObject)
            if type.isSpecifiedScalar, let scalar = BuiltInScalars.scalar(named: type.name) {
                types.append(.scalar(scalar))
            } else if let builtIn = Introspection.types.first(where: { $0.name == type.name }) {
                types.append(builtIn)
            } else {
                types.append(type)
            }
        }
        let directiveObjects = schemaObject["directives"] as? [[String: Any]] ?? []
        var directives: [GraphQLDirective] = []
        for directiveObject in directiveObjects {
            directives.append(try directive(directiveObject))
        }
        return Schema(
            description: schemaObject["description"] as? String,
            queryTypeName: rootName(schemaObject["queryType"]),
            mutationTypeName: rootName(schemaObject["mutationType"]),
            subscriptionTypeName: rootName(schemaObject["subscriptionType"]),
            types: types, directives: directives)
    }

    private static func rootName(_ value: Any?) -> String? {
        (value as? [String: Any])?["name"] as? String
    }

    private static func namedType(_ object: [String: Any]) throws(GraphQLError) -> GraphQLNamedType {
        guard let name = object["name"] as? String, let kind = object["kind"] as? String else {
            throw GraphQLError("Invalid or incomplete schema, a type is missing \"name\" or \"kind\".")
        }
        let description = object["description"] as? String
        switch kind {
        case "SCALAR":
            let url = (object["specifiedByURL"] as? String) ?? (object["specifiedByUrl"] as? String)
            return .scalar(GraphQLScalarType(name: name, description: description, specifiedByURL: url))
        case "OBJECT", "INTERFACE":
            guard let fieldObjects = object["fields"] as? [[String: Any]] else {
                throw GraphQLError("Introspection result missing fields: \(name).")
            }
            var fields: [GraphQLField] = []
            for fieldObject in fieldObjects { fields.append(try field(fieldObject)) }
            var interfaces: [String] = []
            for reference in object["interfaces"] as? [[String: Any]] ?? [] {
                interfaces.append(try typeRef(reference).namedTypeName)
            }
            if kind == "OBJECT" {
                return .object(GraphQLObjectType(name: name, description: description, fields: fields, interfaces: interfaces))
            }
            return .interface(GraphQLInterfaceType(name: name, description: description, fields: fields, interfaces: interfaces))
        case "UNION":
            guard let possible = object["possibleTypes"] as? [[String: Any]] else {
                throw GraphQLError("Introspection result missing possibleTypes: \(name).")
            }
            var members: [String] = []
            for reference in possible { members.append(try typeRef(reference).namedTypeName) }
            return .union(GraphQLUnionType(name: name, description: description, memberTypes: members))
        case "ENUM":
            guard let valueObjects = object["enumValues"] as? [[String: Any]] else {
                throw GraphQLError("Introspection result missing enumValues: \(name).")
            }
            var values: [GraphQLEnumValue] = []
            for valueObject in valueObjects {
                guard let valueName = valueObject["name"] as? String else {
                    throw GraphQLError("Invalid or incomplete schema, an enum value of \(name) has no name.")
                }
                values.append(GraphQLEnumValue(name: valueName, description: valueObject["description"] as? String, deprecationReason: valueObject["deprecationReason"] as? String))
            }
            return .enumType(GraphQLEnumType(name: name, description: description, values: values))
        case "INPUT_OBJECT":
            guard let fieldObjects = object["inputFields"] as? [[String: Any]] else {
                throw GraphQLError("Introspection result missing inputFields: \(name).")
            }
            var fields: [GraphQLInputValue] = []
            for fieldObject in fieldObjects { fields.append(try inputValue(fieldObject)) }
            return .inputObject(GraphQLInputObjectType(name: name, description: description, fields: fields, isOneOf: (object["isOneOf"] as? Bool) ?? false))
        default:
            throw GraphQLError("Invalid or incomplete introspection result: unknown kind \"\(kind)\" of type \(name).")
        }
    }

    private static func field(_ object: [String: Any]) throws(GraphQLError) -> GraphQLField {
        guard let name = object["name"] as? String, let typeObject = object["type"] as? [String: Any] else {
            throw GraphQLError("Invalid or incomplete schema, a field is missing \"name\" or \"type\".")
        }
        guard let argumentObjects = object["args"] as? [[String: Any]] else {
            throw GraphQLError("Introspection result missing field args: \(name).")
        }
        var arguments: [GraphQLInputValue] = []
        for argumentObject in argumentObjects { arguments.append(try inputValue(argumentObject)) }
        return GraphQLField(name: name, description: object["description"] as? String, type: try typeRef(typeObject), arguments: arguments, deprecationReason: object["deprecationReason"] as? String)
    }

    private static func inputValue(_ object: [String: Any]) throws(GraphQLError) -> GraphQLInputValue {
        guard let name = object["name"] as? String, let typeObject = object["type"] as? [String: Any] else {
            throw GraphQLError("Invalid or incomplete schema, an input value is missing \"name\" or \"type\".")
        }
        var defaultValue: Value?
        if let text = object["defaultValue"] as? String {
            var parseOptions = ParseOptions()
            parseOptions.noLocation = true
            do {
                defaultValue = try Parser.parseConstValue(Source(text, name: "defaultValue of \(name)"), options: parseOptions)
            } catch {
                throw GraphQLError("Invalid default value of \(name) in introspection result: \(text) (\(error.message))")
            }
        }
        return GraphQLInputValue(name: name, description: object["description"] as? String, type: try typeRef(typeObject), defaultValue: defaultValue, deprecationReason: object["deprecationReason"] as? String)
    }

    private static func directive(_ object: [String: Any]) throws(GraphQLError) -> GraphQLDirective {
        guard let name = object["name"] as? String else {
            throw GraphQLError("Invalid or incomplete schema, a directive has no name.")
        }
        guard let argumentObjects = object["args"] as? [[String: Any]] else {
            throw GraphQLError("Introspection result missing directive args: @\(name).")
        }
        guard let locationNames = object["locations"] as? [String] else {
            throw GraphQLError("Introspection result missing directive locations: @\(name).")
        }
        var arguments: [GraphQLInputValue] = []
        for argumentObject in argumentObjects { arguments.append(try inputValue(argumentObject)) }
        return GraphQLDirective(name: name, description: object["description"] as? String, arguments: arguments, isRepeatable: (object["isRepeatable"] as? Bool) ?? false, locations: locationNames.compactMap(DirectiveLocation.init(rawValue:)))
    }

    /// How many list and non-null wrappers a type reference may have, as the parser's default
    /// `maxDepth` allows for SDL.
    static let maxTypeNesting = ParseOptions().maxDepth

    private static func typeRef(_ object: [String: Any], nesting: Int = 0) throws(GraphQLError) -> GraphQLTypeRef {
        guard nesting < maxTypeNesting else {
            throw GraphQLError("Invalid introspection result: a type reference is wrapped more than \(maxTypeNesting) times.")
        }
        guard let kind = object["kind"] as? String else {
            throw GraphQLError("Invalid or incomplete schema, a type reference has no \"kind\".")
        }
        switch kind {
        case "LIST", "NON_NULL":
            guard let inner = object["ofType"] as? [String: Any] else {
                throw GraphQLError("Decorated type deeper than introspection query.")
            }
            let innerRef = try typeRef(inner, nesting: nesting + 1)
            if kind == "LIST" { return .list(innerRef) }
            if innerRef.isNonNull { throw GraphQLError("Invalid introspection result: non-null of non-null type.") }
            return .nonNull(innerRef)
        default:
            guard let name = object["name"] as? String else {
                throw GraphQLError("Unknown type reference: a named type reference has no name.")
            }
            return .named(name)
        }
    }
}
