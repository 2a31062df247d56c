import SQLGenLanguage

/// Interface implementation checks of `validateSchema`: only interfaces, no self or duplicate
/// implementation, transitive interfaces declared, every interface field provided with a
/// covariant type, invariant arguments, no extra required arguments, no deprecation the
/// interface field does not have.
extension SchemaValidationContext {
    mutating func validateInterfaces(_ type: any GraphQLTypeWithFields) {
        // Interface lists are short: an array beats a set.
        var seen: [String] = []
        for interfaceName in type.interfaces {
            guard let named = schema.type(named: interfaceName) else { continue }
            guard case .interface(let interface) = named else {
                report("Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).", implementsRanges(type, interfaceName))
                continue
            }
            if interface === type as AnyObject {
                report("Type \(type.name) cannot implement itself because it would create a circular reference.", implementsRanges(type, interfaceName))
            }
            if seen.contains(interfaceName) {
                report("Type \(type.name) can only implement \(interfaceName) once.", implementsRanges(type, interfaceName))
                continue
            }
            seen.append(interfaceName)
            validateImplementsAncestors(type, interface)
            validateImplementsInterface(type, interface)
        }
    }

    private func implementsRanges(_ type: any GraphQLTypeWithFields, _ interfaceName: String) -> [SourceRange?] {
        ([type.astNode].compactMap { $0 } + type.extensionASTNodes).flatMap { node -> [SourceRange?] in
            switch node {
            case .object(let definition), .interface(let definition):
                return definition.interfaces.filter { $0.name.value == interfaceName }.map(\.range)
            default:
                return []
            }
        }
    }

    private mutating func validateImplementsAncestors(_ type: any GraphQLTypeWithFields, _ interface: GraphQLInterfaceType) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            let message = transitive == type.name
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
            report(message, implementsRanges(interface, transitive) + implementsRanges(type, interface.name))
        }
    }

    private mutating func validateImplementsInterface(_ type: any GraphQLTypeWithFields, _ interface: GraphQLInterfaceType) {
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            guard let typeField = type.field(named: fieldName) else {
                report("Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.", [interfaceField.astNode?.range, type.astNode?.range] + type.extensionASTNodes.map(\.range))
                continue
            }
            if !TypeComparators.isTypeSubTypeOf(schema, typeField.type, interfaceField.type) {
                report("Interface field \(interface.name).\(fieldName) expects type \(interfaceField.type) but \(type.name).\(fieldName) is type \(typeField.type).", [interfaceField.astNode?.type.range, typeField.astNode?.type.range])
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.argument(named: argumentName) else {
                    report("Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expected but \(type.name).\(fieldName) does not provide it.", [interfaceArgument.astNode?.range, typeField.astNode?.range])
                    continue
                }
                if !TypeComparators.isEqualType(interfaceArgument.type, typeArgument.type) {
                    report("Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expects type \(interfaceArgument.type) but \(type.name).\(fieldName)(\(argumentName):) is type \(typeArgument.type).", [interfaceArgument.astNode?.type.range, typeArgument.astNode?.type.range])
                }
            }
            for typeArgument in typeField.arguments where interfaceField.argument(named: typeArgument.name) == nil && typeArgument.isRequired {
                report("Argument \"\(type.name).\(fieldName)(\(typeArgument.name):)\" must not be required type \"\(typeArgument.type)\" if not provided by the Interface field \"\(interface.name).\(fieldName)\".", [typeArgument.astNode?.range, interfaceField.astNode?.range])
            }
            if typeField.isDeprecated && !interfaceField.isDeprecated {
                report("Interface field \(interface.name).\(fieldName) is not deprecated, so implementation field \(type.name).\(fieldName) must not be deprecated.", [Self.deprecatedDirective(typeField.directives)?.range, typeField.astNode?.type.range])
            }
        }
    }
}
