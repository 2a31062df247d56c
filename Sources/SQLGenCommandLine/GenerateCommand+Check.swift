import Foundation
import SQLGenCore
import SQLGenLanguage

extension GenerateCommand {
    /// `--check`: what a run would write, compared with what is on disk; nothing is written.
    static func check(configPath: String, manifest: String?) -> Int32 {
        let outcome = GeneratorPipeline.run(configPath: configPath, write: false)
        Output.diagnostics(outcome.diagnostics)
        if outcome.hasErrors {
            let count = outcome.diagnostics.filter { $0.severity == .error }.count
            Output.stderr("sqlgen: \(count) error\(count == 1 ? "" : "s")")
            return 1
        }
        var differing: [String] = []
        for package in outcome.packages {
            differing += PackageComparison.differences(package.files, in: package.directory).map { package.directory + "/" + $0 }
        }
        if let manifest, FileBytes.read(manifest) != Array(manifestText(outcome).utf8) {
            differing.append(manifest)
        }
        guard differing.isEmpty else {
            for path in differing { Output.stderr("\(path): differs from what `sqlgen generate` writes") }
            Output.stderr("sqlgen: \(differing.count) file\(differing.count == 1 ? "" : "s") out of date; run `sqlgen generate`")
            return 1
        }
        for package in outcome.packages { Output.stdoutLine("\(package.directory): up to date") }
        return outcome.packages.isEmpty ? 1 : 0
    }

    /// `--manifest FILE`: the connectors' operations, as a server with trusted documents reads them.
    static func writeManifest(_ outcome: GeneratorPipeline.Outcome, to path: String) -> Int32 {
        do {
            try AtomicFileWriter.writeIfChanged(Array(manifestText(outcome).utf8), to: path, createFolders: true)
            Output.stdoutLine("Wrote the persisted-query manifest \(path)")
            return 0
        } catch {
            Output.error(error.description)
            return 1
        }
    }

    private static func manifestText(_ outcome: GeneratorPipeline.Outcome) -> String {
        PersistedQueryManifest.json(outcome.packages.compactMap(\.connector))
    }
}
