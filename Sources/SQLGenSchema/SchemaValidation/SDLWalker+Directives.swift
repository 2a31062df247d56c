// SDL validation of applied directives, type references and values (UniqueDirectivesPerLocation,
// KnownDirectives, KnownArgumentNames, KnownTypeNames, ValuesOfCorrectType on SDL).

import SQLGenLanguage

extension SDLWalker {
    // MARK: Applied directives, types and values

    /// UniqueDirectivesPerLocation for a node that cannot be extended: only its own list counts,
    /// so the earlier directives of the list are the ones seen.
    mutating func uniqueDirectivesHere(_ directives: [Directive]) {
        guard directives.count > 1 else { return }
        if directives.count > 16 {
            var seen: [String: Directive] = [:]
            uniqueDirectivesPerLocation(directives, seen: &seen)
            return
        }
        for later in 1..<directives.count {
            let name = directives[later].name.value
            guard let earlier = (0..<later).first(where: { directives[$0].name.value == name }),
                  let info = directiveInfo[name]?.value, !info.isRepeatable else { continue }
            report("The directive \"@\(name)\" can only be used once at this location.", [directives[earlier].range, directives[later].range], "UniqueDirectivesPerLocationRule")
        }
    }

    mutating func uniqueDirectivesPerLocation(_ directives: [Directive], seen: inout [String: Directive]) {
        for directive in directives {
            let name = directive.name.value
            guard let info = directiveInfo[name]?.value, !info.isRepeatable else { continue }
            if let previous = seen[name] {
                report("The directive \"@\(name)\" can only be used once at this location.", [previous.range, directive.range], "UniqueDirectivesPerLocationRule")
            } else {
                seen[name] = directive
            }
        }
    }

    mutating func visitDirectives(_ directives: [Directive], location: String) {
        for directive in directives { visitDirective(directive, location: location) }
    }

    /// The locations a walk from a directive definition may arrive at.
    static let inputPositions: Set<String> = ["ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM", "ENUM_VALUE", "SCALAR", "INPUT_OBJECT",
                                              "DIRECTIVE_DEFINITION"]

    mutating func visitDirective(_ directive: Directive, location: String) {
        let name = directive.name.value
        let info = directiveInfo[name]?.value
        if let info, info.leadsAnywhere, Self.inputPositions.contains(location) { directivesAtInputPositions.insert(name) }
        // KnownDirectives
        if let info {
            if !info.locations.contains(location) {
                report("Directive \"@\(name)\" may not be used on \(location).", [directive.range], "KnownDirectivesRule")
            }
        } else {
            report("Unknown directive \"@\(name)\".", [directive.range], "KnownDirectivesRule")
        }
        // KnownArgumentNamesOnDirectives
        if let info {
            for argument in directive.arguments where !info.argumentNames.contains(argument.name.value) {
                let suggestions = Suggestions.list(argument.name.value, options: info.argumentNames)
                report("Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"." + Suggestions.didYouMean(suggestions), [argument.range], "KnownArgumentNamesOnDirectivesRule")
            }
        }
        // UniqueArgumentNames
        if NameRepetition.hasRepeatedName(directive.arguments.count, { directive.arguments[$0].name.value }) {
            for (argumentName, names) in Self.groupedByName(directive.arguments.map(\.name)) where names.count > 1 {
                report("There can be only one argument named \"\(argumentName)\".", names.map(\.range), "UniqueArgumentNamesRule")
            }
        }
        for argument in directive.arguments { visitValue(argument.value) }
        // ProvidedRequiredArgumentsOnDirectives (on leave)
        if let info {
            for required in info.requiredArguments where !directive.arguments.contains(where: { $0.name.value == required.name }) {
                report("Argument \"@\(name)(\(required.name):)\" of type \"\(required.type)\" is required, but it was not provided.", [directive.range], "ProvidedRequiredArgumentsOnDirectivesRule")
            }
        }
    }

    /// KnownTypeNames for a type reference in SDL (built-in scalars and introspection types are
    /// always known in SDL).
    mutating func knownTypeName(_ type: TypeReference) {
        var current = type
        while true {
            switch current {
            case .named(let named): return knownTypeName(named)
            case .list(let inner, _), .nonNull(let inner, _): current = inner
            }
        }
    }

    mutating func knownTypeName(_ named: NamedType) {
        let typeName = named.name.value
        if definedTypes.contains(typeName) || schema?.type(named: typeName) != nil { return }
        if BuiltInScalars.scalar(named: typeName) != nil { return }
        if typeName.utf8.first == UInt8(ascii: "_") && Introspection.typeNames.contains(typeName) { return }
        let standard = BuiltInScalars.all.map(\.name) + Introspection.types.map(\.name)
        let options = standard + (schema?.typeNames ?? []) + definedTypeOrder
        let suggestions = Suggestions.list(typeName, options: options)
        report("Unknown type \"\(typeName)\"." + Suggestions.didYouMean(suggestions), [named.range], "KnownTypeNamesRule")
    }

    /// UniqueInputFieldNames inside constant values (directive arguments, default values).
    mutating func visitValue(_ value: Value) {
        switch value {
        case .list(let values, _):
            values.forEach { visitValue($0) }
        case .object(let fields, _):
            var seen: [String: Name] = [:]
            for field in fields {
                if let previous = seen[field.name.value] {
                    report("There can be only one input field named \"\(field.name.value)\".", [previous.range, field.name.range], "UniqueInputFieldNamesRule")
                } else {
                    seen[field.name.value] = field.name
                }
                visitValue(field.value)
            }
        default:
            break
        }
    }

    /// Names grouped by value, groups in first-appearance order.
    static func groupedByName(_ names: [Name]) -> [(String, [Name])] {
        var order: [String] = []
        var groups: [String: [Name]] = [:]
        for name in names {
            if groups[name.value] == nil { order.append(name.value) }
            groups[name.value, default: []].append(name)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}
