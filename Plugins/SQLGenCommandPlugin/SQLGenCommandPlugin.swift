import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory sqlgen generate [--config PATH] [--watch]
/// [--check] [--manifest FILE] [--no-cache]`: `sqlgen generate` run in the package's folder by the
/// generation-only tool, for teams that commit the generated SDK package.
@main
struct SQLGenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard arguments.first == "generate" else {
            throw CommandFailure("usage: swift package --allow-writing-to-package-directory sqlgen generate [--config PATH] [--watch] [--check] [--manifest FILE] [--no-cache]")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "sqlgen-generate").url
        // The tool ends when its input closes, so when the plugin ends however it ends (SwiftPM
        // stops the plugin on Ctrl-C, not the tool, which `--watch` would leave running).
        process.arguments = ["--exit-with-input"] + arguments
        let input = Pipe()
        process.standardInput = input
        process.currentDirectoryURL = context.package.directoryURL
        // Generation records go to the plugin's work folder: a sandboxed plugin may write nowhere else
        // outside the package.
        var environment = ProcessInfo.processInfo.environment
        if environment["SQLGEN_CACHE_DIR"] == nil {
            environment["SQLGEN_CACHE_DIR"] = context.pluginWorkDirectoryURL.appending(path: "cache").path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        // The tool has printed its diagnostics; only the status is left to report.
        guard process.terminationStatus == 0 else {
            throw CommandFailure("sqlgen generate exited with status \(process.terminationStatus)")
        }
    }
}

struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
