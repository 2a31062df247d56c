import Foundation
import Testing

/// `sqlgen generate` that fails while writing writes nothing, as it says.
@Suite struct AtomicGenerateTests {
    /// A connector id so long that a generated file name exceeds the file system's limit.
    @Test func tooLongAFileNameWritesNothing() async throws {
        let config = GenerateCommandTests.config.replacingOccurrences(of: "connectorId: movies", with: "connectorId: " + String(repeating: "m", count: 300))
        let folder = try GenerateCommandTests.makeConnector(config: config)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("File name too long"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// Two SDKs, the second unwritable: the first is not written either.
    @Test func aFailedPackageLeavesTheOtherPackagesUnwritten() async throws {
        let config = GenerateCommandTests.config.replacingOccurrences(of: """
              swiftSdk:
                outputDir: out
                package: MoviesSDK
            """, with: """
              swiftSdk:
                - {outputDir: out, package: MoviesSDK}
                - {outputDir: blocked, package: OtherSDK}
            """)
        let folder = try GenerateCommandTests.makeConnector(config: config)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await SQLGen.run(["generate"], in: folder).status == 0)
        let first = GenerateCommandTests.read(GenerateCommandTests.operationFile, in: folder)
        try GenerateCommandTests.write(GenerateCommandTests.queries + "\nquery another @auth(level: PUBLIC) { movies { id } }", to: "connector/queries.gql", in: folder)
        // A file where the second package's Sources folder must be.
        let sources = folder.appendingPathComponent("blocked/OtherSDK/Sources")
        try FileManager.default.removeItem(at: sources)
        try Data("not a folder".utf8).write(to: sources)
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(GenerateCommandTests.read(GenerateCommandTests.operationFile, in: folder) == first)
        #expect(GenerateCommandTests.generatedOperation("AnotherQuery", in: folder) == nil)
    }
}
