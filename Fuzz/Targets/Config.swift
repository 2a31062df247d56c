// `yaml`: the YAML reader and the two configuration files. The first byte picks what reads the
// rest: the YAML parser alone, `connector.yaml` (`ConnectorConfig.parse`), or `dataconnect.yaml`
// (`DataConnectProject.load`, from a file in a private folder, with one listed connector folder
// holding a fixed valid `connector.yaml`). Bad input must give diagnostics, never a crash; every
// diagnostic names the file it is about.

import Foundation
import SQLGenCore
import SQLGenYAML

nonisolated(unsafe) private var folder = ""

let configTarget = FuzzTarget(name: "yaml", setUp: setUpConfig, run: fuzzConfig)

private func setUpConfig() {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-fuzz-yaml-\(getpid())").path
    let connector = folder + "/connector"
    try? FileManager.default.createDirectory(atPath: connector, withIntermediateDirectories: true)
    let text = "connectorId: movies\ngenerate:\n  swiftSdk:\n    outputDir: ../Generated\n    package: Movies\n"
    FileManager.default.createFile(atPath: connector + "/connector.yaml", contents: Data(text.utf8))
    atexit { try? FileManager.default.removeItem(atPath: folder) }
}

private func fuzzConfig(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0:
        _ = try? YAML.parse(rest)
    case 1:
        do {
            _ = try ConnectorConfig.parse(bytes: rest, path: folder + "/connector.yaml")
        } catch {
            checkDiagnostics(error)
        }
    default:
        let path = folder + "/dataconnect.yaml"
        FileManager.default.createFile(atPath: path, contents: Data(rest))
        do {
            _ = try DataConnectProject.load(path: path)
        } catch {
            checkDiagnostics(error)
        }
    }
}

private func checkDiagnostics(_ error: ConfigurationError) {
    precondition(!error.diagnostics.isEmpty, "a configuration error without diagnostics")
    _ = error.description
}
