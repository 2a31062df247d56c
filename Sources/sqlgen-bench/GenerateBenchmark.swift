import Foundation
import SQLGenLanguage
import SQLGenSchema
@_spi(Benchmarks) import SQLGenCore

/// `sqlgen-bench generate [--runs N] [--json] [--operations N] [--schema FILE] [--folder DIR]
/// [--sqlconnect PATH] [--floor DIR] [--only session]`: the code generator end to end on a synthetic
/// connector.
///
/// Writes N (500) synthetic query operations over the schema (default: the current GitHub schema
/// of the shared corpus) and a `connector.yaml` into the folder (default
/// `/tmp/sqlgen-bench-generate-N`, replaced), then times `GeneratorPipeline.run(configPath:)`:
/// the first run (every file written), a run with nothing changed, and a run after one operation
/// file changed (the file is rewritten before each timed run; the change alternates, so every
/// run regenerates one operation's group file), the same through a `GeneratorSession`, and the first run and
/// the one-file change of fresh processes with a `GenerationCache` (the CLI's default: each run
/// starts from the record the previous one kept). Also times the pipeline's stages one by one and counts
/// the generated lines per operation. `--floor DIR` also writes the SDK's types-only floor package
/// there (what `benchmarks/compile-generated.sh` compiles beside the SDK).
enum GenerateBenchmark {
    static let help = "generate a synthetic connector: generate [--runs N] [--json] [--operations N] [--schema FILE] [--folder DIR] [--sqlconnect PATH] [--floor DIR] [--only session|session-unwatched]"

    /// The pipeline's stages, in order.
    struct Stages: Codable {
        var readAndParseSchema, buildSchema: Timing
        var readAndParseOperations, validateOperations: Timing
        var buildIR, translate, compareWithDisk: Timing
    }

    struct Result: Codable {
        var folder: String
        var operations: Int
        var operationBytes: Int
        var validationErrors: [String]
        var firstRun, unchanged, oneFileChanged: Timing
        var filesWrittenAfterChange: Int
        /// As `oneFileChanged`, through a `GeneratorSession` told what changed (what `--watch`
        /// runs on Linux), and looking at every file (`--watch` elsewhere).
        var oneFileChangedSession, oneFileChangedSessionUnwatched: Timing
        /// As `firstRun` and `oneFileChanged`, with a `GenerationCache` (what `sqlgen generate` runs).
        var firstRunRecorded, oneFileChangedRecorded: Timing
        var stages: Stages
        var generatedFiles: Int
        var generatedSwiftLines: Int
        var linesPerOperation: Double
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--operations", "--schema", "--folder", "--sqlconnect", "--floor", "--only"])
        let connector = try SyntheticConnector(options, benchmark: "generate", defaultCount: 500)
        let folder = connector.folder
        let sqlConnect = absolute(options.values["--sqlconnect"] ?? FileManager.default.currentDirectoryPath)
        let files = try writeConnector(connector.operations, folder: folder, schemaPath: connector.schemaPath, sqlConnect: sqlConnect)
        let configPath = folder + "/connector.yaml"
        if let only = options.values["--only"], only.hasPrefix("session") {
            return try runSessionOnly(configPath: configPath, changedFile: files[files.count / 2], runs: options.runs, watched: only != "session-unwatched")
        }

        let (sources, documents) = try parseAndCheck(files, schema: connector.schema)
        let edit = try AlternatingEdit(file: files[files.count / 2])
        let runs = try measureRuns(configPath: configPath, folder: folder, edit: edit, runs: options.runs)
        if let floor = options.values["--floor"] {
            let validated = try ValidatedOperations.validate(documents, sources: sources, schema: connector.schema, rules: specifiedRules)
            try writeFloor(to: absolute(floor), operations: validated, schema: connector.schema, sdk: folder + "/out/GitHubSDK")
        }
        let stages = try measureStages(schemaPath: connector.schemaPath, files: files, folder: folder, runs: options.runs)
        let generated = try generatedLines(folder + "/out/GitHubSDK")
        let result = Result(
            folder: folder, operations: connector.count, operationBytes: sources.reduce(0) { $0 + $1.bytes.count },
            validationErrors: [], firstRun: runs.firstRun, unchanged: runs.unchanged, oneFileChanged: runs.oneFileChanged,
            filesWrittenAfterChange: runs.written, oneFileChangedSession: runs.session, oneFileChangedSessionUnwatched: runs.sessionUnwatched,
            firstRunRecorded: runs.firstRunRecorded, oneFileChangedRecorded: runs.oneFileChangedRecorded, stages: stages, generatedFiles: generated.files,
            generatedSwiftLines: generated.lines, linesPerOperation: Double(generated.lines) / Double(connector.count))
        try printResult(result, options) {
            print("\(connector.count) operations (\(result.operationBytes) bytes) in \(folder), schema \(connector.schemaPath)")
            printReport(result)
        }
    }

    /// `--only session`: the one-file-changed runs of a session alone, for profilers
    /// (`valgrind --tool=callgrind`), after one first run; `--only session-unwatched`: the same
    /// runs not told what changed.
    static func runSessionOnly(configPath: String, changedFile: String, runs: Int, watched: Bool) throws {
        let edit = try AlternatingEdit(file: changedFile)
        let session = GeneratorSession(configPath: configPath)
        let timing = try measureSession(session, edit: edit, runs: runs, watched: watched)
        try edit.restore()
        print("one file changed (session\(watched ? "" : ", unwatched"))  \(describe(timing))")
    }

    /// The outcome, or an error with its diagnostics when the pipeline reported errors.
    static func checked(_ outcome: GeneratorPipeline.Outcome) throws -> GeneratorPipeline.Outcome {
        guard !outcome.hasErrors else {
            throw BenchmarkError("generation failed:\n" + outcome.diagnostics.prefix(20).map { $0.rendered() }.joined(separator: "\n"))
        }
        return outcome
    }

    /// Replaces `folder` with the operations (`ops/<root field>/<name>.graphql`) and a
    /// connector.yaml; returns the operation files in order.
    static func writeConnector(_ operations: [SyntheticOperations.Operation], folder: String, schemaPath: String, sqlConnect: String) throws -> [String] {
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        var files: [String] = []
        for operation in operations {
            let directory = folder + "/ops/" + operation.rootField
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/" + operation.name + ".graphql"
            try Data(operation.text.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let config = """
        # Synthetic connector written by `sqlgen-bench generate`.
        connectorId: github
        generate:
          swiftSdk: {outputDir: out, package: GitHubSDK}
        sqlgen:
          schema: \(schemaPath)
          operations: [ops]
          backend: graphql
          endpoint: https://api.github.com/graphql
          # The public GitHub schema has known schema errors.
          assumeValidSchema: true
          sqlConnect: {path: \(sqlConnect)}

        """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/connector.yaml"))
        return files
    }

    /// The types-only floor of the generated SDK (`SDKTranslator.resultTypeFiles(.typesOnly)`) as a package in
    /// `directory` (replaced), with the SDK's manifest.
    static func writeFloor(to directory: String, operations: ValidatedOperations, schema: Schema, sdk: String) throws {
        let info = IRBuilder.ConnectorInfo(connectorID: "github", packageName: "GitHubSDK", backend: .graphql)
        let ir = IRBuilder(schema: schema).build(info, operations: operations)
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        let manifest = GeneratedFile(path: "Package.swift", contents: try String(contentsOfFile: sdk + "/Package.swift", encoding: .utf8))
        for file in [manifest] + SDKTranslator(connector: ir).resultTypeFiles(.typesOnly) {
            let url = URL(fileURLWithPath: directory + "/" + file.path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }

    /// The pipeline's stages, run one by one on the same input with the public API.
    static func measureStages(schemaPath: String, files: [String], folder: String, runs: Int) throws -> Stages {
        let readAndParseSchema = try measure(runs: runs) { try parseFile(schemaPath) }
        let schemaDocument = try parseFile(schemaPath)
        let buildSchema = measure(runs: runs) { SchemaBuilder.build(documents: [schemaDocument], options: assumedValid) }
        let schema = SchemaBuilder.build(documents: [schemaDocument], options: assumedValid).schema
        let readAndParseOperations = try measure(runs: runs) { try files.map(parseFile) }
        let sources = try files.enumerated().map { Source(bytes: try readFile($1), name: $1, id: SourceID(UInt32($0 + 1))) }
        let documents = try sources.map { try Parser.parse($0) }
        let validateOperations = measure(runs: runs) { validate(schema: schema, documents: documents) }
        let validated = try ValidatedOperations.validate(documents, sources: sources, schema: schema, rules: specifiedRules)
        let builder = IRBuilder(schema: schema)
        let info = IRBuilder.ConnectorInfo(connectorID: "github", packageName: "GitHubSDK")
        let buildIR = measure(runs: runs) { builder.build(info, operations: validated) }
        let ir = builder.build(info, operations: validated)
        let translate = measure(runs: runs) { SDKTranslator(connector: ir).files() }
        // What the pipeline does with unchanged files: read each one and compare.
        let outcome = GeneratorPipeline.run(configPath: folder + "/connector.yaml", write: false)
        let generatedFiles = outcome.packages.first?.files ?? []
        let directory = outcome.packages.first?.directory ?? folder
        let compareWithDisk = measure(runs: runs) { () -> Int in
            generatedFiles.filter { FileManager.default.contents(atPath: directory + "/" + $0.path) == Data($0.contents.utf8) }.count
        }
        return Stages(readAndParseSchema: readAndParseSchema, buildSchema: buildSchema, readAndParseOperations: readAndParseOperations,
                      validateOperations: validateOperations, buildIR: buildIR, translate: translate, compareWithDisk: compareWithDisk)
    }

    /// Swift files and their lines under the package's `Sources/`.
    static func generatedLines(_ package: String) throws -> (files: Int, lines: Int) {
        let sources = package + "/Sources"
        guard let enumerator = FileManager.default.enumerator(atPath: sources) else { throw BenchmarkError("nothing generated in \(package)") }
        var files = 0
        var lines = 0
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: sources + "/" + relative) else { continue }
            files += 1
            lines += data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        return (files, lines)
    }
}
