import Foundation
import SQLGenLanguage

/// `sqlgen-bench parse [--runs N] [--json] FILE...`: lexer and parser throughput, and memory.
///
/// For each file: the median time of N runs (after 2 warm-up runs) of lexing all tokens with
/// `Lexer` and of `Parser.parse`, as MB/s (1 MB = 10^6 bytes); and, measured in a fresh child
/// process, the peak RSS growth during one parse and the resident memory the AST keeps.
enum ParseBenchmark {
    static let help = "lex and parse throughput (MB/s) and memory: parse [--runs N] [--json] FILE..."
    static let memoryProbeName = "_parse-memory"

    struct Result: Codable {
        var file: String
        var bytes: Int
        var tokens: Int
        var definitions: Int
        var lexSeconds: Double
        var parseSeconds: Double
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
            let parseSeconds = try medianSeconds(runs: runs) {
                definitions = try Parser.parse(source).definitions.count
            }
            let memory = probeMemory(file)
            let megabytes = Double(source.bytes.count) / 1e6
            results.append(Result(file: file, bytes: source.bytes.count, tokens: tokens, definitions: definitions,
                                  lexSeconds: lexSeconds, parseSeconds: parseSeconds,
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
                print("  parse \(format(result.parseSeconds * 1000, decimals: 2)) ms  \(format(result.parseMBps)) MB/s")
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

    /// Runs the memory probe in a fresh process, so earlier work does not hide the peak.
    static func probeMemory(_ file: String) -> (peak: Int, retained: Int?)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath()
        if !FileManager.default.isExecutableFile(atPath: process.executableURL?.path ?? "") {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = [memoryProbeName, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = output.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard numbers.count == 2, let peak = numbers[0] else { return nil }
        return (peak, numbers[1])
    }

    /// Child process: prints "<peak RSS growth> <resident growth kept by the AST, or ->".
    static func runMemoryProbe(_ arguments: [String]) throws {
        guard let file = arguments.first else { throw BenchmarkError("no file") }
        let source = Source(bytes: try readFile(file), name: file)
        let rssBefore = peakResidentBytes()
        let residentBefore = currentResidentBytes()
        let document = try Parser.parse(source)
        let rssAfter = peakResidentBytes()
        let residentAfter = currentResidentBytes()
        let retained = residentBefore.flatMap { before in residentAfter.map { String($0 - before) } } ?? "-"
        print("\(rssAfter - rssBefore) \(retained)")
        withExtendedLifetime(document) {}
    }
}
