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
    static let help = "build a schema from SDL, with and without validation: schema [--runs N] [--json] [--only build|build-touch|build-validated] FILE..."

    struct Result: Codable {
        var file: String
        var bytes, types: Int
        var parse: Timing
        /// Build with `assumeValidSDL` and `assumeValid`, and with the SDL and type-system rules.
        var build, buildValidated: Timing
        /// Only the SDL rules (`SDLValidator`) and only the type-system rules (`SchemaValidator`).
        var sdlRules, typeSystemRules: Timing
        /// Parse and validated build.
        var parseAndBuildValidated: Timing
        var schemaErrors: Int
        var firstErrors: [String]
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--only"])
        let files = options.files.isEmpty ? corpusFiles(["schemas/github-octokit/schema.graphql", "schemas/saleor/schema.graphql"]) : options.files
        guard !files.isEmpty else { throw BenchmarkError("no files given") }
        if let only = options.values["--only"] {
            return try runOnly(only, files: files, runs: options.runs)
        }
        var results: [Result] = []
        for file in files {
            results.append(try measureFile(file, runs: options.runs))
        }
        try printResult(results, options) {
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
    }

    /// `--only build`: only the assumed-valid build, `runs` times (for instruction counts under
    /// callgrind, where the other measurements would drown it). `--only build-touch`: that build,
    /// then every field of every object, interface and input object looked up by name once, so
    /// that work a build leaves for first use is counted too. `--only build-validated`: only the
    /// build with the SDL and type-system rules.
    static func runOnly(_ what: String, files: [String], runs: Int) throws {
        let touch: Bool
        switch what {
        case "build": touch = false
        case "build-touch": touch = true
        case "build-validated":
            for file in files {
                let document = try parseFile(file)
                let timing = measure(runs: runs, warmUp: 0) { validatedBuild(document) }
                print("\(file): build with validation \(describe(timing))")
            }
            return
        default: throw BenchmarkError("--only takes build, build-touch or build-validated")
        }
        for file in files {
            let document = try parseFile(file)
            var found = 0
            let timing = measure(runs: runs, warmUp: 0) { () -> Schema in
                let schema = assumedValidBuild(document, options: assumedValid)
                if touch { found += touchFields(schema) }
                return schema
            }
            print("\(file): build\(touch ? " + field lookups (\(found / runs) found per run)" : "") \(describe(timing))")
        }
    }

    /// One build, in a function of its own so that `valgrind --tool=callgrind
    /// --toggle-collect='*assumedValidBuild*'` counts it alone (not the freeing of the previous schema).
    @inline(never)
    static func assumedValidBuild(_ document: Document, options: SchemaBuildOptions) -> Schema {
        SchemaBuilder.build(documents: [document], options: options).schema
    }

    /// The build with the SDL and type-system rules (for callgrind, as `assumedValidBuild`).
    @inline(never)
    static func validatedBuild(_ document: Document) -> SchemaBuildResult {
        SchemaBuilder.build(documents: [document])
    }

    /// Looks up every field of every object, interface and input object by name; returns how many
    /// were found (a function of its own, so that callgrind can count it with the build).
    @inline(never)
    static func touchFields(_ schema: Schema) -> Int {
        var found = 0
        for type in schema.typeMap.types {
            switch type {
            case .object, .interface:
                for field in type.fields where type.field(named: field.name) != nil { found += 1 }
            case .inputObject(let input):
                for field in input.fields where input.field(named: field.name) != nil { found += 1 }
            case .enumType(let enumType):
                for value in enumType.values where enumType.value(named: value.name) != nil { found += 1 }
            default:
                break
            }
        }
        return found
    }

    static func measureFile(_ file: String, runs: Int) throws -> Result {
        let source = Source(bytes: try readFile(file), name: file)
        let document = try Parser.parse(source)
        let parse = try measure(runs: runs) { () throws(GraphQLError) -> Document in try Parser.parse(source) }
        let build = measure(runs: runs) { SchemaBuilder.build(documents: [document], options: assumedValid) }
        let buildValidated = measure(runs: runs) { SchemaBuilder.build(documents: [document]) }
        let sdlRules = measure(runs: runs) { SDLValidator.validate(documents: [document]) }
        let schema = SchemaBuilder.build(documents: [document], options: assumedValid).schema
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
