// `lsp`: the language server's request handler. An input is the text of an operation file as an
// editor holds it (mutated as GraphQL), or, when it starts with `{`, a JSON-RPC message as the
// server reads it. A text replaces the movies connector's open file (Tests/SQLGenLSPTests/
// Fixtures/movies, never written), then completion, hover, definition and references are asked
// at up to 24 places of it, diagnostics are published, and symbols, formatting and quick fixes
// are asked for. Checks besides "no crash": every request is answered (a result or an error).

import Foundation
import SQLGenJSON
@testable import SQLGenLSP

nonisolated(unsafe) private var server: LanguageServer?
nonisolated(unsafe) private var sent: [JSONValue] = []
nonisolated(unsafe) private var nextID = 1
nonisolated(unsafe) private var lspMutator = GraphQLMutator(vocabulary: [])
private let openFile = repositoryRoot.appendingPathComponent("Tests/SQLGenLSPTests/Fixtures/movies/connector/queries.gql")

let languageServerTarget = FuzzTarget(name: "lsp", setUp: setUpLanguageServer, run: fuzzLanguageServer) { bytes, maxSize, seed in
    lspMutator.mutate(&bytes, maxSize: maxSize, seed: seed)
}

private func setUpLanguageServer() {
    let schema = repositoryFile("Tests/SQLGenLSPTests/Fixtures/movies/schema/schema.gql")
    lspMutator = GraphQLMutator(vocabulary: GraphQLMutator.names(in: [schema]) + ["movies", "movie", "where", "genre", "eq", "MovieSummary", "title"])
    startServer()
}

/// A server over the fixture with its file open (again after an input shut it down).
private func startServer() {
    let started = LanguageServer { sent.append($0) }
    started.derivedSchemaDirectory = NSTemporaryDirectory() + "sqlgen-fuzz-lsp-views"
    server = started
    request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16"]]]])
    started.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": ["textDocument": ["uri": .string(openFile.absoluteString), "languageId": "graphql", "version": 1,
                                                "text": .string(repositoryFile("Tests/SQLGenLSPTests/Fixtures/movies/connector/queries.gql"))]]])
}

@discardableResult
private func request(_ method: String, _ params: JSONValue) -> JSONValue {
    let id = nextID
    nextID += 1
    server?.handle(["jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string(method), "params": params])
    guard let answer = sent.last(where: { $0["id"] == .int(Int64(id)) }) else { preconditionFailure("\(method) was not answered") }
    return answer
}

private func fuzzLanguageServer(_ bytes: [UInt8]) {
    sent.removeAll(keepingCapacity: true)
    guard let current = server else { return }
    if bytes.first == UInt8(ascii: "{") {
        ServerLoop.handle(bytes, server: current)
        current.publishDiagnostics()
        if current.state == .shuttingDown || current.exitStatus != nil { startServer() }
        return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let document: JSONValue = ["uri": .string(openFile.absoluteString)]
    nextID += 1
    current.handle(["jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": ["textDocument": ["uri": .string(openFile.absoluteString), "version": .int(Int64(nextID))], "contentChanges": [["text": .string(text)]]]])
    let lines = LineTable(Array(text.utf8))
    let length = text.utf8.count
    for place in 0..<min(24, length + 1) {
        let position = lines.position(of: (place * 7919 + length / 2) % (length + 1), encoding: .utf16).json
        for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"] {
            request(method, ["textDocument": document, "position": position, "context": ["includeDeclaration": true]])
        }
    }
    current.publishDiagnostics()
    request("textDocument/documentSymbol", ["textDocument": document])
    request("textDocument/formatting", ["textDocument": document, "options": [:]])
    let whole = lines.range(0, length, encoding: .utf16)
    request("textDocument/codeAction", ["textDocument": document, "range": whole, "context": ["diagnostics": []]])
}
