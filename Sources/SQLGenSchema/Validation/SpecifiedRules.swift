/// The rules, named after graphql-js's rule functions.
extension ValidationRule {
    /// Only operations and fragments may appear.
    public static let executableDefinitions = ValidationRule("ExecutableDefinitionsRule", ExecutableDefinitionsRule.self)
    /// Each operation type has a root type in the schema.
    public static let knownOperationTypes = ValidationRule("KnownOperationTypesRule", KnownOperationTypesRule.self)
    /// Operation names are unique.
    public static let uniqueOperationNames = ValidationRule("UniqueOperationNamesRule", UniqueOperationNamesRule.self)
    /// An anonymous operation is the only operation.
    public static let loneAnonymousOperation = ValidationRule("LoneAnonymousOperationRule", LoneAnonymousOperationRule.self)
    /// A subscription selects exactly one non-introspection root field.
    public static let singleFieldSubscriptions = ValidationRule("SingleFieldSubscriptionsRule", SingleFieldSubscriptionsRule.self)
    /// Referenced types exist.
    public static let knownTypeNames = ValidationRule("KnownTypeNamesRule", KnownTypeNamesRule.self)
    /// Type conditions are objects, interfaces or unions.
    public static let fragmentsOnCompositeTypes = ValidationRule("FragmentsOnCompositeTypesRule", FragmentsOnCompositeTypesRule.self)
    /// Variables have input types.
    public static let variablesAreInputTypes = ValidationRule("VariablesAreInputTypesRule", VariablesAreInputTypesRule.self)
    /// Leaf fields have no selection set; other fields have one.
    public static let scalarLeafs = ValidationRule("ScalarLeafsRule", ScalarLeafsRule.self)
    /// Selected fields exist on their parent type (with suggestions).
    public static let fieldsOnCorrectType = ValidationRule("FieldsOnCorrectTypeRule", FieldsOnCorrectTypeRule.self)
    /// Fragment names are unique.
    public static let uniqueFragmentNames = ValidationRule("UniqueFragmentNamesRule", UniqueFragmentNamesRule.self)
    /// Spread fragments are defined.
    public static let knownFragmentNames = ValidationRule("KnownFragmentNamesRule", KnownFragmentNamesRule.self)
    /// Every fragment is used by an operation.
    public static let noUnusedFragments = ValidationRule("NoUnusedFragmentsRule", NoUnusedFragmentsRule.self)
    /// A spread fragment can apply to the enclosing type.
    public static let possibleFragmentSpreads = ValidationRule("PossibleFragmentSpreadsRule", PossibleFragmentSpreadsRule.self)
    /// Fragments do not spread themselves, directly or not.
    public static let noFragmentCycles = ValidationRule("NoFragmentCyclesRule", NoFragmentCyclesRule.self)
    /// Variable names are unique per operation.
    public static let uniqueVariableNames = ValidationRule("UniqueVariableNamesRule", UniqueVariableNamesRule.self)
    /// Used variables are defined by the operation.
    public static let noUndefinedVariables = ValidationRule("NoUndefinedVariablesRule", NoUndefinedVariablesRule.self)
    /// Defined variables are used.
    public static let noUnusedVariables = ValidationRule("NoUnusedVariablesRule", NoUnusedVariablesRule.self)
    /// Directives exist and are used at an allowed location.
    public static let knownDirectives = ValidationRule("KnownDirectivesRule", KnownDirectivesRule.self)
    /// Non-repeatable directives appear once per location.
    public static let uniqueDirectivesPerLocation = ValidationRule("UniqueDirectivesPerLocationRule", UniqueDirectivesPerLocationRule.self)
    /// No `@defer`/`@stream` on mutation or subscription root fields.
    public static let deferStreamDirectiveOnRootField = ValidationRule("DeferStreamDirectiveOnRootFieldRule", DeferStreamDirectiveOnRootFieldRule.self)
    /// No unconditional `@defer`/`@stream` in subscriptions.
    public static let deferStreamDirectiveOnValidOperations = ValidationRule("DeferStreamDirectiveOnValidOperationsRule", DeferStreamDirectiveOnValidOperationsRule.self)
    /// `@defer`/`@stream` labels are static and unique.
    public static let deferStreamDirectiveLabel = ValidationRule("DeferStreamDirectiveLabelRule", DeferStreamDirectiveLabelRule.self)
    /// `@stream` only on list fields.
    public static let streamDirectiveOnListField = ValidationRule("StreamDirectiveOnListFieldRule", StreamDirectiveOnListFieldRule.self)
    /// Arguments exist on their field or directive (with suggestions).
    public static let knownArgumentNames = ValidationRule("KnownArgumentNamesRule", KnownArgumentNamesRule.self)
    /// Argument names are unique per field or directive.
    public static let uniqueArgumentNames = ValidationRule("UniqueArgumentNamesRule", UniqueArgumentNamesRule.self)
    /// Literal values suit their expected types (including `@oneOf`).
    public static let valuesOfCorrectType = ValidationRule("ValuesOfCorrectTypeRule", ValuesOfCorrectTypeRule.self)
    /// Required arguments are given.
    public static let providedRequiredArguments = ValidationRule("ProvidedRequiredArgumentsRule", ProvidedRequiredArgumentsRule.self)
    /// Variables are used where their type is allowed (including `@oneOf`).
    public static let variablesInAllowedPosition = ValidationRule("VariablesInAllowedPositionRule", VariablesInAllowedPositionRule.self)
    /// Fields with the same response name can be merged.
    public static let overlappingFieldsCanBeMerged = ValidationRule("OverlappingFieldsCanBeMergedRule", OverlappingFieldsCanBeMergedRule.self)
    /// Input object field names are unique.
    public static let uniqueInputFieldNames = ValidationRule("UniqueInputFieldNamesRule", UniqueInputFieldNamesRule.self)
    /// Introspection list fields do not nest three deep.
    public static let maxIntrospectionDepth = ValidationRule("MaxIntrospectionDepthRule", MaxIntrospectionDepthRule.self)

    /// Optional: reports use of deprecated fields, arguments, input fields and enum values.
    public static let noDeprecatedCustom = ValidationRule("NoDeprecatedCustomRule", NoDeprecatedCustomRule.self)
    /// Optional: rejects introspection fields, for servers with introspection disabled.
    public static let noSchemaIntrospectionCustom = ValidationRule("NoSchemaIntrospectionCustomRule", NoSchemaIntrospectionCustomRule.self)
    /// Optional, for persisted operations: every operation must have a name.
    public static let persistedOperationsNamed = ValidationRule("PersistedOperationsNamedRule", PersistedOperationsNamedRule.self)
    /// Optional, for persisted operations: no alias starts with `__` (generated code reserves it).
    public static let persistedOperationsResponseKeys = ValidationRule("PersistedOperationsResponseKeysRule", PersistedOperationsResponseKeysRule.self)
    /// Optional, for persisted operations: no two names differ only in case or underscores
    /// (generated clients name a type and a file after each operation).
    public static let persistedOperationsDistinctNames = ValidationRule("PersistedOperationsDistinctNamesRule", PersistedOperationsDistinctNamesRule.self)

    /// Every rule by its graphql-js name (for `--rules` style options and tests).
    public static func named(_ name: String) -> ValidationRule? {
        let all = specifiedRules + [.noDeprecatedCustom, .noSchemaIntrospectionCustom, .persistedOperationsNamed, .persistedOperationsResponseKeys, .persistedOperationsDistinctNames]
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
/// rules plus `PersistedOperationsNamedRule` and `PersistedOperationsResponseKeysRule`. A dialect
/// adds its own rules to these.
public let persistedOperationRules: [ValidationRule] = specifiedRules + [.persistedOperationsNamed, .persistedOperationsResponseKeys]
