import Foundation
import Testing
@testable import SQLGenCore

@Suite struct SwiftSDKEntryTests {
    @Test("The entry goes under an existing generate:, at its children's indentation, the rest untouched")
    func underExistingGenerate() throws {
        let text = "connectorId: movies\n# the SDKs\ngenerate:\n    dartSdk:\n        outputDir: ../lib  # Dart\n        package: movies\n"
        let edited = try SwiftSDKEntry.adding(to: text, outputDir: "../swift", package: "MoviesSDK")
        #expect(edited == "connectorId: movies\n# the SDKs\ngenerate:\n    swiftSdk:\n        outputDir: ../swift\n        package: MoviesSDK\n    dartSdk:\n        outputDir: ../lib  # Dart\n        package: movies\n")
        let config = try ConnectorConfig.parse(bytes: Array(edited.utf8), path: "/p/connector.yaml")
        #expect(config.swiftSDKs.map(\.package) == ["MoviesSDK"])
    }

    @Test("Without generate, or with generate: {}, a block is written")
    func withoutGenerate() throws {
        #expect(try SwiftSDKEntry.adding(to: "connectorId: a", outputDir: "out", package: "A") == "connectorId: a\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: A\n")
        #expect(try SwiftSDKEntry.adding(to: "connectorId: a\ngenerate: {}\n", outputDir: "my dir", package: "A") == "connectorId: a\ngenerate:\n  swiftSdk:\n    outputDir: \"my dir\"\n    package: A\n")
    }

    @Test("A one-line generate mapping is not rewritten: the error says what to add")
    func flowStyleIsRefused() {
        #expect(throws: SwiftSDKEntry.EditError.self) {
            try SwiftSDKEntry.adding(to: "connectorId: a\ngenerate: {dartSdk: {outputDir: x, package: y}}\n", outputDir: "o", package: "P")
        }
    }

    @Test("Every real project's connectors without a swiftSdk get one that reads back")
    func realProjects() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RealProjects")
        var edited = 0
        for group in ["examples", "realworld"] {
            let folder = root.appendingPathComponent(group)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let project = folder.appendingPathComponent(name).path
                guard DataConnectProject.find(in: project) != nil else { continue }
                let loaded = try DataConnectProject.load(path: project)
                let plan = try ProjectInitializer.addSwiftSDK(connectors: loaded.connectors, projectDirectory: loaded.directory, connectorID: nil, outputDir: nil, package: nil)
                for file in plan.files {
                    let config = try ConnectorConfig.parse(bytes: Array(file.contents.utf8), path: file.path)
                    #expect(config.swiftSDKs.count == 1, "\(file.path)")
                    #expect(config.swiftSDKs.first?.packageDirectory.hasSuffix("/dataconnect-generated/swift/" + ProjectInitializer.packageName(connectorID: config.connectorId)) == true)
                    edited += 1
                }
                #expect(plan.files.count + loaded.connectors.filter { !$0.swiftSDKs.isEmpty }.count == loaded.connectors.count)
            }
        }
        #expect(edited >= 7)
    }
}
