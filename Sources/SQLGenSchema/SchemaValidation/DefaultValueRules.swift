import SQLGenLanguage

/// Default value checks of `validateSchema` (graphql-js 17): each default must be a valid literal
/// of its input type, and input object field defaults must not refer to themselves.
extension SchemaValidationContext {
    /// Reports `<owner> has invalid default value[ at <path>]: <problem>` for each problem.
    mutating func validateDefaultValue(_ value: GraphQLInputValue, _ owner: @autoclosure () -> String) {
        guard let defaultValue = value.defaultValue else { return }
        for problem in InputLiteralValidator.validate(defaultValue, type: value.type, schema: schema) {
            let range: SourceRange? = problem.range == .none ? value.astNode?.defaultValue?.range : problem.range
            let at = problem.path.isEmpty ? "" : " at " + problem.printedPath
            report("\(owner()) has invalid default value\(at): \(problem.message)", [range])
        }
    }
}

/// graphql-js's check for input object field defaults that contain themselves, e.g.
/// `input A { b: B = {} } input B { a: A = {} }`: walks default values (literal fields first,
/// then the defaults of fields left out) depth first, reporting each cycle once.
struct DefaultValueCycleCheck {
    let schema: Schema
    private var visitedFields = Set<String>()
    private var fieldPath: [(String, SourceRange?)] = []
    private var fieldPathIndex: [String: Int] = [:]
    private(set) var results: [(String, [SourceRange?])] = []

    init(schema: Schema) {
        self.schema = schema
    }

    /// Checks the defaults reachable from every field of `input` (an empty value for it).
    mutating func check(_ input: GraphQLInputObjectType) {
        checkFieldsMissing(from: [], of: input)
    }

    private mutating func checkFieldsMissing(from provided: [ObjectField], of input: GraphQLInputObjectType) {
        for field in input.fields {
            guard let fieldType = schema.inputObjectType(named: field.type.namedTypeName) else { continue }
            if let given = provided.last(where: { $0.name.value == field.name }) {
                checkLiteral(given.value, fieldType)
            } else if field.defaultValue != nil {
                checkField(field, fieldType, "\(input.name).\(field.name)")
            }
        }
    }

    private mutating func checkLiteral(_ value: Value, _ input: GraphQLInputObjectType) {
        switch value {
        case .list(let items, _):
            for item in items { checkLiteral(item, input) }
        case .object(let fields, _):
            checkFieldsMissing(from: fields, of: input)
        default:
            return
        }
    }

    private mutating func checkField(_ field: GraphQLInputValue, _ fieldType: GraphQLInputObjectType, _ fieldString: String) {
        guard let defaultValue = field.defaultValue else { return }
        if let cycleIndex = fieldPathIndex[fieldString] {
            let via = cycleIndex < fieldPath.count
                ? " via the default values of: " + fieldPath[cycleIndex...].map(\.0).joined(separator: ", ")
                : ""
            results.append(("Invalid circular reference. The default value of Input Object field \(fieldString) references itself\(via).", fieldPath[(cycleIndex - 1)...].map(\.1)))
            return
        }
        guard !visitedFields.contains(fieldString) else { return }
        visitedFields.insert(fieldString)
        fieldPath.append((fieldString, field.astNode?.defaultValue?.range))
        fieldPathIndex[fieldString] = fieldPath.count
        checkLiteral(defaultValue, fieldType)
        fieldPath.removeLast()
        fieldPathIndex[fieldString] = nil
    }
}
