import Foundation
import SQLGenLanguage

/// `sqlgen-bench parse [--runs N] [--json] FILE...`: lexer and parser throughput, and memory.
///
/// For each file: the median of N runs (after 2 warm-up runs) of lexing all tokens with `Lexer`
/// and of `Parser.parse` (freeing the AST is timed separately), in process CPU time and wall time,
/// as MB/s (1 MB = 10^6 bytes); and the peak RSS during one parse above the RSS before it, and
/// the RSS the AST keeps. CPU time is the figure to compare on a shared machine.
enum ParseBenchmark {
    static let help = "lex and parse throughput (MB/s) and memory: parse [--runs N] [--json] FILE..."

    struct Result: Codable {
        var file: String
        var bytes, tokens, definitions: Int
        /// Lexing, parsing, and parsing then freeing the AST.
        var lex, parse, parseAndFree: Timing
        /// From the median CPU time, and the parse's from the median wall time.
        var lexMBps, parseMBps, parseWallMBps: Double
        var peakRSSGrowthBytes, retainedRSSBytes: Int?
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments)
        let files = options.files.isEmpty ? defaultFiles() : options.files
        guard !files.isEmpty else { throw BenchmarkError("no files given") }
        let results = try files.map { try measureFile($0, runs: options.runs) }
        try printResult(results, options, unitsNote: "; MB = 10^6 bytes") {
            for result in results {
                print("\(result.file): \(result.bytes) bytes, \(result.tokens) tokens, \(result.definitions) definitions")
                print("  lex    \(describe(result.lex, result.bytes))")
                print("  parse  \(describe(result.parse, result.bytes))")
                print("  parse and free the AST  \(describe(result.parseAndFree, result.bytes))")
                if let peak = result.peakRSSGrowthBytes, let retained = result.retainedRSSBytes {
                    print("  memory: peak RSS growth during a parse \(format(Double(peak) / 1e6)) MB (\(format(Double(peak) / Double(result.bytes)))x input), "
                          + "kept by the AST \(format(Double(retained) / 1e6)) MB (\(format(Double(retained) / Double(result.bytes)))x)")
                }
            }
        }
    }

    /// Lexing, parsing and parsing with the AST freed, of one file; and its memory.
    static func measureFile(_ file: String, runs: Int) throws -> Result {
        let source = Source(bytes: try readFile(file), name: file)
        var tokens = 0
        let lex = try measure(runs: runs) { () throws(GraphQLError) -> Int in
            var lexer = Lexer(source)
            tokens = 0
            while try lexer.next().kind != .endOfFile { tokens += 1 }
            return tokens
        }
        var definitions = 0
        let parse = try measure(runs: runs) { () throws(GraphQLError) -> Document in
            let document = try Parser.parse(source)
            definitions = document.definitions.count
            return document
        }
        let parseAndFree = try measure(runs: runs) {
            _ = try Parser.parse(source)
        }
        let memory = probeMemory(file)
        let megabytes = Double(source.bytes.count) / 1e6
        return Result(file: file, bytes: source.bytes.count, tokens: tokens, definitions: definitions,
                      lex: lex, parse: parse, parseAndFree: parseAndFree,
                      lexMBps: megabytes / lex.cpuMedian, parseMBps: megabytes / parse.cpuMedian,
                      parseWallMBps: megabytes / parse.wallMedian,
                      peakRSSGrowthBytes: memory?.peak, retainedRSSBytes: memory?.retained)
    }

    static func describe(_ timing: Timing, _ bytes: Int) -> String {
        let megabytes = Double(bytes) / 1e6
        return "CPU \(format(timing.cpuMedian * 1000, decimals: 2)) ms (\(format(timing.cpuMinimum * 1000, decimals: 2))) = \(format(megabytes / timing.cpuMedian)) MB/s;"
            + " wall \(format(timing.wallMedian * 1000, decimals: 2)) ms (\(format(timing.wallMinimum * 1000, decimals: 2))) = \(format(megabytes / timing.wallMedian)) MB/s"
    }

    /// The benchmark inputs of the shared corpus, when it is next to the current directory (or
    /// next to its parent, for a worktree).
    static func defaultFiles() -> [String] {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let candidates = ["../shared/corpus", "../../shared/corpus"].map { current.appendingPathComponent($0).standardized.path }
        guard let corpus = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return [] }
        return ["schemas/github-octokit/schema.graphql", "schemas/saleor/schema.graphql", "fixtures/graphql-core-3.3.2/large_query.graphql"]
            .map { corpus + "/" + $0 }
    }

    /// Measures memory in a fresh child process (`_parse-memory FILE`), where freed memory of
    /// earlier runs cannot hide the growth.
    static func probeMemory(_ file: String) -> (peak: Int, retained: Int)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [memoryProbeName, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    static let memoryProbeName = "_parse-memory"

    /// The child process: prints the peak RSS during one parse above the RSS before it, and the
    /// RSS growth the AST keeps (Linux: `/proc/self/clear_refs` resets the peak).
    static func runMemoryProbe(_ arguments: [String]) throws {
        guard let file = arguments.first else { throw BenchmarkError("no file") }
        let source = Source(bytes: try readFile(file), name: file)
        guard resetPeakResidentBytes(), let before = procStatusBytes("VmRSS") else { throw BenchmarkError("no /proc/self memory figures") }
        let document = try Parser.parse(source)
        guard let peak = procStatusBytes("VmHWM"), let after = procStatusBytes("VmRSS") else { throw BenchmarkError("no /proc/self memory figures") }
        withExtendedLifetime(document) {}
        print(peak - before, after - before)
    }
}
