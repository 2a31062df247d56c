import Foundation
import PackagePlugin

/// The build-tool plugin: a target whose folder holds a `connector.yaml`, the schema and the
/// operation files gets the connector's SDK generated and compiled into it. SwiftPM reruns the
/// generation only when one of the inputs declared here changed.
@main
struct SQLGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard target.recursiveTargetDependencies.contains(where: { $0.name == "SQLConnect" }) else {
            throw PluginFailure("target '\(target.name)' uses SQLGenPlugin, so its code imports SQLConnect: add .product(name: \"SQLConnect\", package: \"sqlgen\") to its dependencies")
        }
        // `directoryURL` needs tools version 6.1, and `Path`'s own accessors are deprecated.
        let directory = URL(fileURLWithPath: String(describing: target.directory))
        // SwiftPM lists the target's files again when it plans a build, so a new file counts too.
        let connector = try PluginConnector(folder: directory, targetName: target.name, files: target.sourceFiles.map(\.url))
        return [connector.command(tool: try context.tool(named: "sqlgen-generate").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}

/// The connector in a target's folder, and the files whose changes regenerate its SDK.
struct PluginConnector {
    var config: URL
    /// The tool refuses an input outside this folder: a change to it would go unseen.
    var folder: URL
    var inputs: [URL]
    var targetName: String

    /// The file names the tool writes (`ModuleSources.fileNames` in SQLGenCore): outputs must be
    /// known before the tool runs.
    static let outputNames = ["SQLGenClient.swift", "SQLGenOperations.swift", "SQLGenKeys.swift", "SQLGenEnums.swift", "SQLGenInputs.swift"]
    static let inputExtensions: Set<String> = ["gql", "graphql", "yaml", "yml", "json"]

    /// The `connector.yaml` of `folder`; the inputs are the schema, operation and config files
    /// among `files`.
    init(folder: URL, targetName: String, files: [URL]) throws {
        config = folder.appending(path: "connector.yaml")
        guard FileManager.default.fileExists(atPath: config.path) else {
            throw PluginFailure("target '\(targetName)' uses SQLGenPlugin, but its folder holds no connector.yaml (connectorId: NAME is enough, with the schema in schema/ and the operations beside it)")
        }
        self.folder = folder
        self.targetName = targetName
        inputs = files.filter { Self.inputExtensions.contains($0.pathExtension.lowercased()) }
    }

    func command(tool: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appending(path: "GeneratedSources")
        return .buildCommand(
            displayName: "sqlgen: generating the SDK of \(targetName)'s connector",
            executable: tool,
            arguments: ["sources", "--config", config.path, "--output", output.path, "--inputs-under", folder.path],
            inputFiles: inputs,
            outputFiles: Self.outputNames.map { output.appending(path: $0) })
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Xcode app targets: the connector.yaml is one of the target's files, and every file below its
// folder is an input (the schema and operations need not be files of the target).
extension SQLGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        guard let config = target.inputFiles.map(\.url).first(where: { $0.lastPathComponent == "connector.yaml" }) else {
            throw PluginFailure("target '\(target.displayName)' uses SQLGenPlugin, but none of its files is a connector.yaml")
        }
        let folder = config.deletingLastPathComponent()
        var files: [URL] = []
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in walker { files.append(url) }
        }
        let connector = try PluginConnector(folder: folder, targetName: target.displayName, files: files)
        return [connector.command(tool: try context.tool(named: "sqlgen-generate").url, workDirectory: context.pluginWorkDirectoryURL)]
    }
}
#endif
