import Foundation
import SQLGenCommandLine
import SQLGenCore

/// `sqlgen-generate sources`: what the build plugin runs when one of a target's inputs changed.
enum SourcesCommand: Command {
    static let name = "sources"
    static let summary = "Write the connector's SDK as sources of the target that holds it (the build plugin)"
    static let usage = """
    USAGE: sqlgen-generate sources --config PATH --output DIR [--inputs-under FOLDER ...]

    Validates the connector as `sqlgen generate` does and writes the Swift of its SDK (the
    client, operations, keys, enums and inputs; no Package.swift or README) to a fixed set of
    files in DIR: \(ModuleSources.fileNames.joined(separator: ", ")).
    Files whose content did not change are not rewritten.

    OPTIONS:
      --config PATH           connector.yaml, or a dataconnect.yaml with one connector
      --output DIR            where the files go
      --inputs-under FOLDER   a folder whose changes the build system watches; a schema,
                              operation or config file elsewhere is an error (repeatable)

    EXIT STATUS:
      0 written (or up to date); 1 errors in the config, schema or operations; 2 bad arguments
    """

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, options: ["--config", "--output", "--inputs-under"])
        } catch {
            Output.error(error.message)
            return 2
        }
        guard let config = parsed.value("--config"), let output = parsed.value("--output"), parsed.operands.isEmpty else {
            Output.error("sources needs --config PATH and --output DIR, and takes no other arguments")
            return 2
        }
        let outcome = ModuleSources.generate(configPath: config, roots: parsed.values("--inputs-under"), outputDirectory: output)
        Output.diagnostics(outcome.diagnostics)
        if outcome.hasErrors {
            let count = outcome.diagnostics.filter { $0.severity == .error }.count
            Output.stderr("sqlgen: \(count) error\(count == 1 ? "" : "s"); the SDK was not generated")
            return 1
        }
        do {
            for file in outcome.files {
                try AtomicFileWriter.writeIfChanged(Array(file.contents.utf8), to: output + "/" + file.path, createFolders: true)
            }
        } catch {
            Output.error(error.description)
            return 1
        }
        return 0
    }
}
