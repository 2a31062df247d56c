import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenCore

@Suite struct ConnectorConfigTests {
    @Test func kitchenSinkFixture() throws {
        let path = configFixtures + "/data-connect-ios-sdk-kitchensink/default/connector.yaml"
        let config = try ConnectorConfig.load(path: path)
        #expect(config.connectorId == "kitchen-sink")
        #expect(config.path == path)
        #expect(config.directory == configFixtures + "/data-connect-ios-sdk-kitchensink/default")
        #expect(config.warnings.isEmpty)
        let sdk = try #require(config.swiftSDKs.first)
        #expect(config.swiftSDKs.count == 1)
        #expect(sdk.package == "KitchenSink")
        #expect(sdk.outputDir.text == "../../../../Gen/")
        #expect(sdk.outputDir.absolutePath == ConfigPaths.resolve("../../../../Gen", relativeTo: config.directory))
        #expect(sdk.packageDirectory == sdk.outputDir.absolutePath + "/KitchenSink")
        #expect(sdk.observablePublisher == .observableObject)
        let cache = try #require(sdk.clientCache)
        #expect(cache.maxAge == .seconds(2))
        #expect(cache.maxAgeSeconds == 2)
        #expect(cache.storage == .memory)
        #expect(sdk.location == SourceLocation(line: 26, column: 6))
    }

    @Test func friendlyFlixFixture() throws {
        let config = try ConnectorConfig.load(path: configFixtures + "/data-connect-ios-sdk-friendlyflix/movie-connector")
        #expect(config.connectorId == "friendly-flix")
        #expect(config.swiftSDKs.map(\.package) == ["FriendlyFlixSDK"])
        #expect(config.swiftSDKs.first?.observablePublisher == .observableMacro)
        #expect(config.swiftSDKs.first?.clientCache == nil)
        #expect(config.warnings.isEmpty)
    }

    @Test(arguments: [
        ("codelab-dataconnect-ios/connector", "friendly-flix", 1),
        ("codelab-dataconnect-web/movie-connector", "movie-connector", 0),
        ("data-connect-ios-sdk-template/default", "Items", 1),
        ("quickstart-android/movie-connector", "movies", 0),
        ("quickstart-js/movie-connector", "movie-connector", 0),
    ])
    func otherFixtures(folder: String, connectorId: String, swiftSDKCount: Int) throws {
        let config = try ConnectorConfig.load(path: configFixtures + "/" + folder + "/connector.yaml")
        #expect(config.connectorId == connectorId)
        #expect(config.swiftSDKs.count == swiftSDKCount)
        // javascriptSdk, kotlinSdk and authMode are Data Connect keys: no warnings.
        #expect(config.warnings.isEmpty)
    }

    @Test func swiftSdkListAndDefaults() throws {
        let config = try parseConnector("""
        connectorId: movies
        generate:
          swiftSdk:
            - outputDir: ../app
              package: MoviesSDK
            - outputDir: /abs/out
              package: Second
              observablePublisher: observableObject
              clientCache:
                storage: persistent
          javascriptSdk:
            outputDir: x
            package: "@movie/x"
        """)
        #expect(config.swiftSDKs.count == 2)
        #expect(config.swiftSDKs[0].outputDir.absolutePath == "/app")
        #expect(config.swiftSDKs[0].observablePublisher == .observableMacro)
        #expect(config.swiftSDKs[1].outputDir.absolutePath == "/abs/out")
        #expect(config.swiftSDKs[1].clientCache == ClientCacheConfig(maxAge: .zero, storage: .persistent, location: SourceLocation(line: 10, column: 9)))
        #expect(config.warnings.isEmpty)
    }

    @Test func sqlgenDefaults() throws {
        let config = try parseConnector("connectorId: c\n")
        #expect(config.swiftSDKs.isEmpty)
        #expect(config.sqlgen.schemaIsDefault)
        #expect(config.sqlgen.schema.map(\.absolutePath) == ["/project/schema"])
        #expect(config.sqlgen.operations == nil)
        #expect(config.sqlgen.backend == .dataconnect)
        #expect(config.sqlgen.endpoint == nil)
        #expect(config.sqlgen.aem == nil)
        #expect(config.sqlgen.scalars.isEmpty)
        #expect(config.sqlgen.sqlConnect == nil)
        #expect(!config.sqlgen.assumeValidSchema)
    }

    @Test func assumeValidSchema() throws {
        let config = try parseConnector("connectorId: c\nsqlgen:\n  assumeValidSchema: true\n")
        #expect(config.sqlgen.assumeValidSchema)
        #expect(config.warnings.isEmpty)
        #expect(configProblems("connectorId: c\nsqlgen:\n  assumeValidSchema: yes please\n")
            == ["/project/connector.yaml:3:22: error: 'assumeValidSchema' must be true or false, found \"yes please\""])
    }

    @Test func sqlgenAllKeys() throws {
        let config = try parseConnector("""
        connectorId: wknd
        sqlgen:
          schema: [schema/schema.json, extra]
          operations:
            - queries
            - "persisted/**/*.graphql"
          backend: aem
          endpoint: https://publish-p1-e2.adobeaemcloud.com
          aem:
            configuration: wknd-shared
          scalars:
            DateTime: Foundation.Date
            JSON: {type: "[String: AnyValue]", import: MyJSON}
          sqlConnect:
            path: ../..
        """)
        let settings = config.sqlgen
        #expect(settings.schema.map(\.absolutePath) == ["/project/schema/schema.json", "/project/extra"])
        #expect(settings.schema.first?.location == SourceLocation(line: 3, column: 12))
        #expect(!settings.schemaIsDefault)
        #expect(settings.operations?.map(\.text) == ["queries", "persisted/**/*.graphql"])
        #expect(settings.backend == .aem)
        #expect(settings.endpoint == "https://publish-p1-e2.adobeaemcloud.com")
        #expect(settings.aem?.configuration == "wknd-shared")
        #expect(settings.aem?.persistedQueryPath(forOperationFile: "/x/adventures-all.graphql") == "/wknd-shared/adventures-all")
        #expect(settings.scalars == [
            SQLGenSettings.ScalarMapping(graphQLName: "DateTime", swiftType: "Foundation.Date", location: SourceLocation(line: 12, column: 5)),
            SQLGenSettings.ScalarMapping(graphQLName: "JSON", swiftType: "[String: AnyValue]", importModule: "MyJSON", location: SourceLocation(line: 13, column: 5)),
        ])
        #expect(settings.scalarMapping(for: "JSON")?.importModule == "MyJSON")
        #expect(settings.scalarMapping(for: "Missing") == nil)
        guard case .path(let path) = settings.sqlConnect else {
            Issue.record("expected a path source")
            return
        }
        #expect(path.absolutePath == "/")
        #expect(config.warnings.isEmpty)
    }

    @Test func sqlConnectRemote() throws {
        let config = try parseConnector("connectorId: c\nsqlgen:\n  sqlConnect: {url: https://github.com/x/sqlgen.git, version: 1.2.0-beta.1}\n")
        #expect(config.sqlgen.sqlConnect == .remote(url: "https://github.com/x/sqlgen.git", version: "1.2.0-beta.1"))
    }

    @Test func graphQLBackendWithEndpoint() throws {
        let config = try parseConnector("connectorId: c\nsqlgen:\n  backend: graphql\n  endpoint: http://localhost:4000/graphql\n  schema: api.graphql\n")
        #expect(config.sqlgen.backend == .graphql)
        #expect(config.sqlgen.endpoint == "http://localhost:4000/graphql")
        #expect(config.sqlgen.schema.map(\.absolutePath) == ["/project/api.graphql"])
    }

    @Test func persistedQueryNames() {
        #expect(AEMSettings.persistedQueryName(forOperationFile: "/a/b/adventure-by-path.graphql") == "adventure-by-path")
        #expect(AEMSettings.persistedQueryName(forOperationFile: "articles-all.gql") == "articles-all")
        #expect(AEMSettings.persistedQueryName(forOperationFile: "/a/no-extension") == "no-extension")
        #expect(AEMSettings.persistedQueryName(forOperationFile: "/a/.hidden") == ".hidden")
    }

    @Test func missingFileIsAnError() {
        do {
            _ = try ConnectorConfig.load(path: "/nonexistent/connector.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("cannot read '/nonexistent/connector.yaml'"))
        }
    }

    @Test func relativePathsUseTheFilesFolder() throws {
        let config = try parseConnector("connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n", path: "/work/a/b/connector.yaml")
        #expect(config.directory == "/work/a/b")
        #expect(config.swiftSDKs.first?.packageDirectory == "/work/a/b/out/P")
    }
}
