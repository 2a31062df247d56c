import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A benchmark failure with a message for the user.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Monotonic time in seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median of the timings of `runs` calls of `body`, after `warmUp` untimed calls.
func medianSeconds(runs: Int, warmUp: Int = 2, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmUp { try body() }
    var timings: [Double] = []
    for _ in 0..<runs {
        let start = now()
        try body()
        timings.append(now() - start)
    }
    timings.sort()
    return timings[timings.count / 2]
}

/// The process's peak resident set size in bytes so far.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_maxrss) * 1024 // kilobytes on Linux
}

/// The current resident set size in bytes (Linux `/proc/self/statm`), or nil where unknown.
func currentResidentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
    return Array(data)
}

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}
