extension ValidationRule {
    public static let executableDefinitions = ValidationRule("ExecutableDefinitionsRule", ExecutableDefinitionsRule.self)
    public static let knownOperationTypes = ValidationRule("KnownOperationTypesRule", KnownOperationTypesRule.self)
    public static let uniqueOperationNames = ValidationRule("UniqueOperationNamesRule", UniqueOperationNamesRule.self)
    public static let loneAnonymousOperation = ValidationRule("LoneAnonymousOperationRule", LoneAnonymousOperationRule.self)
    public static let singleFieldSubscriptions = ValidationRule("SingleFieldSubscriptionsRule", SingleFieldSubscriptionsRule.self)
    public static let knownTypeNames = ValidationRule("KnownTypeNamesRule", KnownTypeNamesRule.self)
    public static let fragmentsOnCompositeTypes = ValidationRule("FragmentsOnCompositeTypesRule", FragmentsOnCompositeTypesRule.self)
    public static let variablesAreInputTypes = ValidationRule("VariablesAreInputTypesRule", VariablesAreInputTypesRule.self)
    public static let scalarLeafs = ValidationRule("ScalarLeafsRule", ScalarLeafsRule.self)
    public static let fieldsOnCorrectType = ValidationRule("FieldsOnCorrectTypeRule", FieldsOnCorrectTypeRule.self)
    public static let uniqueFragmentNames = ValidationRule("UniqueFragmentNamesRule", UniqueFragmentNamesRule.self)
    public static let knownFragmentNames = ValidationRule("KnownFragmentNamesRule", KnownFragmentNamesRule.self)
    public static let noUnusedFragments = ValidationRule("NoUnusedFragmentsRule", NoUnusedFragmentsRule.self)
    public static let possibleFragmentSpreads = ValidationRule("PossibleFragmentSpreadsRule", PossibleFragmentSpreadsRule.self)
    public static let noFragmentCycles = ValidationRule("NoFragmentCyclesRule", NoFragmentCyclesRule.self)
    public static let uniqueVariableNames = ValidationRule("UniqueVariableNamesRule", UniqueVariableNamesRule.self)
    public static let noUndefinedVariables = ValidationRule("NoUndefinedVariablesRule", NoUndefinedVariablesRule.self)
    public static let noUnusedVariables = ValidationRule("NoUnusedVariablesRule", NoUnusedVariablesRule.self)
    public static let knownDirectives = ValidationRule("KnownDirectivesRule", KnownDirectivesRule.self)
    public static let uniqueDirectivesPerLocation = ValidationRule("UniqueDirectivesPerLocationRule", UniqueDirectivesPerLocationRule.self)
    public static let deferStreamDirectiveOnRootField = ValidationRule("DeferStreamDirectiveOnRootFieldRule", DeferStreamDirectiveOnRootFieldRule.self)
    public static let deferStreamDirectiveOnValidOperations = ValidationRule("DeferStreamDirectiveOnValidOperationsRule", DeferStreamDirectiveOnValidOperationsRule.self)
    public static let deferStreamDirectiveLabel = ValidationRule("DeferStreamDirectiveLabelRule", DeferStreamDirectiveLabelRule.self)
    public static let streamDirectiveOnListField = ValidationRule("StreamDirectiveOnListFieldRule", StreamDirectiveOnListFieldRule.self)
    public static let knownArgumentNames = ValidationRule("KnownArgumentNamesRule", KnownArgumentNamesRule.self)
    public static let uniqueArgumentNames = ValidationRule("UniqueArgumentNamesRule", UniqueArgumentNamesRule.self)
    public static let valuesOfCorrectType = ValidationRule("ValuesOfCorrectTypeRule", ValuesOfCorrectTypeRule.self)
    public static let providedRequiredArguments = ValidationRule("ProvidedRequiredArgumentsRule", ProvidedRequiredArgumentsRule.self)
    public static let variablesInAllowedPosition = ValidationRule("VariablesInAllowedPositionRule", VariablesInAllowedPositionRule.self)
    public static let overlappingFieldsCanBeMerged = ValidationRule("OverlappingFieldsCanBeMergedRule", OverlappingFieldsCanBeMergedRule.self)
    public static let uniqueInputFieldNames = ValidationRule("UniqueInputFieldNamesRule", UniqueInputFieldNamesRule.self)
    public static let maxIntrospectionDepth = ValidationRule("MaxIntrospectionDepthRule", MaxIntrospectionDepthRule.self)

    /// Optional: reports use of deprecated fields, arguments, input fields and enum values.
    public static let noDeprecatedCustom = ValidationRule("NoDeprecatedCustomRule", NoDeprecatedCustomRule.self)
    /// Optional: rejects introspection fields, for servers with introspection disabled.
    public static let noSchemaIntrospectionCustom = ValidationRule("NoSchemaIntrospectionCustomRule", NoSchemaIntrospectionCustomRule.self)
    /// Optional, for persisted operations: every operation must have a name.
    public static let persistedOperationsNamed = ValidationRule("PersistedOperationsNamedRule", PersistedOperationsNamedRule.self)

    /// Every rule by its graphql-js name (for `--rules` style options and tests).
    public static func named(_ name: String) -> ValidationRule? {
        let all = specifiedRules + [.noDeprecatedCustom, .noSchemaIntrospectionCustom, .persistedOperationsNamed]
        let withSuffix = name.hasSuffix("Rule") ? name : name + "Rule"
        return all.first { $0.name == withSuffix }
    }
}

/// graphql-js 17's `specifiedRules` (the spec's rules, the `@defer`/`@stream` rules and the
/// recommended `MaxIntrospectionDepthRule`), in its order, which decides the order of errors
/// reported at the same node.
public let specifiedRules: [ValidationRule] = [
    .executableDefinitions,
    .knownOperationTypes,
    .uniqueOperationNames,
    .loneAnonymousOperation,
    .singleFieldSubscriptions,
    .knownTypeNames,
    .fragmentsOnCompositeTypes,
    .variablesAreInputTypes,
    .scalarLeafs,
    .fieldsOnCorrectType,
    .uniqueFragmentNames,
    .knownFragmentNames,
    .noUnusedFragments,
    .possibleFragmentSpreads,
    .noFragmentCycles,
    .uniqueVariableNames,
    .noUndefinedVariables,
    .noUnusedVariables,
    .knownDirectives,
    .uniqueDirectivesPerLocation,
    .deferStreamDirectiveOnRootField,
    .deferStreamDirectiveOnValidOperations,
    .deferStreamDirectiveLabel,
    .streamDirectiveOnListField,
    .knownArgumentNames,
    .uniqueArgumentNames,
    .valuesOfCorrectType,
    .providedRequiredArguments,
    .variablesInAllowedPosition,
    .overlappingFieldsCanBeMerged,
    .uniqueInputFieldNames,
    .maxIntrospectionDepth,
]

/// The rules for persisted operations (a connector's files validated together): the specified
/// rules plus `PersistedOperationsNamedRule`.
public let persistedOperationRules: [ValidationRule] = specifiedRules + [.persistedOperationsNamed]
