import Foundation
import SQLGenJSON
import SQLGenLSP

/// `sqlgen-bench lsp [--operations N] [--completions N] [--edits N] [--schema FILE] [--folder DIR]
/// [--server PATH] [--json]`: starts `sqlgen lsp` (the `sqlgen` built beside this benchmark, or
/// `--server`) on a synthetic connector of N operations over the GitHub schema (as `generate`
/// writes it), opens one operation file and measures, on the client's clock over the pipes:
/// the first diagnostics (the connector loaded and validated), the diagnostics after each edit
/// (one character typed or deleted, making the file invalid and valid in turn), and completion
/// at the selection sets and argument lists of the file; then the server's memory.
enum LSPBenchmark {
    static let help = "the language server: lsp [--operations N] [--completions N] [--edits N] [--schema FILE] [--folder DIR] [--server PATH] [--json]"

    struct Result: Codable {
        var operations: Int
        var firstDiagnosticsMilliseconds: Double
        var editToValidDiagnostics, editToInvalidDiagnostics, completion: Latencies
        var residentBytes, peakResidentBytes: Int?
    }

    static func run(_ arguments: [String]) throws {
        let options = try BenchmarkOptions(arguments, valueOptions: ["--operations", "--completions", "--edits", "--schema", "--folder", "--server"])
        let connector = try SyntheticConnector(options, benchmark: "lsp", defaultCount: 500)
        let folder = connector.folder
        let files = try GenerateBenchmark.writeConnector(connector.operations, folder: folder, schemaPath: connector.schemaPath, sqlConnect: folder)
        let server = options.values["--server"] ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sqlgen").path
        var environment = ProcessInfo.processInfo.environment
        environment["SQLGEN_CACHE_DIR"] = folder + "/cache"
        let client = try LSPBenchmarkClient(server: server, environment: environment)
        let file = files[files.count / 2]
        let result = try measure(client, file: file, operations: connector.count,
                                 edits: try options.positiveInt("--edits", default: 400), completions: try options.positiveInt("--completions", default: 1000))
        guard try client.stop() == 0 else { throw BenchmarkError("the server did not exit cleanly") }
        if options.json { return try printJSON(result) }
        print("sqlgen lsp: \(connector.count) operations over \(connector.schemaPath), editing \(file)")
        print(String(format: "  first diagnostics (connector loaded, validated)  %.1f ms", result.firstDiagnosticsMilliseconds))
        print("  edit to diagnostics, file valid again   \(result.editToValidDiagnostics.text)")
        print("  edit to diagnostics, file invalid       \(result.editToInvalidDiagnostics.text)")
        print("  completion                              \(result.completion.text)")
        let megabytes = { (bytes: Int?) in bytes.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "unknown" }
        print("  server memory: resident \(megabytes(result.residentBytes)), peak \(megabytes(result.peakResidentBytes))")
    }

    private static func measure(_ client: LSPBenchmarkClient, file: String, operations: Int, edits: Int, completions: Int) throws -> Result {
        let uri = FileURI.uri(of: file)
        _ = try client.request("initialize", ["processId": nil, "capabilities": ["general": ["positionEncodings": ["utf-16"]]]])
        client.notify("initialized", [:])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let opened = now()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "graphql", "version": 1, "text": .string(text)]])
        guard try client.diagnostics(uri: uri, version: 1).isEmpty else { throw BenchmarkError("the synthetic operation is not valid") }
        let first = (now() - opened) * 1000
        let (valid, invalid) = try timeEdits(client, uri: uri, text: text, count: edits)
        let completion = try timeCompletions(client, uri: uri, text: text, count: completions)
        return Result(operations: operations, firstDiagnosticsMilliseconds: first, editToValidDiagnostics: valid, editToInvalidDiagnostics: invalid,
                      completion: completion, residentBytes: client.statusBytes("VmRSS"), peakResidentBytes: client.statusBytes("VmHWM"))
    }

    /// Types `x` after the first field of the operation and deletes it, in turn: the file is
    /// invalid, then valid again. The first tenth of the edits warm up.
    private static func timeEdits(_ client: LSPBenchmarkClient, uri: String, text: String, count: Int) throws -> (Latencies, Latencies) {
        let lines = LineTable(Array(text.utf8))
        guard let brace = text.utf8.firstIndex(of: UInt8(ascii: "{")) else { throw BenchmarkError("no selection set in the file") }
        var field = text.utf8.distance(from: text.utf8.startIndex, to: brace) + 1
        let bytes = Array(text.utf8)
        while field < bytes.count, bytes[field] == 0x20 || bytes[field] == 0x0A { field += 1 }
        while field < bytes.count, bytes[field] != 0x28, bytes[field] != 0x20, bytes[field] != 0x0A { field += 1 }
        let position = lines.position(of: field, encoding: .utf16)
        var valid: [Double] = []
        var invalid: [Double] = []
        for edit in 0..<count {
            let typing = edit % 2 == 0
            let end = LSPPosition(line: position.line, character: position.character + (typing ? 0 : 1))
            let change: JSONValue = ["range": ["start": position.json, "end": end.json], "text": .string(typing ? "x" : "")]
            let started = now()
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(Int64(edit + 2))], "contentChanges": [change]])
            let diagnostics = try client.diagnostics(uri: uri, version: edit + 2)
            let elapsed = now() - started
            guard diagnostics.isEmpty != typing else { throw BenchmarkError("edit \(edit): unexpected diagnostics \(diagnostics)") }
            if edit >= count / 10 {
                if typing { invalid.append(elapsed) } else { valid.append(elapsed) }
            }
        }
        return (Latencies(valid), Latencies(invalid))
    }

    /// Completion at each selection set and field argument list of the file in turn (the first
    /// tenth warm up); every answer must hold items.
    private static func timeCompletions(_ client: LSPBenchmarkClient, uri: String, text: String, count: Int) throws -> Latencies {
        let bytes = Array(text.utf8)
        let lines = LineTable(bytes)
        // After each `{`, and after each `(` but the variable definitions' on the first line.
        let places = bytes.indices.map { lines.position(of: $0 + 1, encoding: .utf16) }.enumerated().filter { index, position in
            bytes[index] == UInt8(ascii: "{") || (bytes[index] == UInt8(ascii: "(") && position.line > 0)
        }.map(\.element)
        guard !places.isEmpty else { throw BenchmarkError("no place to complete in the file") }
        var times: [Double] = []
        for index in 0..<(count + count / 10) {
            let params: JSONValue = ["textDocument": ["uri": .string(uri)], "position": places[index % places.count].json]
            let started = now()
            let answer = try client.request("textDocument/completion", params)
            let elapsed = now() - started
            guard answer["result"]?["items"]?.arrayValue?.isEmpty == false else { throw BenchmarkError("no completion at \(params)") }
            if index >= count / 10 { times.append(elapsed) }
        }
        return Latencies(times)
    }
}
