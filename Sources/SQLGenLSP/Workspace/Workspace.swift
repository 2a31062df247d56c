import Foundation
import SQLGenCore
import SQLGenLanguage

/// The connectors of the files the editor works on, found from each file's folder as the CLI
/// finds them: the nearest `connector.yaml` that lists the file, or a `dataconnect.yaml`
/// project's connector that does. Several connectors live side by side, each loaded once.
final class Workspace {
    private(set) var connectors: [String: ConnectorState] = [:]
    /// The connector (by config path) found for each file asked about; nil when none owns it.
    private var owners: [String: String?] = [:]
    /// For a file no connector lists: the nearest connector, whose schema completion still uses.
    private var neighbours: [String: String] = [:]
    /// Configs that could not be read at all, with their problems (shown on the config file).
    private(set) var brokenConfigs: [String: [Diagnostic]] = [:]
    /// How many folders above a file are searched.
    private static let searchDepth = 24

    /// The connector that owns `path` (an operation or schema file of it).
    func connector(owning path: String, read: (String) -> [UInt8]?) -> ConnectorState? {
        if let known = owners[path] { return known.flatMap { connectors[$0] } }
        let found = search(path, read: read)
        owners[path] = .some(found?.key)
        return found
    }

    /// The owner of `path`, or else the nearest connector above it (a new file not yet listed).
    func connector(near path: String, read: (String) -> [UInt8]?) -> ConnectorState? {
        if let owner = connector(owning: path, read: read) { return owner }
        return neighbours[path].flatMap { connectors[$0] }
    }

    /// For a file no connector listed when it was loaded (one made since, without file watching):
    /// the nearest connector finds its files again. Whether that connector now owns it.
    @discardableResult
    func lookAgain(for path: String, read: (String) -> [UInt8]?) -> Bool {
        guard connector(owning: path, read: read) == nil, let key = neighbours[path] else { return false }
        reload(key, read: read)
        owners[path] = nil
        return connector(owning: path, read: read) != nil
    }

    /// Forgets which connector owns which file (files were created, deleted or moved) and the
    /// configs that could not be read (one may have been fixed).
    func forgetOwners() {
        owners = [:]
        neighbours = [:]
        brokenConfigs = [:]
    }

    /// The connectors whose config is `path` (a `connector.yaml` or a project's `dataconnect.yaml`).
    func connectors(configuredBy path: String) -> [ConnectorState] {
        connectors.values.filter { state in
            state.key == path || state.loaded.project.map { FileURI.canonical($0.path) == path } == true
        }
    }

    /// Reads connector `key` again: on success it stays, else it is dropped and its config's
    /// problems are kept to show.
    func reload(_ key: String, read: (String) -> [UInt8]?) {
        guard let state = connectors[key], let problems = state.reload(read: read) else { return }
        connectors[key] = nil
        brokenConfigs[key] = problems
        owners = owners.filter { $0.value != key }
    }

    private func search(_ path: String, read: (String) -> [UInt8]?) -> ConnectorState? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var nearest: ConnectorState?
        for _ in 0..<Self.searchDepth {
            for name in ["connector.yaml", "dataconnect.yaml"] {
                let config = folder.appendingPathComponent(name).path
                guard FileManager.default.fileExists(atPath: config) else { continue }
                let states = load(config, read: read)
                if let owner = states.first(where: { $0.operationPaths.contains(path) }) ?? states.first(where: { $0.owns(path) }) {
                    return owner
                }
                nearest = nearest ?? states.first
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        if let nearest { neighbours[path] = nearest.key }
        return nil
    }

    /// The connectors `config` names, loaded once each.
    private func load(_ config: String, read: (String) -> [UInt8]?) -> [ConnectorState] {
        let canonical = FileURI.canonical(config)
        if config.hasSuffix("/connector.yaml"), let known = connectors[canonical] { return [known] }
        if config.hasSuffix("/dataconnect.yaml") {
            let known = connectors.values.filter { $0.loaded.project.map { FileURI.canonical($0.path) } == canonical }
            if !known.isEmpty { return known }
        }
        let (loaded, problems) = LoadedConnector.load(configPath: canonical, read: read)
        if !problems.isEmpty { brokenConfigs[canonical] = problems }
        return loaded.map { connector in
            let key = FileURI.canonical(connector.config.path)
            if let existing = connectors[key] { return existing }
            let state = ConnectorState(connector)
            connectors[key] = state
            return state
        }
    }
}
