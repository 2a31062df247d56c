// Our expansion against the Data Connect service's own derived schemas: every type, field,
// argument, input field, enum value and directive argument the server derived must exist in ours
// with the same name and type. Deliberate differences are listed, each with its reason.

import Testing
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

@Suite struct DataConnectReferenceTests {
    /// Compares our expansion of `project`'s schema with the server's; returns the unexplained
    /// differences and the allow-list entries that matched nothing.
    private func compare(project: String, allowed: [AllowedDifference]) throws -> (unexplained: [String], unused: [String], compared: Int) {
        let user = try DataConnectFixtures.schema(of: project)
        let expansion = DataConnectDialect.expand(user)
        #expect(expansion.errors.map(\.message) == [])
        let reference = SchemaShape(try DataConnectFixtures.serverSchema(of: project) + user)
        let differences = SchemaShape([expansion.document]).differences(from: reference)
        let unexplained = differences.filter { difference in !allowed.contains { $0.matches(difference) } }
        let unused = allowed.filter { entry in !differences.contains { entry.matches($0) } }.map(\.pattern)
        let compared = reference.fields.values.reduce(0) { $0 + $1.count } + reference.arguments.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
        return (unexplained, unused, compared)
    }

    @Test func friendlyFlixMatchesTheServerSchema() throws {
        let result = try compare(project: "data-connect-ios-sdk-friendlyflix", allowed: [])
        #expect(result.unexplained == [])
        #expect(result.compared > 700)
    }

    /// The early-2024 toolkit generated an older shape; we derive the 2024-11 shape.
    static let olderToolkitDifferences = [
        AllowedDifference(pattern: "kind of *_Key: reference scalar, ours input",
                          reason: "the 2024-11 toolkit turned the `T_Key` scalars into input objects"),
        AllowedDifference(pattern: "type of Mutation.*: reference *_Key*, ours *_KeyOutput*",
                          reason: "mutations now return `T_KeyOutput` (same wire shape as the old `T_Key` scalar)"),
        AllowedDifference(pattern: "missing type ColDefault", reason: "deprecated then, removed by 2024-11 (with `@default(generate:)`)"),
        AllowedDifference(pattern: "missing argument @default(generate:)", reason: "deprecated then, removed by 2024-11"),
        AllowedDifference(pattern: "missing type TimestampInterval", reason: "deprecated then (replaced by `Timestamp_Interval`), removed by 2024-11"),
    ]

    @Test func quickstart2024MatchesTheServerSchemaExceptNewerShapes() throws {
        let result = try compare(project: "quickstart-js-2024-generated", allowed: Self.olderToolkitDifferences)
        #expect(result.unexplained == [])
        #expect(result.unused == [])
        #expect(result.compared > 400)
    }

    /// compass-web's `.dataconnect/schema` came from the same early-2024 toolkit (v1alpha): its
    /// Vector similarity fields, composite keys and `Place_Key` references must match all the same.
    @Test func compassMatchesTheServerSchemaExceptNewerShapes() throws {
        let result = try compare(project: "realworld/compass-web", allowed: Self.olderToolkitDifferences)
        #expect(result.unexplained == [])
        #expect(result.unused == [])
        #expect(result.compared > 400)
    }

    @Test func shapeDifferencesCoverTypesArgumentsDefaultsAndLocations() throws {
        let reference = SchemaShape([try Parser.parse(Source("""
        type Query { a(limit: Int = 100, x: Int): [String!]! b: Int }
        input F { count: Int = 1 }
        enum E { A B }
        directive @d(x: Int) repeatable on FIELD | QUERY
        """))])
        let ours = SchemaShape([try Parser.parse(Source("""
        type Query { a(limit: Int = 10, x: String): [String!] }
        input F { count: Int }
        enum E { A }
        directive @d(x: Int) on FIELD
        """))])
        #expect(ours.differences(from: reference) == [
            "missing enum value E.B",
            "type of Query.a: reference [String!]!, ours [String!]",
            "type of Query.a(x:): reference Int, ours String",
            "missing field Query.b",
            "missing location @d on QUERY",
            "missing location @d on repeatable",
            "default of F.count: reference 1, ours none",
            "default of Query.a(limit:): reference 100, ours 10",
        ])
        #expect(reference.differences(from: reference) == [])
    }

    @Test func allowListPatternsMatchAsGlobs() {
        let entry = AllowedDifference(pattern: "kind of *_Key: reference scalar, ours input", reason: "")
        #expect(entry.matches("kind of Movie_Key: reference scalar, ours input"))
        #expect(!entry.matches("kind of Movie_Data: reference scalar, ours input"))
        #expect(!entry.matches("kind of Movie_Key: reference scalar, ours input!"))
        #expect(AllowedDifference(pattern: "missing type ColDefault", reason: "").matches("missing type ColDefault"))
        #expect(!AllowedDifference(pattern: "missing type ColDefault", reason: "").matches("missing type ColDefaults"))
    }
}
