import Testing
@testable import SQLGenCore

@Suite struct SDKTranslatorTests {
    @Test func moviesPackageMatchesReference() throws {
        let files = SDKTranslator(connector: MoviesIRFixture.connector).files()
        try GoldenFiles.check(files, against: "movies-ir")
    }

    @Test func outputIsDeterministic() {
        let first = SDKTranslator(connector: MoviesIRFixture.connector).files()
        let second = SDKTranslator(connector: MoviesIRFixture.connector).files()
        #expect(first == second)
    }

    @Test func requiredVariablesAreLabelledAndOptionalOnesGoInTheClosure() {
        let files = SDKTranslator(connector: MoviesIRFixture.connector).files()
        let query = files.first { $0.path == "Sources/Operations/ListMoviesByGenreQuery.swift" }?.contents ?? ""
        #expect(query.contains("public func execute(fetchPolicy: QueryFetchPolicy = .preferCache, genre: String, isolation: isolated (any Actor)? = #isolation, _ optionalVariables: ((inout Variables) -> Void)? = nil) async throws -> OperationResult<Data>"))
        #expect(query.contains("public func ref(genre: String, _ optionalVariables: ((inout Variables) -> Void)? = nil) -> Ref"))
        #expect(query.contains("public init(genre: String, _ optionalVariables: ((inout Variables) -> Void)? = nil)"))
        #expect(query.contains("@OptionalVariable public var limit: Int?"))
        #expect(!query.contains("@MainActor"))
    }

    @Test func enumsHaveAnUnknownCase() {
        let files = SDKTranslator(connector: MoviesIRFixture.connector).files()
        let enums = files.first { $0.path == "Sources/MoviesEnums.swift" }?.contents ?? ""
        #expect(enums.contains("case _UNKNOWN(String)"))
        #expect(enums.contains("self = ._UNKNOWN(rawValue)"))
    }

    @Test("Variables named like what generated bodies call, or like keywords, get inner names")
    func variablesDoNotShadowGeneratedNames() {
        let names = ["ref", "Data", "variables", "where", "self", "genre"]
        let mutation = OperationIR(
            name: "place", kind: .mutation,
            variables: names.map { VariableIR(name: $0, type: MoviesIRFixture.string, isRequired: true) },
            data: SelectionSetIR(structName: "Data", typeName: "Mutation", fields: []),
            document: "mutation place { __typename }")
        let connector = ConnectorIR(connectorID: "c", packageName: "C", operations: [mutation])
        let file = SDKTranslator(connector: connector).operationFile(mutation).contents
        #expect(file.contains("public func execute(ref _ref: String, Data _Data: String, variables _variables: String, where _where: String, self _self: String, genre: String) async throws"))
        #expect(file.contains("try await self.ref(ref: _ref, Data: _Data, variables: _variables, where: _where, self: _self, genre: genre).execute()"))
        #expect(file.contains("self.`where` = _where"))
        #expect(file.contains("public var `self`: String"))
    }
}
