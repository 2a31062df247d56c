import Testing
@testable import SQLGenCore

/// Schema names that Swift, Foundation or SQLConnect already use, and enum values named like the
/// members every generated enum has: the SDK spells them apart, so the package compiles and an
/// app that imports it keeps `Task`, `Result` and the rest as Swift means them.
@Suite struct SwiftNameClashTests {
    static func file(_ path: String) throws -> String {
        let schema = """
            enum Result { OK _UNKNOWN knownCases }
            enum Task { TODO }
            input Codable { result: Result, next: Codable }
            type Query { check(input: Codable, task: Task!): Result }
            """
        let ir = try GeneratorEdgeCaseTests.connector(schema: schema, operations: "query check($input: Codable, $task: Task!) { check(input: $input, task: $task) }")
        return SDKTranslator(connector: ir).files().first { $0.path == path }?.contents ?? ""
    }

    @Test func typesNamedLikeSwiftsOwnGetAnUnderscore() throws {
        let enums = try Self.file("Sources/EdgeEnums.swift")
        #expect(enums.contains("public enum Result_: RawRepresentable"), "\(enums)")
        #expect(enums.contains("public enum Task_: RawRepresentable"))
        let inputs = try Self.file("Sources/EdgeInputs.swift")
        #expect(inputs.contains("public struct Codable_:"), "\(inputs)")
        #expect(inputs.contains("public var result: Result_?") || inputs.contains("@OptionalVariable public var result: Result_?"), "\(inputs)")
        let operation = try Self.file("Sources/Operations/Operations.swift")
        #expect(operation.contains("task: Task_"), "\(operation)")
        #expect(operation.contains("public var check: Result_?"), "\(operation)")
        #expect(operation.contains("@OptionalVariable public var input: Codable_?"))
    }

    @Test func enumValuesNamedLikeTheEnumsOwnMembersGetAnUnderscore() throws {
        let enums = try Self.file("Sources/EdgeEnums.swift")
        #expect(enums.contains("case _UNKNOWN_\n"), "\(enums)")
        #expect(enums.contains("case knownCases_\n"))
        #expect(enums.contains("case _UNKNOWN(String)"))
        #expect(enums.contains("case \"_UNKNOWN\":\n            self = ._UNKNOWN_"))
        #expect(enums.contains("case ._UNKNOWN_:\n            return \"_UNKNOWN\""))
        #expect(enums.contains("public static let knownCases: [Result_] = [.OK, ._UNKNOWN_, .knownCases_]"))
        #expect(GeneratedNames.enumCase("_UNKNOWN") == "_UNKNOWN_" && GeneratedNames.enumCase("default") == "`default`")
    }
}

extension SwiftNameClashTests {
    /// The generated operation file `path` of a GraphQL-over-HTTP connector.
    static func graphQLOperationFile(_ path: String, schema: String, operations: String) throws -> String {
        let ir = try GeneratorEdgeCaseTests.connector(schema: schema, operations: operations, backend: .graphql)
        return SDKTranslator(connector: ir).files().first { $0.path == "Sources/Operations/" + path }?.contents ?? ""
    }

    /// A struct whose key fields are all selected gets a key property; a field of that name keeps it.
    @Test func aFieldNamedLikeTheKeyPropertyKeepsItsName() throws {
        let ir = try TableKeyTests.build("query books { books { id bookKey: title } }")
        let file = SDKTranslator(connector: ir).files().first { $0.path == "Sources/Operations/Operations.swift" }?.contents ?? ""
        #expect(file.contains("public var bookKey: String { self.__record.string(1) }"), "\(file)")
        #expect(file.contains("public var bookKey_: BookKey {"), "\(file)")
        #expect(file.contains("lhs.bookKey_ == rhs.bookKey_"), "\(file)")
    }
}

extension SwiftNameClashTests {
    /// An interface or union becomes an enum with a case per type; types whose names differ only
    /// in case would give one case twice.
    @Test func possibleTypesThatDifferOnlyInCaseGetTheirOwnCases() throws {
        let file = try Self.graphQLOperationFile("Operations.swift",
            schema: "type URLItem { a: String } type UrlItem { b: String } union Thing = URLItem | UrlItem type Query { things: [Thing] }",
            operations: "query things { things { ... on URLItem { a } ... on UrlItem { b } } }")
        #expect(file.contains("case urlItem(AsURLItem)\n"), "\(file)")
        #expect(file.contains("case urlItem_(AsUrlItem)\n"), "\(file)")
        #expect(file.contains("case \"UrlItem\":\n                    self = .urlItem_(try AsUrlItem(response: response))"), "\(file)")
    }
}

extension SwiftNameClashTests {
    /// Sibling fields of one type are told apart by their aliases; aliases that differ only in
    /// underscores or case would still give one struct name twice.
    @Test func aliasesThatDifferOnlyInUnderscoresGetStructsOfTheirOwn() throws {
        let file = try Self.graphQLOperationFile("Operations.swift", schema: "type Movie { id: ID, title: String } type Query { movies: [Movie] }",
                                                 operations: "query q { a_b: movies { id } aB: movies { title } AB: movies { id title } }")
        #expect(file.contains("public var a_b: [MovieAB?]?"), "\(file)")
        #expect(file.contains("public var aB: [MovieAB_?]?"))
        #expect(file.contains("public var AB: [MovieAB__?]?"))
        #expect(file.contains("public struct MovieAB_: ") && file.contains("public struct MovieAB__: "))
    }
}
