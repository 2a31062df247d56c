import SQLGenLanguage
import SQLGenSchema
import Testing

/// Every rule that follows fragment spreads, fed fragment cycles of each shape and chains far past
/// the nesting limit, on a small stack: validation answers with errors and never overflows.
@Suite struct ValidationRecursionTests {
    private static let sdl = """
    schema { query: Query mutation: Mutation subscription: Subscription }
    type Query { t: T a: Int list: [T] }
    type Mutation { t: T a: Int list: [T] }
    type Subscription { t: T a: Int list: [T] }
    type T { t: T a: Int b: String list: [T] }
    directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @stream(label: String, if: Boolean! = true, initialCount: Int = 0) on FIELD
    """

    private static func messages(_ document: String) throws -> [String] {
        let schema = try ValidationHarness.buildSchema(sdl)
        let parsed = try Parser.parse(Source(document))
        return onSmallStack { validate(schema: schema, document: parsed).map(\.message) }
    }

    @Test(arguments: ["query", "mutation", "subscription"])
    func selfSpreadAtTheRootIsACycleError(operation: String) throws {
        let root = operation.prefix(1).uppercased() + operation.dropFirst()
        let errors = try Self.messages("\(operation) { ...A } fragment A on \(root) { ...A }")
        #expect(errors.contains("Cannot spread fragment \"A\" within itself."))
    }

    @Test(arguments: ["mutation", "subscription"])
    func deferredSpreadCycleAtTheRootIsReported(operation: String) throws {
        let root = operation.prefix(1).uppercased() + operation.dropFirst()
        let document = "\(operation) { ...A @defer } fragment A on \(root) { ...B @defer } fragment B on \(root) { ...A list @stream { a } }"
        let errors = try Self.messages(document)
        #expect(errors.contains("Cannot spread fragment \"A\" within itself via \"B\"."))
        #expect(errors.contains("Defer directive cannot be used on root \(operation) type \"\(root)\"."))
        #expect(errors.contains("Stream directive cannot be used on root \(operation) type \"\(root)\"."))
    }

    @Test func cyclesThroughFieldsAndInlineFragmentsAreReported() throws {
        let document = """
        query Q($v: Int) { t { ...A } ...C }
        fragment A on T { t { ... on T { ...B } } list @stream { a } }
        fragment B on T { x: a ...A }
        fragment C on Query { x: t { a } ...D }
        fragment D on Query { x: a ...C }
        """
        let errors = try Self.messages(document)
        #expect(errors.contains("Cannot spread fragment \"A\" within itself via \"B\"."))
        #expect(errors.contains("Cannot spread fragment \"C\" within itself via \"D\"."))
    }

    @Test func introspectionCyclesEnd() throws {
        let document = "{ __schema { types { ...A } } } fragment A on __Type { fields { type { ...A } } ofType { ...A } }"
        let errors = try Self.messages(document)
        #expect(errors.contains("Cannot spread fragment \"A\" within itself."))
    }

    @Test func variablesUsedInsideCyclesAreChecked() throws {
        let document = "query Q($s: String) { ...A } fragment A on Query { t { ...B } } fragment B on T { list(x: $s) { ...B } t { a(y: $u) } }"
        let errors = try Self.messages(document)
        #expect(errors.contains("Cannot spread fragment \"B\" within itself."))
        #expect(errors.contains("Variable \"$u\" is not defined by operation \"Q\"."))
    }

    /// A chain of 100,000 fragments, each spread inside the previous one's field, and one of
    /// spreads that add no selection set at all.
    @Test(arguments: ["t { ...F%next }", "...F%next"])
    func fragmentChainsPastTheLimitAreRefused(link: String) throws {
        let count = 100_000
        var document = "{ t { ...F0 } }\n"
        for index in 0..<count {
            let body = index + 1 < count ? link.replacingOccurrences(of: "%next", with: String(index + 1)) : "a"
            document += "fragment F\(index) on T { \(body) }\n"
        }
        #expect(try Self.messages(document) == ["Fragments nest selections more than 1000 levels deep. Validation aborted."])
    }

    /// Just under the limit, every rule runs over the whole chain on a small stack.
    @Test func fragmentChainUnderTheLimitIsValidatedOnASmallStack() throws {
        let count = 490
        var document = "{ t { ...F0 ...G0 } }\n"
        for prefix in ["F", "G"] {
            for index in 0..<count {
                let body = index + 1 < count ? "t { ...\(prefix)\(index + 1) }" : (prefix == "F" ? "a" : "a: b")
                document += "fragment \(prefix)\(index) on T { \(body) }\n"
            }
        }
        let errors = try Self.messages(document)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Fields \"t\" conflict because subfields \"t\" conflict") == true)
    }
}
