// Our expansion against the Data Connect service's own derived schemas: every type, field,
// argument, input field, enum value and directive argument the server derived must exist in ours
// with the same name and type. Deliberate differences are listed, each with its reason.

import Testing
import SQLGenLanguage
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

    @Test func allowListPatternsMatchAsGlobs() {
        let entry = AllowedDifference(pattern: "kind of *_Key: reference scalar, ours input", reason: "")
        #expect(entry.matches("kind of Movie_Key: reference scalar, ours input"))
        #expect(!entry.matches("kind of Movie_Data: reference scalar, ours input"))
        #expect(!entry.matches("kind of Movie_Key: reference scalar, ours input!"))
        #expect(AllowedDifference(pattern: "missing type ColDefault", reason: "").matches("missing type ColDefault"))
        #expect(!AllowedDifference(pattern: "missing type ColDefault", reason: "").matches("missing type ColDefaults"))
    }
}
