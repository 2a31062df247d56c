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

/// CPU time of the calling thread in seconds: unlike wall time, it does not count the time other
/// processes on a busy machine take from us.
func cpuNow() -> Double {
    clockSeconds(CLOCK_THREAD_CPUTIME_ID)
}

private func clockSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Medians (and minimums) of wall-clock and thread CPU time over a benchmark's runs.
struct Timing: Codable {
    var wallMedian: Double
    var wallMinimum: Double
    var cpuMedian: Double
    var cpuMinimum: Double
}

/// Times `runs` calls of `body` after `warmUp` untimed calls. What `body` returns is released
/// after the clocks stop, so freeing it is not timed.
func measure<T>(runs: Int, warmUp: Int = 2, _ body: () throws -> T) rethrows -> Timing {
    for _ in 0..<warmUp { _ = try body() }
    var wall: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<runs {
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
