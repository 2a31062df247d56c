import Foundation
import SQLGenLanguage
import SQLGenSchema
@_spi(Benchmarks) import SQLGenCore

/// Rewrites one operation file before each timed run, alternating between its text and the text
/// with `__typename` selected on `Query` as well, so every run regenerates one operation's group file.
final class AlternatingEdit {
    let file: String
    private let original: [UInt8]
    private let edited: [UInt8]
    private var count = 0

    init(file: String) throws {
        self.file = file
        original = try readFile(file)
        guard let brace = original.firstIndex(of: UInt8(ascii: "{")) else { throw BenchmarkError("no selection set in \(file)") }
        edited = Array(original[...brace]) + Array("\n  __typename".utf8) + Array(original[(brace + 1)...])
    }

    func apply() throws {
        count += 1
        try Data(count % 2 == 1 ? edited : original).write(to: URL(fileURLWithPath: file))
    }

    func restore() throws {
        try Data(original).write(to: URL(fileURLWithPath: file))
    }
}

extension GenerateBenchmark {
    struct Runs {
        var firstRun, unchanged, oneFileChanged, session, sessionUnwatched, firstRunRecorded, oneFileChangedRecorded: Timing
        var written: Int
    }

    /// The files parsed, after checking that the synthetic operations are valid (else the
    /// generator, or the validator, is wrong).
    static func parseAndCheck(_ files: [String], schema: Schema) throws -> (sources: [Source], documents: [Document]) {
        var sources: [Source] = []
        var documents: [Document] = []
        for (index, file) in files.enumerated() {
            let source = Source(bytes: try readFile(file), name: file, id: SourceID(UInt32(index + 1)))
            sources.append(source)
            documents.append(try Parser.parse(source))
        }
        let errors = validate(schema: schema, documents: documents).map { error in
            let location = error.locations(in: sources).first.map { "\($0.line):\($0.column)" } ?? ""
            let file = error.ranges.first.flatMap { range in sources.first { $0.id == range.source }?.name } ?? ""
            return "\(file):\(location): \(error.message)"
        }
        guard errors.isEmpty else {
            throw BenchmarkError("\(errors.count) synthetic operations are invalid:\n" + errors.prefix(20).joined(separator: "\n"))
        }
        return (sources, documents)
    }

    /// Fresh runs, a `--watch` session's runs, and fresh processes with a record (what
    /// `sqlgen generate` runs), each after `edit` changed one operation.
    static func measureRuns(configPath: String, folder: String, edit: AlternatingEdit, runs: Int) throws -> Runs {
        let firstRun = try measure(runs: 1, warmUp: 0, setup: { try? FileManager.default.removeItem(atPath: folder + "/out") }) {
            try checked(GeneratorPipeline.run(configPath: configPath))
        }
        let unchanged = try measure(runs: runs) { try checked(GeneratorPipeline.run(configPath: configPath)) }
        var written = 0
        let oneFileChanged = try measure(runs: runs, setup: edit.apply) { () throws -> GeneratorPipeline.Outcome in
            let outcome = try checked(GeneratorPipeline.run(configPath: configPath))
            written = outcome.packages.reduce(0) { $0 + $1.summary.written.count }
            return outcome
        }
        // Told what changed, as inotify tells `--watch` on Linux, or looking at every file.
        let session = GeneratorSession(configPath: configPath)
        let watched = try measureSession(session, edit: edit, runs: runs, watched: true)
        let unwatched = try measureSession(session, edit: edit, runs: runs, watched: false)
        let cache = GenerationCache(directory: folder + "/cache")
        let firstRunRecorded = try measure(runs: 1, warmUp: 0, setup: {
            try? FileManager.default.removeItem(atPath: folder + "/out")
            try? FileManager.default.removeItem(atPath: folder + "/cache")
        }) { try checked(GeneratorPipeline.run(configPath: configPath, cache: cache)) }
        let oneFileChangedRecorded = try measure(runs: runs, setup: edit.apply) {
            try checked(GeneratorPipeline.run(configPath: configPath, cache: GenerationCache(directory: folder + "/cache")))
        }
        try edit.restore()
        _ = try checked(GeneratorPipeline.run(configPath: configPath))
        return Runs(firstRun: firstRun, unchanged: unchanged, oneFileChanged: oneFileChanged, session: watched, sessionUnwatched: unwatched,
                    firstRunRecorded: firstRunRecorded, oneFileChangedRecorded: oneFileChangedRecorded, written: written)
    }

    /// A session's runs after each edit (its first run, if it has had none, untimed).
    static func measureSession(_ session: GeneratorSession, edit: AlternatingEdit, runs: Int, watched: Bool) throws -> Timing {
        var watcher = SimulatedWatcher(session: session, outcome: try checked(session.run()))
        return try measure(runs: runs, setup: edit.apply) { () throws -> GeneratorPipeline.Outcome in
            let outcome = try checked(session.run(changes: watched ? watcher.changes(edited: edit.file) : nil))
            watcher.ran(outcome)
            return outcome
        }
    }

    static func printReport(_ result: Result) {
        let stages = result.stages
        print("  first run (all files written)     \(describe(result.firstRun))")
        print("  run with nothing changed          \(describe(result.unchanged))")
        print("  run after one file changed        \(describe(result.oneFileChanged)) (\(result.filesWrittenAfterChange) files written)")
        print("  one file changed (session)        \(describe(result.oneFileChangedSession))")
        print("    looking at every file           \(describe(result.oneFileChangedSessionUnwatched))")
        print("  first run, keeping a record       \(describe(result.firstRunRecorded))")
        print("  one file changed, from the record \(describe(result.oneFileChangedRecorded))")
        print("  stages:")
        print("    read + parse schema             \(describe(stages.readAndParseSchema))")
        print("    build schema (assumed valid)    \(describe(stages.buildSchema))")
        print("    read + parse operations         \(describe(stages.readAndParseOperations))")
        print("    validate operations             \(describe(stages.validateOperations))")
        print("    build IR                        \(describe(stages.buildIR))")
        print("    translate + render Swift        \(describe(stages.translate))")
        print("    compare with files on disk      \(describe(stages.compareWithDisk))")
        print("  generated: \(result.generatedFiles) Swift files, \(result.generatedSwiftLines) lines, \(format(result.linesPerOperation)) lines per operation")
    }
}
