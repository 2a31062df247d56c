import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenCore

@Suite struct DataConnectProjectTests {
    static let projects: [(String, String, String)] = [
        ("codelab-dataconnect-ios", "friendlyflix", "connector"),
        ("codelab-dataconnect-web", "your-service-id", "movie-connector"),
        ("data-connect-ios-sdk-friendlyflix", "dataconnect", "movie-connector"),
        ("data-connect-ios-sdk-kitchensink", "fdc-kitchensink", "default"),
        ("data-connect-ios-sdk-template", "demo-iosproject", "default"),
        ("quickstart-android", "dataconnect", "movie-connector"),
        ("quickstart-js", "fdc-quickstart-web", "movie-connector"),
    ]

    @Test(arguments: projects)
    func loadsRealProjects(folder: String, serviceId: String, connectorFolder: String) throws {
        let directory = configFixtures + "/" + folder
        let project = try DataConnectProject.load(path: directory)
        #expect(project.path == directory + "/dataconnect.yaml")
        #expect(project.directory == directory)
        #expect(project.serviceId == serviceId)
        #expect(project.location == "us-central1")
        #expect(project.schemaSources.map(\.absolutePath) == [directory + "/schema"])
        #expect(project.connectors.count == 1)
        let connector = try #require(project.connectors.first)
        #expect(connector.directory == directory + "/" + connectorFolder)
        // The connector's schema is the project's.
        #expect(connector.sqlgen.schema.map(\.absolutePath) == [directory + "/schema"])
        #expect(project.warnings.isEmpty)
    }

    @Test func outputDirIsRelativeToTheConnector() throws {
        let directory = configFixtures + "/data-connect-ios-sdk-friendlyflix"
        let project = try DataConnectProject.load(path: directory + "/dataconnect.yaml")
        let sdk = try #require(project.connectors.first?.swiftSDKs.first)
        // movie-connector/../../app
        #expect(sdk.outputDir.absolutePath == configFixtures + "/app")
        #expect(sdk.packageDirectory.hasSuffix("/app/FriendlyFlixSDK"))
        #expect(project.specVersion == "v1beta")
    }

    @Test func findLooksForDataconnectYAML() throws {
        #expect(DataConnectProject.find(in: configFixtures + "/quickstart-js") == configFixtures + "/quickstart-js/dataconnect.yaml")
        #expect(DataConnectProject.find(in: configFixtures) == nil)
    }

    @Test func severalConnectorsSchemasAndOverrides() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("dataconnect.yaml", """
        specVersion: v1
        serviceId: svc
        location: europe-west1
        schemas:
          - id: main
            source: ./main-schema
            datasource: {postgresql: {database: db}}
        connectorDirs: [./a, "./b"]
        """)
        try folder.write("a/connector.yaml", "connectorId: a\ngenerate:\n  swiftSdk: {outputDir: ../out, package: A}\n")
        try folder.write("b/connector.yaml", "connectorId: b\nsqlgen:\n  schema: own.graphql\n")
        let project = try DataConnectProject.load(path: folder.path)
        #expect(project.schemaSources.map(\.absolutePath) == [folder.path + "/main-schema"])
        #expect(project.connectors.map(\.connectorId) == ["a", "b"])
        #expect(project.connectors[0].sqlgen.schema.map(\.absolutePath) == [folder.path + "/main-schema"])
        #expect(project.connectors[0].swiftSDKs.first?.packageDirectory == folder.path + "/out/A")
        #expect(project.connectors[1].sqlgen.schema.map(\.absolutePath) == [folder.path + "/b/own.graphql"])
    }

    @Test func errorsFromEveryFileAreCollected() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let projectFile = try folder.write("dataconnect.yaml", "serviceId: s\nwhat: 1\nconnectorDirs: [./a, ./missing, ./b]\n")
        try folder.write("a/connector.yaml", "connectorId: a\ngenerate:\n  swiftSdk: {outputDir: o, package: P, clientCache: {maxAge: later}}\n")
        try folder.write("b/connector.yaml", "connectorId: b\nextra: true\n")
        do {
            _ = try DataConnectProject.load(path: projectFile)
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(headline) == [
                "\(projectFile):2:1: warning: unknown key 'what' in dataconnect.yaml; expected 'specVersion', 'serviceId', 'location', 'schema', 'schemas' or 'connectorDirs'",
                "\(folder.path)/a/connector.yaml:3:62: error: 'maxAge' must be a duration such as 5s or 1h30m, found \"later\"",
                "\(projectFile):3:22: error: no connector.yaml in connector folder './missing'",
                "\(folder.path)/b/connector.yaml:2:1: warning: unknown key 'extra' in connector.yaml; expected 'connectorId', 'generate' or 'sqlgen'",
            ])
            #expect(error.errors.count == 2)
        }
    }

    @Test func dataconnectYAMLTypeErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases: [(String, String)] = [
            ("schema: ./s\nconnectorDirs: []\n", "1:9: error: 'schema' must be a mapping of keys to values, found \"./s\""),
            ("connectorDirs: {a: 1}\n", "1:16: error: 'connectorDirs' must be a string or a list of strings, found a mapping"),
            ("serviceId: s\n", "1:1: error: missing required key 'connectorDirs' (the connector folders, such as [\"./movie-connector\"])"),
            ("schemas: x\nconnectorDirs: []\n", "1:10: error: 'schemas' must be a list of mappings with 'id' and 'source', found \"x\""),
            ("[1]\n", "1:1: error: dataconnect.yaml must be a mapping of keys to values, found a list"),
            ("a: 'x\n", "1:4: error: unterminated single-quoted string: missing closing '"),
        ]
        for (text, expected) in cases {
            let file = try folder.write("dataconnect.yaml", text)
            do {
                _ = try DataConnectProject.load(path: file)
                Issue.record("expected an error for \(text)")
            } catch {
                #expect(error.diagnostics.map(headline) == ["\(file):\(expected)"])
            }
        }
    }

    @Test func missingProjectFile() {
        do {
            _ = try DataConnectProject.load(path: "/nonexistent-folder")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent-folder: error: cannot read '/nonexistent-folder': the file does not exist, is not readable or is not a regular file")
        }
    }
}
