import Foundation
import SQLGenJSON
import SQLGenLanguage

// Documents opening, changing and closing, files changing on disk, and diagnostics.
extension LanguageServer {
    func didOpen(_ params: JSONValue) {
        let item = params["textDocument"] ?? .null
        guard let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue,
              let document = store.open(uri: uri, version: item["version"]?.intValue ?? 0, text: text) else { return }
        workspace.lookAgain(for: document.path, read: readConfigured)
        touched(document.path)
    }

    func didChange(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let changes = params["contentChanges"]?.arrayValue,
              let document = store.change(uri: uri, version: params["textDocument"]?["version"]?.intValue ?? 0, changes: changes, encoding: encoding) else { return }
        touched(document.path)
    }

    func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = store.close(uri: uri) else { return }
        if looseFiles.remove(path) != nil || publishedBy[path] != nil {
            // A file no connector lists: its syntax errors go with it.
            publish(path, [])
            publishedBy[path] = nil
        }
        touched(path)
    }

    func didSave(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(of: uri) else { return }
        if Self.isConfig(path) {
            configChanged(path)
        } else if workspace.lookAgain(for: path, read: readConfigured) {
            touched(path)
        }
    }

    func didChangeWatchedFiles(_ params: JSONValue) {
        for change in params["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = FileURI.path(of: uri) else { continue }
            if Self.isConfig(path) {
                configChanged(path)
            } else if change["type"]?.intValue == 2 {
                touched(path)
            } else {
                // A file created or deleted: every connector finds its files again.
                workspace.forgetOwners()
                reloads.formUnion(workspace.connectors.keys)
                stale.formUnion(workspace.connectors.keys)
                if store.open[path] != nil { touched(path) }
            }
        }
    }

    static func isGraphQL(_ path: String) -> Bool {
        ["gql", "graphql", "graphqls"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    static func isConfig(_ path: String) -> Bool {
        path.hasSuffix("/connector.yaml") || path.hasSuffix("/dataconnect.yaml")
    }

    /// Notes that `path`'s text changed: its connector (or, for a schema file, every connector
    /// reading it) needs validating again.
    func touched(_ path: String) {
        if Self.isConfig(path) {
            configChanged(path)
            return
        }
        if store.open[path] != nil { changedOpenFiles.insert(path) }
        let owner = workspace.connector(owning: path, read: readConfigured)
        let readers = workspace.connectors.values.filter { $0.schemaPaths.contains(path) }
        for reader in readers { reloads.insert(reader.key) }
        stale.formUnion(readers.map(\.key))
        if let owner {
            stale.insert(owner.key)
        } else if readers.isEmpty, store.open[path] != nil, Self.isGraphQL(path) {
            looseFiles.insert(path)
        }
    }

    /// A `connector.yaml` or `dataconnect.yaml` changed: its connectors are read again (and a
    /// config that could not be read is tried again).
    func configChanged(_ path: String) {
        let affected = workspace.connectors(configuredBy: path).map(\.key)
        workspace.forgetOwners()
        reloads.formUnion(affected)
        stale.formUnion(affected)
        // A config that failed to load, or a new one, is found again through the open files.
        for document in store.open.values where !Self.isConfig(document.path) {
            if let owner = workspace.connector(owning: document.path, read: readConfigured) { stale.insert(owner.key) }
        }
        publishBrokenConfigs()
    }

    /// Validates every connector touched since the last call and publishes what changed.
    public func publishDiagnostics() {
        for key in reloads { workspace.reload(key, read: readConfigured) }
        // A view shows the schema: it is written again only after the schema was read again.
        derivedViews = derivedViews.filter { workspace.connectors[$0.key] != nil && !reloads.contains($0.key) }
        reloads = []
        for key in stale.sorted() {
            guard let connector = workspace.connectors[key] else { continue }
            publish(connector)
        }
        stale = []
        for path in looseFiles.sorted() { publishSyntaxErrors(path) }
        looseFiles = []
        publishBrokenConfigs()
        changedOpenFiles = []
    }

    private func publish(_ connector: ConnectorState) {
        let problems = connector.problems(read: read)
        var sources: [SourceID: String] = [:]
        for (path, file) in connector.parsedFiles { sources[file.source.id] = path }
        for source in connector.loaded.schemaSources { sources[source.id] = FileURI.canonical(source.name) }
        let conversion = DiagnosticConversion(encoding: encoding, read: read, uri: store.uri(of:))
        let previous = publishedBy[connector.key] ?? []
        for (path, list) in problems {
            publish(path, list.map { conversion.json($0, in: path, sources: sources) })
            lastErrors[path] = (connector.parsedFiles[path]?.source.bytes ?? [], list.compactMap { problem in
                if case .error(let error, _) = problem { return error }
                return nil
            })
        }
        for path in previous.subtracting(problems.keys).union(changedOpenFiles.filter(connector.owns)).subtracting(problems.keys) {
            publish(path, [])
            lastErrors[path] = nil
        }
        publishedBy[connector.key] = Set(problems.keys)
    }

    /// An open file no connector lists: its syntax errors only.
    private func publishSyntaxErrors(_ path: String) {
        guard let bytes = store.open[path]?.bytes else { return }
        let source = Source(bytes: bytes, name: path, id: SourceID(0))
        var problems: [JSONValue] = []
        do {
            _ = try Parser.parse(source, options: .connectorFile)
        } catch {
            let conversion = DiagnosticConversion(encoding: encoding, read: read, uri: store.uri(of:))
            problems.append(conversion.json(.error(error, severity: .error), in: path, sources: [SourceID(0): path]))
        }
        publish(path, problems)
        publishedBy[path] = [path]
    }

    private func publishBrokenConfigs() {
        var byFile: [String: [JSONValue]] = [:]
        let conversion = DiagnosticConversion(encoding: encoding, read: read, uri: store.uri(of:))
        for (config, diagnostics) in workspace.brokenConfigs {
            for diagnostic in diagnostics {
                let path = diagnostic.file.map(FileURI.canonical) ?? config
                byFile[path, default: []].append(conversion.json(.diagnostic(diagnostic, related: []), in: path, sources: [:]))
            }
        }
        for path in (publishedBy[Self.brokenConfigsKey] ?? []).subtracting(byFile.keys) { publish(path, []) }
        for (path, list) in byFile { publish(path, list) }
        publishedBy[Self.brokenConfigsKey] = Set(byFile.keys)
    }

    private static let brokenConfigsKey = "<configs that do not load>"

    /// Sends `textDocument/publishDiagnostics` when the list differs from the last one sent, or
    /// the file is open and was changed (the editor learns its new version was checked).
    private func publish(_ path: String, _ diagnostics: [JSONValue]) {
        let list = JSONValue.array(diagnostics)
        let open = store.open[path]
        guard published[path] != list || changedOpenFiles.contains(path) else { return }
        if diagnostics.isEmpty && published[path] == nil && !changedOpenFiles.contains(path) { return }
        published[path] = list
        var params: JSONValue = ["uri": .string(store.uri(of: path)), "diagnostics": list]
        if let open { params["version"] = .int(Int64(open.version)) }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params])
    }
}
