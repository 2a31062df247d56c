import SQLGenLanguage
import SQLGenSchema

/// The build the benchmarks make their schemas with: the current GitHub schema has known schema
/// errors, and validating the schema is not what they measure.
let assumedValid = SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)

/// The GraphQL document in the file at `path`.
func parseFile(_ path: String) throws -> Document {
    try Parser.parse(Source(bytes: try readFile(path), name: path))
}

/// The schema the SDL file at `path` defines, built assumed valid.
func assumedValidSchema(_ path: String) throws -> Schema {
    SchemaBuilder.build(documents: [try parseFile(path)], options: assumedValid).schema
}

extension BenchmarkOptions {
    /// `--schema FILE`, by default the GitHub schema of the shared corpus.
    func schemaFile() throws -> String {
        guard let file = values["--schema"] ?? corpusFiles(["schemas/github-octokit/schema.graphql"]).first else {
            throw BenchmarkError("--schema FILE is needed (no shared corpus found)")
        }
        return file
    }
}

/// What `generate`, `lsp` and `decode-fixture` start from: `--operations N` synthetic operations
/// over `--schema FILE`, and the folder to write them into (`--folder DIR`).
struct SyntheticConnector {
    var count: Int
    var schemaPath: String
    var folder: String
    var schema: Schema
    var operations: [SyntheticOperations.Operation]

    /// `benchmark` names the default folder, `/tmp/sqlgen-bench-<benchmark>-<count>`.
    init(_ options: BenchmarkOptions, benchmark: String, defaultCount: Int) throws {
        count = try options.positiveInt("--operations", default: defaultCount)
        schemaPath = absolute(try options.schemaFile())
        folder = absolute(options.values["--folder"] ?? "/tmp/sqlgen-bench-\(benchmark)-\(count)")
        (schema, operations) = try SyntheticOperations.load(schemaPath: schemaPath, count: count)
    }
}
