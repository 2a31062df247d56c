import Foundation
import SQLGenLanguage

/// Files found for a connector: absolute paths, sorted (byte order) and without duplicates, plus
/// warnings (such as a pattern that matches nothing).
public struct DiscoveredFiles: Sendable, Hashable {
    public var files: [String]
    public var warnings: [Diagnostic]

    public init(files: [String], warnings: [Diagnostic] = []) {
        self.files = files
        self.warnings = warnings
    }
}

extension ConnectorConfig {
    /// File extensions of GraphQL documents.
    public static let graphQLExtensions: Set<String> = ["graphql", "gql"]

    /// The schema files: each `sqlgen.schema` entry that is a folder contributes its `.graphql` and
    /// `.gql` files (below it too, outside hidden folders); a file entry is taken as it is (an
    /// introspection result when it ends in `.json`). Missing paths and empty folders are errors.
    public func discoverSchemaFiles() throws(ConfigurationError) -> DiscoveredFiles {
        var files: [String] = []
        var errors: [Diagnostic] = []
        for entry in sqlgen.schema {
            switch ConfigFileWalker.kind(of: entry.absolutePath) {
            case .directory:
                let found = ConfigFileWalker.graphQLFiles(under: entry.absolutePath, excluding: [])
                if found.isEmpty {
                    errors.append(entry.diagnostic(.error, "no .graphql or .gql files in the schema folder '\(entry.text)'"))
                }
                files += found
            case .file:
                let ext = URL(fileURLWithPath: entry.absolutePath).pathExtension.lowercased()
                if ConnectorConfig.graphQLExtensions.contains(ext) || ext == "json" {
                    files.append(entry.absolutePath)
                } else {
                    errors.append(entry.diagnostic(.error, "schema file '\(entry.text)' must be a .graphql or .gql file or an introspection .json"))
                }
            case .missing:
                if sqlgen.schemaIsDefault {
                    var diagnostic = entry.diagnostic(.error, "no schema found: expected a folder '\(entry.text)' (set 'sqlgen.schema' in connector.yaml to use another place)")
                    diagnostic.file = diagnostic.file ?? path
                    errors.append(diagnostic)
                } else {
                    errors.append(entry.diagnostic(.error, "schema path '\(entry.text)' does not exist"))
                }
            }
        }
        guard errors.isEmpty else { throw ConfigurationError(diagnostics: errors) }
        return DiscoveredFiles(files: ConfigFileWalker.sortedUnique(files))
    }

    /// The operation files. Default: every `.gql`/`.graphql` file in the folder of
    /// `connector.yaml` and below it, outside the schema, the output folders and hidden folders
    /// (such as `.dataconnect`). With `sqlgen.operations`: each folder's GraphQL files (same
    /// exclusions), each file as named, and each glob's matching GraphQL files. A path that does
    /// not exist is an error; a glob matching nothing, or finding no files at all, is a warning.
    public func discoverOperationFiles() throws(ConfigurationError) -> DiscoveredFiles {
        try discoverOperationFiles(listings: nil)
    }

    /// As `discoverOperationFiles()`, reusing `listings` of earlier runs where folders are unchanged.
    func discoverOperationFiles(listings: DirectoryListings?) throws(ConfigurationError) -> DiscoveredFiles {
        var excluded = Set(sqlgen.schema.map(\.absolutePath))
        for sdk in swiftSDKs {
            excluded.insert(sdk.outputDir.absolutePath)
            excluded.insert(sdk.packageDirectory)
        }
        var files: [String] = []
        var warnings: [Diagnostic] = []
        var errors: [Diagnostic] = []
        if let entries = sqlgen.operations {
            for entry in entries {
                if ConfigGlobPattern.isGlob(entry.text) {
                    let found = ConfigFileWalker.glob(entry.text, relativeTo: directory, excluding: excluded, listings: listings)
                    if found.isEmpty {
                        warnings.append(entry.diagnostic(.warning, "'\(entry.text)' matches no .graphql or .gql files"))
                    }
                    files += found
                    continue
                }
                switch ConfigFileWalker.kind(of: entry.absolutePath) {
                case .directory:
                    let found = ConfigFileWalker.graphQLFiles(under: entry.absolutePath, excluding: excluded, listings: listings)
                    if found.isEmpty {
                        warnings.append(entry.diagnostic(.warning, "no .graphql or .gql files in '\(entry.text)'"))
                    }
                    files += found
                case .file:
                    files.append(entry.absolutePath)
                case .missing:
                    errors.append(entry.diagnostic(.error, "operations path '\(entry.text)' does not exist"))
                }
            }
        } else {
            files = ConfigFileWalker.graphQLFiles(under: directory, excluding: excluded, listings: listings)
            if files.isEmpty {
                warnings.append(Diagnostic(severity: .warning, message: "no operation files (.graphql or .gql) beside connector.yaml or below it", file: path))
            }
        }
        guard errors.isEmpty else { throw ConfigurationError(diagnostics: errors + warnings) }
        // One entry's files (a folder's, a glob's, or one file) are sorted and unique already.
        let single = (sqlgen.operations?.count ?? 1) <= 1
        return DiscoveredFiles(files: single ? files : ConfigFileWalker.sortedUnique(files), warnings: warnings)
    }
}

/// Walks folders in a fixed order without following symbolic links to folders (no cycles).
enum ConfigFileWalker {
    enum Kind {
        case file, directory, missing
    }

    static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    /// Whether the file name ends in `.graphql` or `.gql` (any case). Read off the string: this
    /// runs for every file of every folder walked.
    static func isGraphQLFile(_ path: String) -> Bool {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")), !path[dot...].utf8.contains(UInt8(ascii: "/")) else { return false }
        let name = path[..<dot].utf8.last
        guard name != nil, name != UInt8(ascii: "/") else { return false }
        return ConnectorConfig.graphQLExtensions.contains(path[path.utf8.index(after: dot)...].lowercased())
    }

    /// GraphQL files under `root`, skipping hidden entries and the `excluded` paths.
    static func graphQLFiles(under root: String, excluding excluded: Set<String>, listings: DirectoryListings? = nil) -> [String] {
        let walk = {
            var result: [String] = []
            Self.walk(root, relative: [], excluding: excluded, listings: listings) { path, _ in
                if isGraphQLFile(path) { result.append(path) }
            }
            return sortedUnique(result)
        }
        return listings?.files(under: root, excluding: excluded, walk: walk) ?? walk()
    }

    /// GraphQL files matching `pattern` (relative to `directory` unless absolute). The walk starts
    /// at the pattern's leading folders that hold no glob syntax.
    static func glob(_ pattern: String, relativeTo directory: String, excluding excluded: Set<String>, listings: DirectoryListings? = nil) -> [String] {
        var segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var base = pattern.hasPrefix("/") ? "/" : directory
        while let first = segments.first, !ConfigGlobPattern.isGlob(first), segments.count > 1 {
            base = ConfigPaths.resolve(first, relativeTo: base)
            segments.removeFirst()
        }
        guard kind(of: base) == .directory else { return [] }
        let matcher = ConfigGlobPattern(segments.joined(separator: "/"))
        var result: [String] = []
        walk(base, relative: [], excluding: excluded, listings: listings, allowHiddenPattern: matcher) { path, components in
            if isGraphQLFile(path), matcher.matches(components) { result.append(path) }
        }
        return sortedUnique(result)
    }

    /// Calls `visit` with every regular file (absolute path and components relative to the start).
    private static func walk(_ directory: String, relative: [String], excluding excluded: Set<String>, listings: DirectoryListings?,
                             allowHiddenPattern: ConfigGlobPattern? = nil, depth: Int = 0, visit: (String, [String]) -> Void) {
        guard depth < 64, let entries = listings?.entries(of: directory) ?? DirectoryEntries.list(directory)?.sorted(by: { $0.name.utf8Precedes($1.name) }) else { return }
        for entry in entries {
            let path = directory.hasSuffix("/") ? directory + entry.name : directory + "/" + entry.name
            if excluded.contains(path) { continue }
            let components = relative + [entry.name]
            let hidden = entry.name.hasPrefix(".")
            if hidden, !(allowHiddenPattern.map { hiddenAllowed($0, components) } ?? false) { continue }
            switch entry.kind {
            case .directory:
                walk(path, relative: components, excluding: excluded, listings: listings, allowHiddenPattern: allowHiddenPattern, depth: depth + 1, visit: visit)
            case .file:
                visit(path, components)
            case .linkToDirectory, .other:
                continue
            }
        }
    }

    static func sortedUnique(_ paths: [String]) -> [String] {
        // A single folder's walk is sorted already; checking is linear.
        if zip(paths, paths.dropFirst()).allSatisfy({ $0.utf8Precedes($1) }) { return paths }
        return Array(Set(paths)).sorted { $0.utf8Precedes($1) }
    }

    /// A hidden entry is walked only when the pattern names it with a leading `.` at that depth.
    private static func hiddenAllowed(_ pattern: ConfigGlobPattern, _ components: [String]) -> Bool {
        let index = components.count - 1
        guard index < pattern.segments.count else { return false }
        return pattern.segments[index].first == "."
    }
}
