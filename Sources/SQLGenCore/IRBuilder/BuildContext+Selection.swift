import SQLGenLanguage
import SQLGenSchema

/// A field after fragments are merged: every selection set that contributes to it.
struct MergedField {
    var responseKey: String
    var fieldName: String
    var definition: GraphQLField?
    var selectionSets: [SelectionSet]
    /// Under `@skip`/`@include`: the server may leave it out, so it is optional in Swift.
    var isConditional: Bool
}

extension BuildContext {
    /// The struct for a selection on `typeName`, from all the selection sets merged into it.
    mutating func selection(structName: String, typeName: String, selectionSets: [SelectionSet]) -> SelectionSetIR {
        guard let type = schema.type(named: typeName) else {
            return SelectionSetIR(structName: structName, typeName: typeName, fields: [])
        }
        if type.isAbstract {
            return abstractSelection(structName: structName, type: type, selectionSets: selectionSets)
        }
        let merged = collectFields(selectionSets, on: typeName, abstractBase: false)
        let fields = resolveFields(merged, parentType: typeName)
        return SelectionSetIR(structName: structName, typeName: typeName, fields: fields, key: selectedKey(typeName: typeName, merged: merged))
    }

    /// An interface or union: the fields every type has (with `__typename`), plus one case per
    /// possible type whose selection differs from those.
    private mutating func abstractSelection(structName: String, type: GraphQLNamedType, selectionSets: [SelectionSet]) -> SelectionSetIR {
        var base = collectFields(selectionSets, on: type.name, abstractBase: true)
        if !base.contains(where: { $0.responseKey == "__typename" }) {
            base.insert(MergedField(responseKey: "__typename", fieldName: "__typename", definition: nil, selectionSets: [], isConditional: typeNameMayBeAbsent), at: 0)
        }
        let baseKeys = base.map(\.responseKey)
        var cases: [TypeCaseIR] = []
        let withOwnFields = typesWithOwnFields(selectionSets, on: type)
        for object in schema.possibleTypes(of: type) where withOwnFields.contains(object.name) {
            var merged = collectFields(selectionSets, on: object.name, abstractBase: false)
            if !merged.contains(where: { $0.responseKey == "__typename" }) {
                merged.insert(MergedField(responseKey: "__typename", fieldName: "__typename", definition: nil, selectionSets: [], isConditional: typeNameMayBeAbsent), at: 0)
            }
            guard Set(merged.map(\.responseKey)) != Set(baseKeys) else { continue }
            let caseStruct = uniqueStructName("As" + object.name)
            let fields = resolveFields(merged, parentType: object.name)
            cases.append(TypeCaseIR(typeName: object.name, selection: SelectionSetIR(
                structName: caseStruct, typeName: object.name, fields: fields,
                key: selectedKey(typeName: object.name, merged: merged))))
        }
        let fields = resolveFields(base, parentType: type.name)
        return SelectionSetIR(structName: structName, typeName: type.name, fields: fields, typeCases: cases)
    }

    /// The possible types of `type` that fragments in `selectionSets` may give fields the base
    /// lacks: object conditions, and the possible types of abstract conditions that do not cover
    /// every possible type. Any other type's fields are the base's (an interface such as `Node`
    /// has hundreds of possible types; collecting fields for each one was most of the IR's time).
    private func typesWithOwnFields(_ selectionSets: [SelectionSet], on type: GraphQLNamedType) -> Set<String> {
        var result: Set<String> = []
        var visitedFragments: Set<String> = []
        var pending = selectionSets
        func consider(_ condition: String?) {
            guard let condition, condition != type.name, let conditionType = schema.type(named: condition) else { return }
            if !conditionType.isAbstract {
                result.insert(condition)
            } else if !conditionApplies(condition, to: type.name, abstractBase: true) {
                for object in schema.possibleTypes(of: conditionType) { result.insert(object.name) }
            }
        }
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field:
                    continue
                case .inlineFragment(let inline):
                    consider(inline.typeCondition?.name.value)
                    pending.append(inline.selectionSet)
                case .fragmentSpread(let spread):
                    guard visitedFragments.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else { continue }
                    consider(fragment.typeCondition.name.value)
                    pending.append(fragment.selectionSet)
                }
            }
        }
        return result
    }

    /// Merges fields by response key in first-seen order, following fragments whose type
    /// condition applies. With `abstractBase`, only fragments that apply to every possible type
    /// of the abstract type count.
    func collectFields(_ selectionSets: [SelectionSet], on typeName: String, abstractBase: Bool) -> [MergedField] {
        var order: [String] = []
        var byKey: [String: MergedField] = [:]
        /// Fragments visited, and whether unconditionally: visiting again adds nothing, except
        /// once unconditionally after conditional visits (it can make fields unconditional).
        var visitedFragments: [String: Bool] = [:]

        func visit(_ set: SelectionSet, conditional: Bool) {
            for selection in set.selections {
                let isConditional = conditional || selection.directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
                switch selection {
                case .field(let field):
                    let key = field.responseKey
                    if var existing = byKey[key] {
                        if let sub = field.selectionSet { existing.selectionSets.append(sub) }
                        existing.isConditional = existing.isConditional && isConditional
                        byKey[key] = existing
                    } else {
                        order.append(key)
                        byKey[key] = MergedField(
                            responseKey: key, fieldName: field.name.value,
                            definition: schema.field(named: field.name.value, onTypeNamed: typeName),
                            selectionSets: field.selectionSet.map { [$0] } ?? [],
                            isConditional: isConditional)
                    }
                case .inlineFragment(let inline):
                    if conditionApplies(inline.typeCondition?.name.value, to: typeName, abstractBase: abstractBase) {
                        visit(inline.selectionSet, conditional: isConditional)
                    }
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name.value],
                          conditionApplies(fragment.typeCondition.name.value, to: typeName, abstractBase: abstractBase) else { continue }
                    if let unconditional = visitedFragments[spread.name.value], unconditional || isConditional { continue }
                    visitedFragments[spread.name.value] = !isConditional
                    visit(fragment.selectionSet, conditional: isConditional)
                }
            }
        }
        for set in selectionSets { visit(set, conditional: false) }
        return order.compactMap { byKey[$0] }
    }

    /// Whether a fragment with `condition` contributes to a selection on `typeName`.
    private func conditionApplies(_ condition: String?, to typeName: String, abstractBase: Bool) -> Bool {
        guard let condition, condition != typeName else { return true }
        guard let conditionType = schema.type(named: condition), let target = schema.type(named: typeName) else { return false }
        if abstractBase {
            // On an abstract base, a condition applies when it covers every possible type.
            guard conditionType.isAbstract else { return false }
            return schema.possibleTypes(of: target).allSatisfy { schema.isPossibleType($0.name, of: condition) }
        }
        if conditionType.isAbstract, !target.isAbstract {
            return schema.isPossibleType(typeName, of: condition)
        }
        return false
    }

    /// Turns merged fields into IR fields, naming nested structs without collisions.
    private mutating func resolveFields(_ merged: [MergedField], parentType: String) -> [FieldIR] {
        let names = nestedStructNames(merged)
        var fields: [FieldIR] = []
        for field in merged {
            if field.fieldName == "__typename" {
                let typeName = TypeIR.scalar(graphQLName: "String", swiftType: "String")
                fields.append(FieldIR(responseKey: field.responseKey, type: field.isConditional ? .optional(typeName) : typeName))
                continue
            }
            guard let definition = field.definition else { continue }
            var type = outputType(definition.type, structName: names[field.responseKey] ?? "Object", selectionSets: field.selectionSets)
            if field.isConditional, !type.isOptional { type = .optional(type) }
            fields.append(FieldIR(responseKey: field.responseKey, type: type, documentation: lines(definition.description), deprecationReason: definition.deprecationReason))
        }
        return fields
    }

    /// Data Connect's names for nested structs: the field's type (`Movie`), or the type and the
    /// alias (`MovieMoviesMatchingTitle`). When siblings would share a name, each one whose
    /// response key is not the type's own name gets the type plus its response key instead
    /// (`user` → `User`, `otherUser` → `UserOtherUser`), so names never collide.
    private func nestedStructNames(_ merged: [MergedField]) -> [String: String] {
        var proposed: [(key: String, typeName: String, name: String)] = []
        for field in merged {
            guard let definition = field.definition, let type = schema.type(named: definition.type.namedTypeName), type.isComposite else { continue }
            let aliased = field.responseKey != field.fieldName
            let name = aliased ? type.name + SwiftNaming.upperCamel(field.responseKey) : type.name
            proposed.append((field.responseKey, type.name, name))
        }
        var counts: [String: Int] = [:]
        for item in proposed { counts[item.name, default: 0] += 1 }
        var result: [String: String] = [:]
        // Aliases that differ only in underscores or case (`a_b`, `aB`) propose one name twice.
        var taken: Set<String> = []
        for item in proposed {
            var name = item.name
            if counts[name, default: 0] > 1, SwiftNaming.upperCamel(item.key) != item.typeName {
                name = item.typeName + SwiftNaming.upperCamel(item.key)
            }
            var unique = uniqueStructName(name)
            while taken.contains(unique) {
                name += "_"
                unique = uniqueStructName(name)
            }
            taken.insert(unique)
            result[item.key] = unique
        }
        return result
    }

    /// Keeps nested struct names clear of the Swift and runtime types generated code refers to.
    func uniqueStructName(_ name: String) -> String {
        var result = name
        if Self.reservedStructNames.contains(result) || enums[result] != nil || inputObjects[result] != nil || result.hasSuffix("Key") && tableKeys.key(of: String(result.dropLast(3))) != nil {
            result += "_"
        }
        return SwiftNaming.identifier(result)
    }

    private static let reservedStructNames: Set<String> = [
        "String", "Int", "Double", "Bool", "UUID", "Int64", "Optional", "Array",
        "Decodable", "Encodable", "Sendable", "Hashable", "Identifiable", "Hasher", "Self", "Type", "Protocol",
        "Variables", "Ref", "Base",
        Runtime.localDate, Runtime.timestamp, Runtime.anyValue, Runtime.responseDecodable, Runtime.responseObject,
        Runtime.responseRecordDecodable, Runtime.responseShape, Runtime.responseRecord,
    ]

    /// The key of a `@table` selection when every key field is selected.
    private func selectedKey(typeName: String, merged: [MergedField]) -> SelectedKeyIR? {
        guard let key = tableKeys.key(of: typeName) else { return nil }
        var responseKeys: [String] = []
        for keyField in key {
            guard let field = merged.first(where: { $0.fieldName == keyField.name && !$0.isConditional }) else { return nil }
            responseKeys.append(field.responseKey)
        }
        return SelectedKeyIR(keyStruct: typeName + "Key", keyFields: key.map(\.name), responseKeys: responseKeys)
    }
}
