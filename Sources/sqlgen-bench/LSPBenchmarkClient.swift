import Foundation
import SQLGenJSON
import SQLGenLSP

/// A language client for the benchmark: starts `sqlgen lsp` as a process and talks to it over
/// pipes, as an editor does, timing each round trip on the client's clock.
final class LSPBenchmarkClient {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let writer: MessageWriter
    private var reader: MessageReader
    private var nextID = 1

    init(server: String, environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["lsp"]
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        writer = MessageWriter(descriptor: input.fileHandleForWriting.fileDescriptor)
        reader = MessageReader(descriptor: output.fileHandleForReading.fileDescriptor)
    }

    var processIdentifier: Int32 { process.processIdentifier }

    func notify(_ method: String, _ params: JSONValue) {
        writer.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and waits for its answer (notifications on the way are dropped).
    func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let id = nextID
        nextID += 1
        writer.send(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params])
        while true {
            let message = try next()
            if message["id"] == .int(Int64(id)), message["method"] == nil { return message }
        }
    }

    /// Waits for the diagnostics of `version` of `uri`; returns them.
    func diagnostics(uri: String, version: Int) throws -> [JSONValue] {
        while true {
            let message = try next()
            guard message["method"] == "textDocument/publishDiagnostics", message["params"]?["uri"]?.stringValue == uri,
                  let published = message["params"]?["version"]?.intValue, published >= version else { continue }
            return message["params"]?["diagnostics"]?.arrayValue ?? []
        }
    }

    private func next() throws -> JSONValue {
        do {
            return try JSONParser.parse(try reader.next())
        } catch {
            throw BenchmarkError("the server stopped answering: \(error)")
        }
    }

    /// Shuts the server down and waits for it; its exit status.
    func stop() throws -> Int32 {
        _ = try request("shutdown", nil)
        notify("exit", nil)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A field of the server's `/proc/<pid>/status` in bytes (`VmRSS`, `VmHWM`); nil off Linux.
    func statusBytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// Percentiles of latencies in milliseconds.
struct Latencies: Codable {
    var count: Int
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double

    init(_ seconds: [Double]) {
        let sorted = seconds.sorted().map { $0 * 1000 }
        func at(_ fraction: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)] }
        count = sorted.count
        p50 = at(0.5)
        p90 = at(0.9)
        p99 = at(0.99)
        max = sorted.last ?? 0
    }

    var text: String {
        String(format: "p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (%d)", p50, p90, p99, max, count)
    }
}
