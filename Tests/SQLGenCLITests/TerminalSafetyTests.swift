import Foundation
import Testing

/// What sqlgen prints about a hostile file holds no terminal control sequence from it.
@Suite struct TerminalSafetyTests {
    @Test func escapeSequencesInConnectorYAMLAreShownEscaped() async throws {
        let directory = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = "connectorId: c\n\"\u{1B}[2J\u{1B}[H\u{9B}31m\": 1\n"
        try Data(yaml.utf8).write(to: directory.appendingPathComponent("connector.yaml"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try Data("type Movie @table { title: String! }".utf8).write(to: directory.appendingPathComponent("schema/schema.gql"))
        let result = try await SQLGen.run(["validate"], in: directory)
        #expect(result.stderr.contains("warning: unknown key '<U+001B>[2J<U+001B>[H<U+009B>31m' in connector.yaml"), "\(result.stderr)")
        let bytes = Array((result.stdout + result.stderr).utf8)
        #expect(!bytes.contains(0x1B))
        #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.value == 0x9B })
    }
}
