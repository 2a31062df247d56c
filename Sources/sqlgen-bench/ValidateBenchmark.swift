import Foundation
import SQLGenLanguage
import SQLGenSchema

/// `sqlgen-bench validate [--runs N] [--json] [--min-operations N] --schema FILE OPS...`:
/// validating operations with all the specified rules.
///
/// The schema is built once, assumed valid (the current GitHub schema has known schema errors).
/// The operation files (files or folders of `.graphql`/`.gql`) are parsed once; one run validates
/// each document on its own, the whole list repeated until at least `--min-operations` (1,000)
/// operations have been validated. Reports the median run per 1,000 operations and as
/// operations per second, and every validation error (a valid corpus gives none).
enum ValidateBenchmark {
    static let help = "validate operations: validate [--runs N] [--json] [--min-operations N] --schema FILE OPS..."

    struct Result: Codable {
        var schema: String
        var files, bytes: Int
        /// Operations in one pass over the files, passes per run, and operations per run.
        var operationsPerPass, passes, operations: Int
        var validate, parseAndValidate: Timing
        /// From the median CPU and wall time.
        var cpuMsPer1000, wallMsPer1000, operationsPerSecond: Double
        var errors: [String]
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--schema", "--min-operations"])
        let minimum = try options.positiveInt("--min-operations", default: 1000)
        let schemaFile = try options.schemaFile()
        let inputs = options.files.isEmpty ? corpusFiles(["operations/github-apollo-ios", "operations/github-bors"]) : options.files
        let files = inputs.flatMap(graphQLFiles(under:))
        guard !files.isEmpty else { throw BenchmarkError("no operation files given") }

        let schema = try assumedValidSchema(schemaFile)
        let sources = try files.map { Source(bytes: try readFile($0), name: $0) }
        let documents = try sources.map { try Parser.parse($0) }
        let operationsPerPass = documents.reduce(0) { count, document in
            count + document.definitions.filter { if case .operation = $0 { return true } else { return false } }.count
        }
        guard operationsPerPass > 0 else { throw BenchmarkError("the files hold no operations") }
        let passes = (minimum + operationsPerPass - 1) / operationsPerPass
        let errors = validationErrors(schema: schema, sources: sources, documents: documents)
        let validateTiming = measure(runs: options.runs) { () -> Int in
            var count = 0
            for _ in 0..<passes {
                for document in documents { count += validate(schema: schema, document: document, rules: specifiedRules).count }
            }
            return count
        }
        let parseAndValidate = try measure(runs: options.runs) { () throws(GraphQLError) -> Int in
            var count = 0
            for _ in 0..<passes {
                for source in sources { count += validate(schema: schema, document: try Parser.parse(source), rules: specifiedRules).count }
            }
            return count
        }
        let operations = passes * operationsPerPass
        let result = Result(
            schema: schemaFile, files: files.count, bytes: sources.reduce(0) { $0 + $1.bytes.count },
            operationsPerPass: operationsPerPass, passes: passes, operations: operations,
            validate: validateTiming, parseAndValidate: parseAndValidate,
            cpuMsPer1000: validateTiming.cpuMedian * 1000 * 1000 / Double(operations),
            wallMsPer1000: validateTiming.wallMedian * 1000 * 1000 / Double(operations),
            operationsPerSecond: Double(operations) / validateTiming.cpuMedian, errors: errors)
        try printResult(result, options) {
            print("\(files.count) files (\(result.bytes) bytes, \(operationsPerPass) operations) x \(passes) = \(operations) operations against \(schemaFile)")
            print("  validate            \(describe(validateTiming))")
            print("  parse + validate    \(describe(parseAndValidate))")
            print("  per 1,000 operations: CPU \(format(result.cpuMsPer1000, decimals: 2)) ms, wall \(format(result.wallMsPer1000, decimals: 2)) ms; \(format(result.operationsPerSecond, decimals: 0)) operations/s (CPU)")
            print("  validation errors: \(errors.count)")
            for error in errors.prefix(20) { print("    \(error)") }
        }
    }

    /// `file:line:column: message` for each validation error (the corpus should have none).
    static func validationErrors(schema: Schema, sources: [Source], documents: [Document]) -> [String] {
        zip(sources, documents).flatMap { source, document in
            validate(schema: schema, document: document, rules: specifiedRules).map { error in
                let location = error.locations(in: source).first.map { ":\($0.line):\($0.column)" } ?? ""
                return "\(source.name)\(location): \(error.message)"
            }
        }
    }
}
