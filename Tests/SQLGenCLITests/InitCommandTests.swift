import Foundation
import Testing

/// `sqlgen init` and what `generate` and `validate` say of a connector without a Swift SDK,
/// run as a user would on real project layouts.
@Suite struct InitCommandTests {
    private static let realProjects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealProjects")

    /// A copy of a real project in a fresh folder.
    private func copy(_ project: String) throws -> URL {
        let folder = try SQLGen.temporaryDirectory()
        let target = folder.appendingPathComponent("project")
        try FileManager.default.copyItem(at: Self.realProjects.appendingPathComponent(project), to: target)
        return target
    }

    @Test("A project without a Swift SDK: generate says so and exits 1, validate counts its operations, init adds one")
    func existingProjectWithoutSwiftSDK() async throws {
        let project = try copy("examples/quickstart-js")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let before = try await SQLGen.run(["generate"], in: project)
        #expect(before.status == 1)
        #expect(before.stderr.contains("connector 'movie-connector' has no generate.swiftSdk"))
        #expect(before.stderr.contains("sqlgen init --connector movie-connector"))
        let validated = try await SQLGen.run(["validate"], in: project)
        #expect(validated.status == 0)
        #expect(validated.stdout.hasPrefix("12 operations valid"))

        let initialized = try await SQLGen.run(["init"], in: project)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(initialized.stdout.contains("added swiftSdk (outputDir: ../dataconnect-generated/swift, package: MovieConnectorSDK)"))
        let generated = try await SQLGen.run(["generate"], in: project)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("dataconnect-generated/swift/MovieConnectorSDK/Package.swift").path))
        let again = try await SQLGen.run(["init"], in: project)
        #expect(again.stdout.contains("already has a swiftSdk; left as it is"))
    }

    @Test("--config may name a connector.yaml inside the project; --connector picks one")
    func connectorInsideProject() async throws {
        let project = try copy("realworld/qs-flutter")
        defer { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        let result = try await SQLGen.run(["init", "--config", "connector/connector.yaml", "--package", "Movies"], in: project)
        #expect(result.status == 0, "\(result.stderr)")
        let wrong = try await SQLGen.run(["init", "--connector", "nope"], in: project)
        #expect(wrong.status == 1 && wrong.stderr.contains("no connector 'nope'"))
        let validated = try await SQLGen.run(["validate", "--config", "connector/connector.yaml"], in: project)
        #expect(validated.status == 0, "\(validated.stderr)")
    }

    @Test("In an empty folder: a project that generates at once; in a folder with files: nothing overwritten")
    func newProject() async throws {
        let folder = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try await SQLGen.run(["init"], in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        let generated = try await SQLGen.run(["generate"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.contains("MoviesSDK: 3 operations"))

        let other = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try Data("# mine\n".utf8).write(to: other.appendingPathComponent("schema/schema.gql"))
        let refused = try await SQLGen.run(["init"], in: other)
        #expect(refused.status == 1 && refused.stderr.contains("not writing over existing files"))
        #expect(try String(contentsOf: other.appendingPathComponent("schema/schema.gql"), encoding: .utf8) == "# mine\n")
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("dataconnect.yaml").path))
    }

    @Test("--aem writes a connector whose persisted queries validate and generate")
    func aemConnector() async throws {
        let folder = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try await SQLGen.run(["init", "--aem", "--configuration", "my-site"], in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        let generated = try await SQLGen.run(["generate"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.contains("MySiteSDK: 2 operations"))
    }
}
