// sqlgen-bench: micro-benchmarks of the compiler's stages.
//
//   swift run -c release sqlgen-bench <benchmark> [arguments...]
//
// Each benchmark is one file with a `run(arguments:)` entry registered below.
import Foundation

/// The benchmarks by subcommand name: (one-line help, entry point taking the remaining arguments).
let benchmarks: [(name: String, help: String, run: ([String]) throws -> Void)] = [
    ("parse", ParseBenchmark.help, ParseBenchmark.run),
    ("schema", SchemaBenchmark.help, SchemaBenchmark.run),
    ("validate", ValidateBenchmark.help, ValidateBenchmark.run),
    ("generate", GenerateBenchmark.help, GenerateBenchmark.run),
    ("decode-fixture", DecodeBenchmark.help, DecodeBenchmark.run),
    ("lsp", LSPBenchmark.help, LSPBenchmark.run),
    (ParseBenchmark.memoryProbeName, "(internal) memory of one parse, in a child process", ParseBenchmark.runMemoryProbe),
]

@MainActor func printUsage() {
    print("usage: sqlgen-bench <benchmark> [arguments...]\n\nbenchmarks:")
    for benchmark in benchmarks where !benchmark.name.hasPrefix("_") {
        print("  \(benchmark.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(benchmark.help)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    printUsage()
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("sqlgen-bench \(name): \(error)\n".utf8))
    exit(1)
}
