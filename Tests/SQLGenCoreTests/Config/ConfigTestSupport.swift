import Foundation
import SQLGenLanguage
@testable import SQLGenCore

let configFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent("config").path

/// A fresh folder under the system temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let url = TestFolders.root.appendingPathComponent("sqlgen-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // Resolve /tmp symlinks (macOS) so paths compare equal to discovered ones.
        path = url.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Writes `contents` at the relative `name`, creating folders.
    @discardableResult
    func write(_ name: String, _ contents: String = "query Q { a }\n") throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Parses connector.yaml text as if it were at /project/connector.yaml.
func parseConnector(_ text: String, path: String = "/project/connector.yaml") throws(ConfigurationError) -> ConnectorConfig {
    try ConnectorConfig.parse(bytes: Array(text.utf8), path: path)
}

/// The diagnostics the text produces, rendered without the source line (`file:line:col: severity: message`).
func configProblems(_ text: String) -> [String] {
    do {
        let config = try parseConnector(text)
        return config.warnings.map(headline)
    } catch {
        return error.diagnostics.map(headline)
    }
}

func headline(_ diagnostic: Diagnostic) -> String {
    diagnostic.rendered().split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
}
