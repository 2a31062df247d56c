import Foundation
import Testing

/// `sqlgen validate --config <project>/dataconnect.yaml` on every published project, unchanged:
/// the real service accepted them, so any error is sqlgen's.
@Suite struct RealProjectValidationTests {
    private static let realProjects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealProjects")

    /// Each project with a `dataconnect.yaml`, and how many operations its connector holds.
    static let projects: [(String, Int)] = [
        ("examples/codelab-dataconnect-ios", 7),
        ("examples/codelab-dataconnect-web", 0),
        ("examples/data-connect-ios-sdk-friendlyflix", 14),
        ("examples/data-connect-ios-sdk-kitchensink", 14),
        ("examples/data-connect-ios-sdk-template", 3),
        ("examples/quickstart-android", 12),
        ("examples/quickstart-js", 12),
        ("realworld/compass-web", 6),
        ("realworld/fbinit", 9),
        ("realworld/fishfood", 7),
        ("realworld/init-template-2024", 0),
        ("realworld/qs-flutter", 15),
    ]

    @Test(arguments: projects)
    func validatesWithoutErrorsOrWarnings(_ project: String, operations: Int) async throws {
        let config = Self.realProjects.appendingPathComponent(project).appendingPathComponent("dataconnect.yaml")
        let result = try await SQLGen.run(["validate", "--config", config.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("\(operations) operation\(operations == 1 ? "" : "s") valid"), "\(result.stdout)")
    }

    @Test func everyPublishedProjectIsListed() throws {
        var found: [String] = []
        for group in ["examples", "realworld"] {
            let folder = Self.realProjects.appendingPathComponent(group)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("dataconnect.yaml").path) {
                found.append(group + "/" + name)
            }
        }
        #expect(found == Self.projects.map(\.0))
    }
}
