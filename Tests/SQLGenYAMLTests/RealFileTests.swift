import Foundation
import Testing
@testable import SQLGenYAML

/// The `connector.yaml` and `dataconnect.yaml` files of the Data Connect example projects.
@Suite struct RealFileTests {
    static let projects = [
        "codelab-dataconnect-ios", "codelab-dataconnect-web", "data-connect-ios-sdk-friendlyflix",
        "data-connect-ios-sdk-kitchensink", "data-connect-ios-sdk-template", "quickstart-android", "quickstart-js",
    ]

    private func load(_ name: String) throws -> YAMLNode {
        let data = try Data(contentsOf: fixturesURL.appendingPathComponent(name))
        return try YAML.parse(Array(data))
    }

    @Test(arguments: projects)
    func dataconnectYAML(project: String) throws {
        let root = try load("\(project).dataconnect.yaml")
        #expect(root["schema"]?["source"]?.text == "./schema")
        #expect(root["location"]?.text == "us-central1")
        let dirs = try #require(root["connectorDirs"]?.items)
        #expect(dirs.count == 1)
        #expect(dirs[0].text?.hasPrefix("./") == true)
        #expect(root["schema"]?["datasource"]?["postgresql"]?["cloudSql"]?["instanceId"]?.text != nil)
    }

    @Test(arguments: projects)
    func connectorYAML(project: String) throws {
        let root = try load("\(project).connector.yaml")
        #expect(root["connectorId"]?.text?.isEmpty == false)
        let generate = try #require(root["generate"]?.pairs)
        #expect(!generate.isEmpty)
    }

    @Test func kitchenSinkDetails() throws {
        let root = try load("data-connect-ios-sdk-kitchensink.connector.yaml")
        #expect(dump(root) == #"{"connectorId": "kitchen-sink", "authMode": "PUBLIC", "generate": {"swiftSdk": {"outputDir": "../../../../Gen/", "package": "KitchenSink", "observablePublisher": "observableObject", "clientCache": {"maxAge": "2s", "storage": "memory"}}}}"#)
        let maxAge = try #require(root["generate"]?["swiftSdk"]?["clientCache"]?.pair(for: "maxAge"))
        #expect(maxAge.key.line == 30 && maxAge.key.column == 9)
        #expect(maxAge.value.line == 30 && maxAge.value.column == 17)
    }

    @Test func templateWithOddIndentationAndTrailingComment() throws {
        let root = try load("data-connect-ios-sdk-template.connector.yaml")
        #expect(dump(root) == #"{"connectorId": "Items", "authMode": "PUBLIC", "generate": {"swiftSdk": {"outputDir": "../../dataconnect-generated/", "package": "ItemData"}}}"#)
        #expect(root["connectorId"]?.line == 3)
    }

    @Test func friendlyFlixWithoutFinalNewline() throws {
        let root = try load("data-connect-ios-sdk-friendlyflix.connector.yaml")
        #expect(root["generate"]?["swiftSdk"]?["observablePublisher"]?.text == "observableMacro")
    }

    @Test func indentedLicenceCommentsAreSkipped() throws {
        let root = try load("codelab-dataconnect-web.dataconnect.yaml")
        #expect(root.line == 15)
        #expect(root["serviceId"]?.text == "your-service-id")
    }

    @Test func androidCommentsInsideMappings() throws {
        let root = try load("quickstart-android.connector.yaml")
        #expect(root["generate"]?["kotlinSdk"]?["outputDir"]?.text == "../../app/build/generated/sources")
        #expect(root["authMode"]?.text == "PUBLIC")
    }
}
