import SQLGenLanguage
import SQLGenSchema
import Testing

/// Errors that have no location (validation gave up on a document) still name the operations
/// document they concern, never the schema or another file.
@Suite struct ErrorSourceTests {
    private let schemaSource = Source("type Query { dog: Dog }\ntype Dog { name: String mother: Dog }\n", name: "schema.graphql", id: SourceID(1))
    private let schema: Schema

    init() throws {
        schema = try ValidationHarness.buildSchema([schemaSource])
    }

    /// Fragments F0 ... F(count - 1), each spreading the next.
    private static func chain(_ count: Int) -> String {
        (0..<count).map { index in
            index + 1 < count ? "fragment F\(index) on Dog { mother { ...F\(index + 1) } }" : "fragment F\(index) on Dog { name }"
        }.joined(separator: "\n")
    }

    private func files(_ errors: [GraphQLError], _ operations: [Source]) -> [String?] {
        errors.map { Diagnostic.from($0, sources: [schemaSource] + operations)[0].file }
    }

    @Test func tooDeepFragmentsNameTheirDocument() throws {
        let operations = Source("{ dog { ...F0 } }\n" + Self.chain(1_001), name: "ops.graphql", id: SourceID(2))
        let errors = validate(schema: schema, document: try Parser.parse(operations))
        #expect(errors.map(\.message) == ["Fragments nest selections more than 1000 levels deep. Validation aborted."])
        #expect(errors.first?.ranges.isEmpty == true)
        #expect(files(errors, [operations]) == ["ops.graphql"])
    }

    /// Validated together, the file that holds the too-deep fragments is named.
    @Test func tooDeepFragmentsNameTheirFileAmongSeveral() throws {
        let first = Source("query A { dog { name } }\n", name: "a.graphql", id: SourceID(2))
        let second = Source(Self.chain(1_001) + "\nquery Deep { dog { ...F0 } }\n", name: "b.graphql", id: SourceID(3))
        let errors = validate(schema: schema, documents: [try Parser.parse(first), try Parser.parse(second)])
        #expect(errors.count == 1)
        #expect(files(errors, [first, second]) == ["b.graphql"])
    }

    /// The error limit's message names the file validation stopped in.
    @Test func tooManyErrorsNameTheFileValidationStoppedIn() throws {
        let first = Source("query A { dog { name } }\n", name: "a.graphql", id: SourceID(2))
        let fields = (0..<150).map { "unknown\($0)" }.joined(separator: " ")
        let second = Source("query B { \(fields) }\n", name: "b.graphql", id: SourceID(3))
        let errors = validate(schema: schema, documents: [try Parser.parse(first), try Parser.parse(second)])
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(files(errors, [first, second]).last == "b.graphql")
    }
}
