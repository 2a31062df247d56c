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

/// The median time of `runs` calls of `body`, after `warmUp` untimed calls. What `body` returns
/// is released after the clock stops, so freeing it is not timed.
func medianSeconds<T>(runs: Int, warmUp: Int = 2, _ body: () throws -> T) rethrows -> Double {
    for _ in 0..<warmUp { _ = try body() }
    var timings: [Double] = []
    for _ in 0..<runs {
        let start = now()
        let result = try body()
        timings.append(now() - start)
        withExtendedLifetime(result) {}
    }
    timings.sort()
    return timings[timings.count / 2]
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

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}
