// `graphql-validation`: the parser and the whole validation rule set together. Each input is
// parsed, validated against a GitHub schema of the corpus and a Data Connect schema (with the
// persisted-operation rules too), and, when it holds type definitions, built as a schema (SDL and
// Data Connect dialect). Mutations are grammar-aware (`GraphQLMutator`). Checks besides "no
// crash": printing a parsed document and parsing the print gives the same print again.

import SQLGenAEM
import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema

private let schemaFiles = [
    "Tests/SQLGenSchemaTests/Fixtures/schema/corpus/github-graphql-js-benchmark.graphql",
    "Tests/RealProjects/examples/data-connect-ios-sdk-friendlyflix/schema/schema.gql",
]

nonisolated(unsafe) private var schemas: [Schema] = []
nonisolated(unsafe) private var mutator = GraphQLMutator(vocabulary: [])

let graphQLValidationTarget = FuzzTarget(name: "graphql-validation", setUp: setUpValidation, run: fuzzValidation) { bytes, maxSize, seed in
    mutator.mutate(&bytes, maxSize: maxSize, seed: seed)
}

private func setUpValidation() {
    let texts = schemaFiles.map(repositoryFile)
    let documents = texts.enumerated().map { index, text in
        guard let document = try? Parser.parse(Source(text, name: schemaFiles[index])) else { fatalError("sqlgen-fuzzer: \(schemaFiles[index]) does not parse") }
        return document
    }
    let built = [SchemaBuilder.build(documents: [documents[0]]), DataConnectDialect.buildSchema([documents[1]])]
    for (index, result) in built.enumerated() where !result.isValid {
        fatalError("sqlgen-fuzzer: \(schemaFiles[index]): \(result.errors.first?.message ?? "")")
    }
    schemas = built.map(\.schema)
    // The Data Connect schema's names first: the expanded schema has the generated fields too.
    mutator = GraphQLMutator(vocabulary: GraphQLMutator.names(in: [texts[1], Printer.print(DataConnectDialect.expand([documents[1]]).document)]) +
        GraphQLMutator.names(in: [texts[0]], limit: 1500))
}

private func fuzzValidation(_ bytes: [UInt8]) {
    let source = Source(bytes: bytes, name: "fuzz.graphql", id: SourceID(7))
    guard let document = try? Parser.parse(source) else { return }
    checkPrintStable(document)
    var hasTypes = false
    var hasOperations = false
    for definition in document.definitions {
        if case .operation = definition { hasOperations = true } else if case .fragment = definition { hasOperations = true } else { hasTypes = true }
    }
    if hasOperations || !hasTypes {
        for schema in schemas {
            _ = validate(schema: schema, document: document)
            _ = validate(schema: schema, documents: [document, document], rules: DataConnectDialect.operationRules)
        }
    }
    if hasTypes {
        _ = SchemaBuilder.build(documents: [document])
        _ = DataConnectDialect.buildSchema([document])
        _ = AEMDialect.buildSchema([document])
    }
}

private func checkPrintStable(_ document: Document) {
    let printed = Printer.print(document)
    guard let reparsed = try? Parser.parse(Source(printed)) else {
        preconditionFailure("the printed document does not parse:\n\(printed)")
    }
    precondition(Printer.print(reparsed) == printed, "printing the reparsed document differs:\n\(printed)")
}
