import Foundation

/// Which connectors a path names, the way every command reads it: a `dataconnect.yaml`, a folder
/// holding one, a `connector.yaml` (or its folder) inside a Data Connect project, found by
/// walking up to the `dataconnect.yaml` that lists it, or a connector of its own.
public enum ConnectorLocator {
    /// Every connector `path` names, each with its project when it has one.
    public static func connectors(at path: String) throws(ConfigurationError) -> [(config: ConnectorConfig, project: DataConnectProject?)] {
        let absolute = ConfigPaths.absolute(path)
        if let project = try project(containing: absolute) {
            guard let connectorFile = connectorFile(at: absolute) else { return project.connectors.map { ($0, project) } }
            let directory = ConfigPaths.parent(of: connectorFile)
            if let connector = project.connectors.first(where: { standardized($0.directory) == standardized(directory) }) {
                return [(connector, project)]
            }
        }
        return [(try ConnectorConfig.load(path: path), nil)]
    }

    /// The project `path` belongs to: the `dataconnect.yaml` it names or holds, or, for a
    /// connector, the nearest one above it that lists the connector's folder.
    public static func project(containing path: String) throws(ConfigurationError) -> DataConnectProject? {
        let absolute = ConfigPaths.absolute(path)
        if absolute.hasSuffix("dataconnect.yaml") { return try DataConnectProject.load(path: absolute) }
        if isFolder(absolute), connectorFile(at: absolute) == nil, let file = DataConnectProject.find(in: absolute) {
            return try DataConnectProject.load(path: file)
        }
        guard let connector = connectorFile(at: absolute) else { return nil }
        let connectorDirectory = standardized(ConfigPaths.parent(of: connector))
        var folder = URL(fileURLWithPath: connectorDirectory).deletingLastPathComponent()
        // A project lists its connector folders below it; a few levels cover every layout.
        for _ in 0..<8 {
            if let file = DataConnectProject.find(in: folder.path) {
                let project = try DataConnectProject.load(path: file)
                return project.connectors.contains { standardized($0.directory) == connectorDirectory } ? project : nil
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    /// The connector.yaml `path` names (the file, or the one in the folder), if any.
    private static func connectorFile(at path: String) -> String? {
        if path.hasSuffix(".yaml"), !path.hasSuffix("dataconnect.yaml") { return path }
        let candidate = path + "/connector.yaml"
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
