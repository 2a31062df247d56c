import Foundation
import SQLGenJSON
@testable import SQLGenLSP

/// A language server driven in process, as a client would: it records what the server sends.
final class ServerHarness {
    let server: LanguageServer
    private let outbox: Outbox
    private var nextID = 1
    let folder: String

    final class Outbox: @unchecked Sendable {
        var messages: [JSONValue] = []
    }

    /// A server initialized with `encodings` offered, over a copy of the fixture `fixture` (in a
    /// temporary folder removed by `close()`).
    init(fixture: String? = "movies", encodings: [String]? = nil) throws {
        folder = TestFolders.root.appendingPathComponent("lsp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let fixture {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures").appendingPathComponent(fixture).path
            for item in try FileManager.default.contentsOfDirectory(atPath: source) {
                try FileManager.default.copyItem(atPath: source + "/" + item, toPath: folder + "/" + item)
            }
        }
        let outbox = Outbox()
        self.outbox = outbox
        server = LanguageServer { outbox.messages.append($0) }
        server.derivedSchemaDirectory = folder + "/.views"
        var general: JSONValue = [:]
        if let encodings { general = ["positionEncodings": .array(encodings.map { .string($0) })] }
        let textDocument: JSONValue = ["completion": ["completionItem": ["documentationFormat": ["markdown", "plaintext"]]], "hover": ["contentFormat": ["markdown"]]]
        _ = request("initialize", ["processId": nil, "rootUri": .string(FileURI.uri(of: folder)),
                                   "capabilities": ["general": general, "textDocument": textDocument]])
        notify("initialized", [:])
    }

    func close() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    var sent: [JSONValue] { outbox.messages }

    /// The path of a file of the fixture copy (symbolic links resolved, as the server keys files).
    func path(_ relative: String) -> String {
        FileURI.canonical(folder + "/" + relative)
    }

    func uri(_ relative: String) -> String {
        FileURI.uri(of: path(relative))
    }

    func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        server.handle(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params])
        return outbox.messages.last { $0["id"] == .int(Int64(id)) } ?? nil
    }

    func notify(_ method: String, _ params: JSONValue) {
        server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Opens a fixture file with its text on disk, or `text`.
    func open(_ relative: String, text: String? = nil, version: Int = 1) throws {
        let contents = try text ?? String(contentsOfFile: path(relative), encoding: .utf8)
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(relative)), "languageId": "graphql", "version": .int(Int64(version)), "text": .string(contents)]])
    }

    /// Replaces the whole text of an open file.
    func change(_ relative: String, to text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(relative)), "version": .int(Int64(version))], "contentChanges": [["text": .string(text)]]])
    }

    /// Publishes pending diagnostics and returns the last list sent for the file.
    func diagnostics(_ relative: String) -> [JSONValue] {
        server.publishDiagnostics()
        let published = outbox.messages.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri(relative) }
        return published?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// The result of a position request at the `|` in `text`, which is opened (or changed to) first.
    func at(_ method: String, _ relative: String, _ marked: String, version: Int = 2, extra: JSONValue = [:]) throws -> JSONValue {
        let (text, position) = Self.marker(marked)
        if server.store.open[path(relative)] == nil { try open(relative, text: text, version: version) } else { change(relative, to: text, version: version) }
        var params: JSONValue = ["textDocument": ["uri": .string(uri(relative))], "position": position.json]
        for member in extra.objectValue ?? [] { params[member.key] = member.value }
        return request(method, params)["result"] ?? .null
    }

    /// The labels of the completion items at the `|` in `text`.
    func completions(_ relative: String, _ marked: String) throws -> [String] {
        try at("textDocument/completion", relative, marked)["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    }

    /// `text` without its `|`, and the UTF-16 position of the `|`.
    static func marker(_ marked: String) -> (String, LSPPosition) {
        guard let index = marked.firstIndex(of: "|") else { return (marked, LSPPosition(line: 0, character: 0)) }
        let before = marked[..<index]
        let line = before.filter { $0 == "\n" }.count
        let lastLine = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        var text = marked
        text.remove(at: index)
        return (text, LSPPosition(line: line, character: lastLine.utf16.count))
    }
}
