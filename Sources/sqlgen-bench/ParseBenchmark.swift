import Foundation
import SQLGenLanguage

/// `sqlgen-bench parse [--runs N] [--json] FILE...`: lexer and parser throughput, and memory.
///
/// For each file: the median time of N runs (after 2 warm-up runs) of lexing all tokens with
/// `Lexer` and of `Parser.parse` (freeing the AST is timed separately), as MB/s (1 MB = 10^6
/// bytes); and the peak RSS during one parse above the RSS before it, and the RSS the AST keeps.
enum ParseBenchmark {
    static let help = "lex and parse throughput (MB/s) and memory: parse [--runs N] [--json] FILE..."

    struct Result: Codable {
        var file: String
        var bytes: Int
        var tokens: Int
        var definitions: Int
        var lexSeconds: Double
        var parseSeconds: Double
        /// Parsing and then freeing the AST.
        var parseAndFreeSeconds: Double
        var lexMBps: Double
        var parseMBps: Double
        var peakRSSGrowthBytes: Int?
        var retainedASTBytes: Int?
    }

    static func run(_ arguments: [String]) throws {
        var runs = 9
        var json = false
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--runs":
                index += 1
                guard index < arguments.count, let value = Int(arguments[index]), value > 0 else { throw BenchmarkError("--runs needs a positive number") }
                runs = value
            case "--json":
                json = true
            default:
                files.append(arguments[index])
            }
            index += 1
        }
        if files.isEmpty { files = defaultFiles() }
        guard !files.isEmpty else { throw BenchmarkError("no files given") }

        var results: [Result] = []
        for file in files {
            let source = Source(bytes: try readFile(file), name: file)
            var tokens = 0
            let lexSeconds = try medianSeconds(runs: runs) {
                var lexer = Lexer(source)
                tokens = 0
                while try lexer.next().kind != .endOfFile { tokens += 1 }
            }
            var definitions = 0
            let parseSeconds = try medianSeconds(runs: runs) { () throws(GraphQLError) -> Document in
                let document = try Parser.parse(source)
                definitions = document.definitions.count
                return document
            }
            let parseAndFreeSeconds = try medianSeconds(runs: runs) {
                _ = try Parser.parse(source)
            }
            let memory = probeMemory(file)
            let megabytes = Double(source.bytes.count) / 1e6
            results.append(Result(file: file, bytes: source.bytes.count, tokens: tokens, definitions: definitions,
                                  lexSeconds: lexSeconds, parseSeconds: parseSeconds, parseAndFreeSeconds: parseAndFreeSeconds,
                                  lexMBps: megabytes / lexSeconds, parseMBps: megabytes / parseSeconds,
                                  peakRSSGrowthBytes: memory?.peak, retainedASTBytes: memory?.retained))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(results), as: UTF8.self))
        } else {
            print("median of \(runs) runs after 2 warm-up runs; MB = 10^6 bytes")
            for result in results {
                print("\(result.file): \(result.bytes) bytes, \(result.tokens) tokens, \(result.definitions) definitions")
                print("  lex   \(format(result.lexSeconds * 1000, decimals: 2)) ms  \(format(result.lexMBps)) MB/s")
                print("  parse \(format(result.parseSeconds * 1000, decimals: 2)) ms  \(format(result.parseMBps)) MB/s"
                      + "  (with freeing the AST: \(format(result.parseAndFreeSeconds * 1000, decimals: 2)) ms)")
                if let peak = result.peakRSSGrowthBytes {
                    print("  peak RSS growth during parse \(format(Double(peak) / 1e6)) MB (\(format(Double(peak) / Double(result.bytes)))x input)")
                }
                if let retained = result.retainedASTBytes {
                    print("  AST keeps (RSS growth) \(format(Double(retained) / 1e6)) MB (\(format(Double(retained) / Double(result.bytes)))x input)")
                }
            }
        }
    }

    /// The benchmark inputs of the shared corpus, when it is next to the repository.
    static func defaultFiles() -> [String] {
        let corpus = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("../shared/corpus").standardized.path
        return ["schemas/github-octokit/schema.graphql", "schemas/saleor/schema.graphql", "fixtures/graphql-core-3.3.2/large_query.graphql"]
            .map { corpus + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0) }
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
