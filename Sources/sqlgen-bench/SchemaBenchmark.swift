import Foundation
import SQLGenLanguage
import SQLGenSchema

/// `sqlgen-bench schema [--runs N] [--json] FILE...`: building a schema from SDL.
///
/// For each file, the median of N runs (after 2 warm-up runs) of: parsing; `SchemaBuilder.build`
/// of the parsed document with the schema assumed valid (graphql-core's `build_ast_schema(doc,
/// assume_valid=True, assume_valid_sdl=True)`); the build with validation on (SDL rules and
/// type-system rules: `build_ast_schema(doc)` then `validate_schema`); and parse plus validated
/// build, end to end. Also the number of schema errors the validated build reports.
enum SchemaBenchmark {
    static let help = "build a schema from SDL, with and without validation: schema [--runs N] [--json] FILE..."

    struct Result: Codable {
        var file: String
        var bytes: Int
        var types: Int
        var parse: Timing
        /// Build with `assumeValidSDL` and `assumeValid`.
        var build: Timing
        /// Build with the SDL and type-system rules.
        var buildValidated: Timing
        /// Only the SDL rules (`SDLValidator`) and only the type-system rules (`SchemaValidator`).
        var sdlRules: Timing
        var typeSystemRules: Timing
        /// Parse and validated build.
        var parseAndBuildValidated: Timing
        var schemaErrors: Int
        var firstErrors: [String]
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments)
        let files = options.files.isEmpty ? corpusFiles(["schemas/github-octokit/schema.graphql", "schemas/saleor/schema.graphql"]) : options.files
        guard !files.isEmpty else { throw BenchmarkError("no files given") }
        var results: [Result] = []
        for file in files {
            results.append(try measureFile(file, runs: options.runs))
        }
        if options.json { return try printJSON(results) }
        print("\(options.runs) runs after 2 warm-up runs; median (minimum) of thread CPU time and of wall time")
        for result in results {
            print("\(result.file): \(result.bytes) bytes, \(result.types) types, \(result.schemaErrors) schema errors")
            print("  parse                         \(describe(result.parse))")
            print("  build (assumed valid)         \(describe(result.build))")
            print("  build with validation         \(describe(result.buildValidated))")
            print("    SDL rules only              \(describe(result.sdlRules))")
            print("    type-system rules only      \(describe(result.typeSystemRules))")
            print("  parse + build with validation \(describe(result.parseAndBuildValidated))")
            for message in result.firstErrors { print("    error: \(message)") }
        }
    }

    static func measureFile(_ file: String, runs: Int) throws -> Result {
        let source = Source(bytes: try readFile(file), name: file)
        let document = try Parser.parse(source)
        let assumed = SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)
        let parse = try measure(runs: runs) { () throws(GraphQLError) -> Document in try Parser.parse(source) }
        let build = measure(runs: runs) { SchemaBuilder.build(documents: [document], options: assumed) }
        let buildValidated = measure(runs: runs) { SchemaBuilder.build(documents: [document]) }
        let sdlRules = measure(runs: runs) { SDLValidator.validate(documents: [document]) }
        let schema = SchemaBuilder.build(documents: [document], options: assumed).schema
        let typeSystemRules = measure(runs: runs) { SchemaValidator.validate(schema) }
        let parseAndBuildValidated = try measure(runs: runs) { () throws(GraphQLError) -> SchemaBuildResult in
            SchemaBuilder.build(documents: [try Parser.parse(source)])
        }
        let errors = SchemaBuilder.build(documents: [document]).errors
        return Result(file: file, bytes: source.bytes.count, types: schema.typeNames.count, parse: parse, build: build,
                      buildValidated: buildValidated, sdlRules: sdlRules, typeSystemRules: typeSystemRules,
                      parseAndBuildValidated: parseAndBuildValidated, schemaErrors: errors.count,
                      firstErrors: errors.prefix(3).map(\.message))
    }
}
