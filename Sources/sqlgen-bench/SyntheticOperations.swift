import SQLGenLanguage
import SQLGenSchema

/// Writes varied, valid query operations over a schema (the GitHub schema for the `generate`
/// benchmark), deterministically: the same schema and count give the same text.
///
/// Each operation picks a root field of `Query` in turn (its required arguments become
/// variables), then selects leaf fields and up to two nested composite fields per level (depth 4),
/// with connection arguments (`first:`), inline fragments on possible types of interfaces and
/// unions (leaf fields only, so that no two fields with the same response key have different
/// types), and on every third operation a named fragment for the first nested object.
struct SyntheticOperations {
    struct Operation {
        var name: String
        var rootField: String
        var text: String
    }

    let schema: Schema
    private var random: SplitMix64

    /// The schema at `schemaPath` (assumed valid) and `count` operations over it.
    static func load(schemaPath: String, count: Int) throws -> (schema: Schema, operations: [Operation]) {
        let schema = try assumedValidSchema(schemaPath)
        var generator = SyntheticOperations(schema: schema)
        let operations = generator.make(count: count)
        guard operations.count == count else { throw BenchmarkError("the schema has no usable Query root field") }
        return (schema, operations)
    }

    init(schema: Schema, seed: UInt64 = 2026) {
        self.schema = schema
        random = SplitMix64(seed: seed)
    }

    /// `count` operations; empty when the schema has no usable root field.
    mutating func make(count: Int) -> [Operation] {
        guard let query = schema.queryType else { return [] }
        let roots = query.fields.filter { field in
            !field.isDeprecated && !field.name.hasPrefix("__") && field.arguments.allSatisfy { !$0.isRequired || isLeaf($0.type) }
        }
        guard !roots.isEmpty else { return [] }
        var operations: [Operation] = []
        for index in 0..<count {
            let root = roots[index % roots.count]
            operations.append(makeOperation(index: index, root: root))
        }
        return operations
    }

    private mutating func makeOperation(index: Int, root: GraphQLField) -> Operation {
        let name = upperFirst(root.name) + "Query\(index + 1)"
        var state = OperationState(useFragment: index % 3 == 0, variableFirst: index % 2 == 1, fragmentPrefix: name)
        var arguments: [String] = []
        for argument in root.arguments where argument.isRequired {
            state.variables.append("$\(argument.name): \(argument.type)")
            arguments.append("\(argument.name): $\(argument.name)")
        }
        var text = "query \(name)"
        let call = arguments.isEmpty ? root.name : "\(root.name)(\(arguments.joined(separator: ", ")))"
        var body = "  " + call
        if let type = schema.namedType(of: root.type), type.isComposite {
            body += " " + selectionSet(for: type, depth: 1, indent: "  ", state: &state)
        }
        if !state.variables.isEmpty { text += "(\(state.variables.joined(separator: ", ")))" }
        text += " {\n\(body)\n}\n"
        for fragment in state.fragments { text += "\n" + fragment }
        return Operation(name: name, rootField: root.name, text: text)
    }

    private struct OperationState {
        var useFragment: Bool
        var variableFirst: Bool
        var fragmentPrefix: String
        var variables: [String] = []
        var fragments: [String] = []
    }

    private static let maxDepth = 4

    /// `{ ... }` for a composite type; `indent` is the indentation of the line holding the field.
    private mutating func selectionSet(for type: GraphQLNamedType, depth: Int, indent: String, state: inout OperationState) -> String {
        let inner = indent + "  "
        var lines: [String] = []
        if type.isAbstract || depth == Self.maxDepth { lines.append("__typename") }
        // Response key → type, to keep fields in inline fragments compatible with each other.
        var keys: [String: String] = ["__typename": "String!"]
        let leaves = type.fields.filter { isSelectableLeaf($0) }
        if !leaves.isEmpty {
            let count = min(leaves.count, 2 + random.next(below: 5))
            for field in consecutive(leaves, count: count) {
                keys[field.name] = field.type.description
                lines.append(field.name)
            }
        }
        if depth < Self.maxDepth, !type.isAbstract || depth == 1 {
            let composites = type.fields.filter { isSelectableComposite($0) }
            if !composites.isEmpty {
                let count = min(composites.count, 1 + random.next(below: 2))
                for field in consecutive(composites, count: count) {
                    guard let fieldType = schema.namedType(of: field.type) else { continue }
                    keys[field.name] = field.type.description
                    lines.append(compositeField(field, type: fieldType, depth: depth, indent: inner, state: &state))
                }
            }
        }
        if type.isAbstract {
            let possible = schema.possibleTypes(of: type)
            if !possible.isEmpty {
                for object in consecutive(possible, count: min(2, possible.count)) {
                    let fields = object.fields.filter { field in
                        isSelectableLeaf(field) && (keys[field.name] == nil || keys[field.name] == field.type.description)
                    }.prefix(3)
                    guard !fields.isEmpty else { continue }
                    for field in fields { keys[field.name] = field.type.description }
                    lines.append("... on \(object.name) {\n" + fields.map { inner + "  " + $0.name }.joined(separator: "\n") + "\n\(inner)}")
                }
            }
        }
        if lines.isEmpty { lines.append("__typename") }
        return "{\n" + lines.map { inner + $0 }.joined(separator: "\n") + "\n\(indent)}"
    }

    /// `count` items in a row from a random start, wrapping around (`count` at most `items.count`).
    private mutating func consecutive<Item>(_ items: [Item], count: Int) -> [Item] {
        let start = random.next(below: items.count)
        return (0..<count).map { items[(start + $0) % items.count] }
    }

    private mutating func compositeField(_ field: GraphQLField, type: GraphQLNamedType, depth: Int, indent: String, state: inout OperationState) -> String {
        var call = field.name
        if let first = field.argument(named: "first"), first.type.namedTypeName == "Int", !first.type.isNonNull {
            if state.variableFirst {
                state.variableFirst = false
                state.variables.append("$first: Int")
                call += "(first: $first)"
            } else {
                call += "(first: \(5 + random.next(below: 20)))"
            }
        }
        if state.useFragment, case .object(let object) = type {
            state.useFragment = false
            let fragmentName = state.fragmentPrefix + object.name + "Fields"
            var selection = selectionSet(for: type, depth: depth + 1, indent: "", state: &state)
            state.fragments.append("fragment \(fragmentName) on \(object.name) \(selection)\n")
            selection = "{\n\(indent)  ...\(fragmentName)\n\(indent)}"
            return call + " " + selection
        }
        return call + " " + selectionSet(for: type, depth: depth + 1, indent: indent, state: &state)
    }

    private func isLeaf(_ type: GraphQLTypeRef) -> Bool {
        schema.namedType(of: type)?.isLeaf ?? false
    }

    /// A leaf field without required arguments.
    private func isSelectableLeaf(_ field: GraphQLField) -> Bool {
        !field.isDeprecated && !field.name.hasPrefix("__") && isLeaf(field.type) && !field.arguments.contains(where: \.isRequired)
    }

    /// A composite field without required arguments.
    private func isSelectableComposite(_ field: GraphQLField) -> Bool {
        guard !field.isDeprecated, !field.name.hasPrefix("__"), !field.arguments.contains(where: \.isRequired),
              let type = schema.namedType(of: field.type) else { return false }
        return type.isComposite
    }

    private func upperFirst(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// A small deterministic pseudo-random generator (SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
