import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A benchmark failure with a message for the user.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Monotonic wall-clock time in seconds.
func now() -> Double {
    clockSeconds(CLOCK_MONOTONIC)
}

/// CPU time of this process (all its threads: generation renders and validates on every core) in
/// seconds: unlike wall time, it does not count the time other processes on a busy machine take.
func cpuNow() -> Double {
    clockSeconds(CLOCK_PROCESS_CPUTIME_ID)
}

private func clockSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Medians (and minimums) of wall-clock and process CPU time over a benchmark's runs.
struct Timing: Codable {
    var wallMedian: Double
    var wallMinimum: Double
    var cpuMedian: Double
    var cpuMinimum: Double
}

/// Untimed calls before the timed ones, by default, so that one-time costs (page faults, lazy
/// initialisation) are not timed.
let defaultWarmUp = 2

/// Times `runs` calls of `body` after `warmUp` untimed calls. What `body` returns is released
/// after the clocks stop, so freeing it is not timed.
func measure<T>(runs: Int, warmUp: Int = defaultWarmUp, _ body: () throws -> T) rethrows -> Timing {
    try measure(runs: runs, warmUp: warmUp, setup: {}, body)
}

/// A field of `/proc/self/status` in bytes (`VmRSS`, `VmHWM`), or nil where unknown (not Linux).
func procStatusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        return number.map { $0 * 1024 }
    }
    return nil
}

/// Resets the peak RSS (`VmHWM`) to the current RSS (Linux 4.0+); false where unsupported.
func resetPeakResidentBytes() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
    return Array(data)
}

/// `path` made absolute against the current directory.
func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL.path
}

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

/// The arguments benchmarks share: `--runs N`, `--json`, options with a value named by the
/// benchmark (`--schema FILE`), and the remaining arguments as files.
struct BenchmarkOptions {
    var runs = 9
    var json = false
    var values: [String: String] = [:]
    var files: [String] = []

    init(_ arguments: [String], valueOptions: Set<String> = []) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--runs":
                index += 1
                guard index < arguments.count, let value = Int(arguments[index]), value > 0 else { throw BenchmarkError("--runs needs a positive number") }
                runs = value
            case "--json":
                json = true
            case _ where valueOptions.contains(argument):
                index += 1
                guard index < arguments.count else { throw BenchmarkError("\(argument) needs a value") }
                values[argument] = arguments[index]
            case _ where argument.hasPrefix("--"):
                throw BenchmarkError("unknown option \(argument)")
            default:
                files.append(argument)
            }
            index += 1
        }
    }

    func positiveInt(_ name: String, default value: Int) throws -> Int {
        guard let text = values[name] else { return value }
        guard let number = Int(text), number > 0 else { throw BenchmarkError("\(name) needs a positive number") }
        return number
    }
}

/// The shared corpus folder next to the current directory (or next to its parent, for a worktree).
func corpusFolder() -> String? {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let candidates = ["../shared/corpus", "../../shared/corpus"].map { current.appendingPathComponent($0).standardized.path }
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
}

/// Corpus files by their path in the corpus; empty when there is no corpus.
func corpusFiles(_ relativePaths: [String]) -> [String] {
    guard let corpus = corpusFolder() else { return [] }
    return relativePaths.map { corpus + "/" + $0 }
}

/// Every `.graphql`/`.gql` file under `path` (or `path` itself when it is a file), sorted.
func graphQLFiles(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let enumerator = FileManager.default.enumerator(atPath: path)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".graphql") || relative.hasSuffix(".gql") { files.append(path + "/" + relative) }
    }
    return files.sorted()
}

/// With `--json`, `result` as JSON; else the line saying what the timings are (`unitsNote` adds to
/// it) and the benchmark's own `report`.
func printResult<T: Encodable>(_ result: T, _ options: BenchmarkOptions, unitsNote: String = "", report: () -> Void) throws {
    if options.json { return try printJSON(result) }
    print("\(options.runs) runs after \(defaultWarmUp) warm-up runs; median (minimum) of process CPU time and of wall time" + unitsNote)
    report()
}

func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// `CPU m ms (min); wall m ms (min)`.
func describe(_ timing: Timing) -> String {
    "CPU \(format(timing.cpuMedian * 1000, decimals: 2)) ms (\(format(timing.cpuMinimum * 1000, decimals: 2)));"
        + " wall \(format(timing.wallMedian * 1000, decimals: 2)) ms (\(format(timing.wallMinimum * 1000, decimals: 2)))"
}

/// Like `measure`, with an untimed `setup` before each call (warm-up calls included).
func measure<T>(runs: Int, warmUp: Int = defaultWarmUp, setup: () throws -> Void, _ body: () throws -> T) rethrows -> Timing {
    for _ in 0..<warmUp {
        try setup()
        _ = try body()
    }
    var wall: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<runs {
        try setup()
        let startWall = now()
        let startCPU = cpuNow()
        let result = try body()
        cpu.append(cpuNow() - startCPU)
        wall.append(now() - startWall)
        withExtendedLifetime(result) {}
    }
    wall.sort()
    cpu.sort()
    return Timing(wallMedian: wall[wall.count / 2], wallMinimum: wall[0], cpuMedian: cpu[cpu.count / 2], cpuMinimum: cpu[0])
}
