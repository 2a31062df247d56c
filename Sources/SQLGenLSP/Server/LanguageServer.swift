import Foundation
import SQLGenJSON
import SQLGenLanguage

/// The language server's state and message dispatch (LSP 3.17 over JSON-RPC 2.0). It handles one
/// message at a time; diagnostics are computed by `publishDiagnostics()`, which the loop calls
/// once no message is waiting, so a burst of keystrokes is validated once.
public final class LanguageServer {
    /// JSON-RPC error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    let send: (JSONValue) -> Void
    var encoding = PositionEncoding.utf16
    var store = DocumentStore()
    let workspace = Workspace()
    var state = Lifecycle.starting
    /// Connectors whose diagnostics are out of date, and those to read again first.
    var stale: Set<String> = []
    var reloads: Set<String> = []
    /// Open files no connector lists, whose syntax errors are shown.
    var looseFiles: Set<String> = []
    /// Open files changed since diagnostics were last published: published even when unchanged.
    var changedOpenFiles: Set<String> = []
    /// What was last published for each file, and which connector's files each was.
    var published: [String: JSONValue] = [:]
    var publishedBy: [String: Set<String>] = [:]
    /// The validation errors of each file with the text they were found in (for code actions).
    var lastErrors: [String: (bytes: [UInt8], errors: [GraphQLError])] = [:]
    var nextRequestID = 1
    var watchesFiles = false
    /// How the client shows documentation in completion items and hovers.
    var completionFormat = TextFormat.string
    var hoverFormat = TextFormat.string
    var derivedViews: [String: DerivedSchemaView] = [:]
    let disk = DiskFiles()

    enum Lifecycle {
        case starting, running, shuttingDown
    }

    /// Where the read-only views of derived schemas go (default: `lsp` in the cache folder).
    public var derivedSchemaDirectory: String?

    /// Where `exit` asks the process to end, and with which status.
    public private(set) var exitStatus: Int32?

    public init(send: @escaping (JSONValue) -> Void) {
        self.send = send
    }

    /// Whether diagnostics wait to be computed.
    public var hasPendingWork: Bool { !stale.isEmpty || !reloads.isEmpty || !looseFiles.isEmpty }

    /// Handles one message: a request (answered at once), a notification, or a response.
    public func handle(_ message: JSONValue) {
        guard let method = message["method"]?.stringValue else { return }
        let id = message["id"] ?? .null
        let params = message["params"] ?? .null
        if id.isNull {
            notification(method, params)
            return
        }
        do {
            send(["jsonrpc": "2.0", "id": id, "result": try request(method, params)])
        } catch {
            send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(Int64(error.code.rawValue)), "message": .string(error.message)]])
        }
    }

    /// Answers a message that is not valid JSON.
    public func reportParseError(_ message: String) {
        send(["jsonrpc": "2.0", "id": nil, "error": ["code": .int(Int64(ErrorCode.parseError.rawValue)), "message": .string(message)]])
    }

    private func request(_ method: String, _ params: JSONValue) throws(RequestError) -> JSONValue {
        if method == "initialize" { return initialize(params) }
        guard state != .starting else { throw RequestError(code: .serverNotInitialized, message: "the server is not initialized") }
        guard state != .shuttingDown else { throw RequestError(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            state = .shuttingDown
            return nil
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/codeAction": return try codeActions(params)
        default: throw RequestError(code: .methodNotFound, message: "unknown method \(method)")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "initialized": registerFileWatchers()
        case "exit": exitStatus = state == .shuttingDown ? 0 : 1
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
        default: break
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        encoding = PositionEncoding.negotiate(params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue))
        watchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        let textDocument = params["capabilities"]?["textDocument"]
        completionFormat = TextFormat(offered: textDocument?["completion"]?["completionItem"]?["documentationFormat"])
        hoverFormat = TextFormat(offered: textDocument?["hover"]?["contentFormat"])
        state = .running
        let capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "completionProvider": ["triggerCharacters": ["$", "@", "(", "{", ":", "."], "resolveProvider": false],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "sqlgen", "version": .string(Self.version)]]
    }

    public static let version = "0.1.0"

    /// Asks the client to tell us when GraphQL files and configs change on disk.
    private func registerFileWatchers() {
        guard watchesFiles else { return }
        let watchers: JSONValue = [["globPattern": "**/*.{gql,graphql}"], ["globPattern": "**/{connector,dataconnect}.yaml"]]
        let registration: JSONValue = ["id": "sqlgen-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers]]
        send(["jsonrpc": "2.0", "id": .int(Int64(nextRequestID)), "method": "client/registerCapability", "params": ["registrations": [registration]]])
        nextRequestID += 1
    }

    /// A file's text as the editor has it (open) or as it is on disk; `path` has its links
    /// resolved (`FileURI.canonical`).
    func read(_ path: String) -> [UInt8]? {
        store.open[path]?.bytes ?? disk.bytes(path)
    }

    /// `read` for a path as a config names it.
    func readConfigured(_ path: String) -> [UInt8]? {
        read(FileURI.canonical(path))
    }
}
