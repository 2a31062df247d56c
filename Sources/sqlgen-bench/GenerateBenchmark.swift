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
/// run regenerates one operation's file), the same through a `GeneratorSession`, and the first run and
/// the one-file change of fresh processes with a `GenerationCache` (the CLI's default: each run
/// starts from the record the previous one kept). Also times the pipeline's stages one by one and counts
/// the generated lines per operation. `--floor DIR` also writes the SDK's types-only floor package
/// there (what `benchmarks/compile-generated.sh` compiles beside the SDK).
enum GenerateBenchmark {
    static let help = "generate a synthetic connector: generate [--runs N] [--json] [--operations N] [--schema FILE] [--folder DIR] [--sqlconnect PATH] [--floor DIR] [--only session|session-unwatched]"

    struct Stages: Codable {
        var readAndParseSchema: Timing
        var buildSchema: Timing
        var readAndParseOperations: Timing
        var validateOperations: Timing
        var buildIR: Timing
        var translate: Timing
        var compareWithDisk: Timing
    }

    struct Result: Codable {
        var folder: String
        var operations: Int
        var operationBytes: Int
        var validationErrors: [String]
        var firstRun: Timing
        var unchanged: Timing
        var oneFileChanged: Timing
        var filesWrittenAfterChange: Int
        /// As `oneFileChanged`, through a `GeneratorSession` told what changed (what `--watch`
        /// runs on Linux), and looking at every file (`--watch` elsewhere).
        var oneFileChangedSession: Timing
        var oneFileChangedSessionUnwatched: Timing
        /// As `firstRun` and `oneFileChanged`, with a `GenerationCache` (what `sqlgen generate` runs).
        var firstRunRecorded: Timing
        var oneFileChangedRecorded: Timing
        var stages: Stages
        var generatedFiles: Int
        var generatedSwiftLines: Int
        var linesPerOperation: Double
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--operations", "--schema", "--folder", "--sqlconnect", "--floor", "--only"])
        let count = try options.positiveInt("--operations", default: 500)
        let schemaFile = try SyntheticOperations.schemaFile(options)
        let folder = absolute(options.values["--folder"] ?? "/tmp/sqlgen-bench-generate-\(count)")
        let sqlConnect = absolute(options.values["--sqlconnect"] ?? FileManager.default.currentDirectoryPath)
        let schemaPath = absolute(schemaFile)

        let (schema, operations) = try SyntheticOperations.load(schemaPath: schemaPath, count: count)
        let files = try writeConnector(operations, folder: folder, schemaPath: schemaPath, sqlConnect: sqlConnect)
        let configPath = folder + "/connector.yaml"
        if let only = options.values["--only"], only.hasPrefix("session") {
            return try runSessionOnly(configPath: configPath, changedFile: files[files.count / 2], runs: options.runs, watched: only != "session-unwatched")
        }

        // The synthetic operations must be valid (else the generator, or the validator, is wrong).
        var sources: [Source] = []
        var documents: [Document] = []
        for (index, file) in files.enumerated() {
            let source = Source(bytes: try readFile(file), name: file, id: SourceID(UInt32(index + 1)))
            sources.append(source)
            documents.append(try Parser.parse(source))
        }
        let validationErrors = validate(schema: schema, documents: documents).map { error in
            let location = error.locations(in: sources).first.map { "\($0.line):\($0.column)" } ?? ""
            let file = error.ranges.first.flatMap { range in sources.first { $0.id == range.source }?.name } ?? ""
            return "\(file):\(location): \(error.message)"
        }
        guard validationErrors.isEmpty else {
            throw BenchmarkError("\(validationErrors.count) synthetic operations are invalid:\n" + validationErrors.prefix(20).joined(separator: "\n"))
        }

        // First run: nothing generated yet.
        let firstRun = try measure(runs: 1, warmUp: 0, setup: { try? FileManager.default.removeItem(atPath: folder + "/out") }) {
            try checked(GeneratorPipeline.run(configPath: configPath))
        }
        let unchanged = try measure(runs: options.runs) { try checked(GeneratorPipeline.run(configPath: configPath)) }
        let changedFile = files[files.count / 2]
        let original = try readFile(changedFile)
        let edited = addTypename(to: original)
        var edit = 0
        var written = 0
        let oneFileChanged = try measure(runs: options.runs, setup: {
            edit += 1
            try Data(edit % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: changedFile))
        }) { () throws -> GeneratorPipeline.Outcome in
            let outcome = try checked(GeneratorPipeline.run(configPath: configPath))
            written = outcome.packages.reduce(0) { $0 + $1.summary.written.count }
            return outcome
        }
        // The same edits through one session, as `sqlgen generate --watch` runs them: told what
        // changed, as inotify tells it on Linux, or looking at every file, as elsewhere.
        let session = GeneratorSession(configPath: configPath)
        var watcher = SimulatedWatcher(session: session, outcome: try checked(session.run()))
        let oneFileChangedSession = try measure(runs: options.runs, setup: {
            edit += 1
            try Data(edit % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: changedFile))
        }) { () throws -> GeneratorPipeline.Outcome in
            let outcome = try checked(session.run(changes: watcher.changes(edited: changedFile)))
            watcher.ran(outcome)
            return outcome
        }
        let oneFileChangedSessionUnwatched = try measure(runs: options.runs, setup: {
            edit += 1
            try Data(edit % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: changedFile))
        }) { try checked(session.run()) }
        // Fresh processes with a record, as `sqlgen generate` runs.
        let cache = GenerationCache(directory: folder + "/cache")
        let firstRunRecorded = try measure(runs: 1, warmUp: 0, setup: {
            try? FileManager.default.removeItem(atPath: folder + "/out")
            try? FileManager.default.removeItem(atPath: folder + "/cache")
        }) { try checked(GeneratorPipeline.run(configPath: configPath, cache: cache)) }
        let oneFileChangedRecorded = try measure(runs: options.runs, setup: {
            edit += 1
            try Data(edit % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: changedFile))
        }) { try checked(GeneratorPipeline.run(configPath: configPath, cache: GenerationCache(directory: folder + "/cache"))) }
        try Data(original).write(to: URL(fileURLWithPath: changedFile))
        _ = try checked(GeneratorPipeline.run(configPath: configPath))

        if let floor = options.values["--floor"] {
            let validated = try ValidatedOperations.validate(documents, sources: sources, schema: schema, rules: specifiedRules)
            try writeFloor(to: absolute(floor), operations: validated, schema: schema, sdk: folder + "/out/GitHubSDK")
        }
        let stages = try measureStages(schemaPath: schemaPath, files: files, folder: folder, runs: options.runs)
        let generated = try generatedLines(folder + "/out/GitHubSDK")
        let result = Result(
            folder: folder, operations: count, operationBytes: sources.reduce(0) { $0 + $1.bytes.count },
            validationErrors: validationErrors, firstRun: firstRun, unchanged: unchanged, oneFileChanged: oneFileChanged,
            filesWrittenAfterChange: written, oneFileChangedSession: oneFileChangedSession, oneFileChangedSessionUnwatched: oneFileChangedSessionUnwatched,
            firstRunRecorded: firstRunRecorded, oneFileChangedRecorded: oneFileChangedRecorded, stages: stages, generatedFiles: generated.files,
            generatedSwiftLines: generated.lines, linesPerOperation: Double(generated.lines) / Double(count))
        if options.json { return try printJSON(result) }
        print("\(options.runs) runs after 2 warm-up runs; median (minimum) of process CPU time and of wall time")
        print("\(count) operations (\(result.operationBytes) bytes) in \(folder), schema \(schemaPath)")
        print("  first run (all files written)     \(describe(firstRun))")
        print("  run with nothing changed          \(describe(unchanged))")
        print("  run after one file changed        \(describe(oneFileChanged)) (\(written) files written)")
        print("  one file changed (session)        \(describe(oneFileChangedSession))")
        print("    looking at every file           \(describe(oneFileChangedSessionUnwatched))")
        print("  first run, keeping a record       \(describe(firstRunRecorded))")
        print("  one file changed, from the record \(describe(oneFileChangedRecorded))")
        print("  stages:")
        print("    read + parse schema             \(describe(stages.readAndParseSchema))")
        print("    build schema (assumed valid)    \(describe(stages.buildSchema))")
        print("    read + parse operations         \(describe(stages.readAndParseOperations))")
        print("    validate operations             \(describe(stages.validateOperations))")
        print("    build IR                        \(describe(stages.buildIR))")
        print("    translate + render Swift        \(describe(stages.translate))")
        print("    compare with files on disk      \(describe(stages.compareWithDisk))")
        print("  generated: \(generated.files) Swift files, \(generated.lines) lines, \(format(result.linesPerOperation)) lines per operation")
    }

    /// `--only session`: the one-file-changed runs of a session alone, for profilers
    /// (`valgrind --tool=callgrind`), after one first run; `--only session-unwatched`: the same
    /// runs not told what changed.
    static func runSessionOnly(configPath: String, changedFile: String, runs: Int, watched: Bool) throws {
        let original = try readFile(changedFile)
        let edited = addTypename(to: original)
        let session = GeneratorSession(configPath: configPath)
        var watcher = SimulatedWatcher(session: session, outcome: try checked(session.run()))
        var edit = 0
        let timing = try measure(runs: runs, setup: {
            edit += 1
            try Data(edit % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: changedFile))
        }) { () throws -> GeneratorPipeline.Outcome in
            let outcome = try checked(session.run(changes: watched ? watcher.changes(edited: changedFile) : nil))
            watcher.ran(outcome)
            return outcome
        }
        try Data(original).write(to: URL(fileURLWithPath: changedFile))
        print("one file changed (session\(watched ? "" : ", unwatched"))  \(describe(timing))")
    }

    /// The outcome, or an error with its diagnostics when the pipeline reported errors.
    static func checked(_ outcome: GeneratorPipeline.Outcome) throws -> GeneratorPipeline.Outcome {
        guard !outcome.hasErrors else {
            throw BenchmarkError("generation failed:\n" + outcome.diagnostics.prefix(20).map { $0.rendered() }.joined(separator: "\n"))
        }
        return outcome
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL.path
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

    /// The operation with `__typename` selected on `Query` as well: a change that alters one
    /// operation's generated file.
    static func addTypename(to text: [UInt8]) -> [UInt8] {
        guard let brace = text.firstIndex(of: UInt8(ascii: "{")) else { return text }
        return Array(text[...brace]) + Array("\n  __typename".utf8) + Array(text[(brace + 1)...])
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
        let readAndParseSchema = try measure(runs: runs) { () throws -> Document in
            try Parser.parse(Source(bytes: try readFile(schemaPath), name: schemaPath))
        }
        let schemaDocument = try Parser.parse(Source(bytes: try readFile(schemaPath), name: schemaPath))
        let assumed = SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)
        let buildSchema = measure(runs: runs) { SchemaBuilder.build(documents: [schemaDocument], options: assumed) }
        let schema = SchemaBuilder.build(documents: [schemaDocument], options: assumed).schema
        let readAndParseOperations = try measure(runs: runs) { () throws -> [Document] in
            try files.map { try Parser.parse(Source(bytes: try readFile($0), name: $0)) }
        }
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
