// Introspection on the AEM endpoint: `__schema` and `__type(name:)` describe AEM's schema, so
// GraphiQL and codegen tools work; the answers come from the shared IntrospectionResolver.

import SQLGenJSON

extension IntrospectionNode {
    /// The introspection type of the node's object.
    var typeName: String {
        switch self {
        case .schema: return "__Schema"
        case .type: return "__Type"
        case .field: return "__Field"
        case .inputValue: return "__InputValue"
        case .enumValue: return "__EnumValue"
        case .directive: return "__Directive"
        }
    }
}

extension AEMExecutor {
    /// The `name` field of the root (`__schema`, `__type`) or of an introspection object.
    func resolveIntrospection(_ name: String, arguments: [String: JSONValue], on parent: AEMParent) -> Result<AEMResolved, FieldFailure> {
        switch parent {
        case .root:
            do {
                return .success(Self.aemResolved(try IntrospectionResolver.resolveRoot(name, arguments: arguments, schema: schema)))
            } catch {
                return .failure(error)
            }
        case .introspection(let node):
            return .success(Self.aemResolved(IntrospectionResolver.resolve(node, field: name, arguments: arguments, schema: schema)))
        case .fragment, .object:
            return .success(.null)
        }
    }

    static func aemResolved(_ resolved: Resolved) -> AEMResolved {
        switch resolved {
        case .null, .failed: return .null
        case .value(let value): return value.isNull ? .null : .leaf(value)
        case .list(let items): return .list(items.map(aemResolved))
        case .object(.introspection(let node)): return .object(.introspection(node))
        case .object(.root), .object(.row): return .null
        }
    }
}
