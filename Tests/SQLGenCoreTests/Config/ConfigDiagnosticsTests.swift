import Testing
import SQLGenLanguage
@testable import SQLGenCore

/// Every error and warning of connector.yaml, with its exact text and location.
@Suite struct ConfigDiagnosticsTests {
    static let file = "/project/connector.yaml"

    static let cases: [(String, [String])] = [
        // Wrong types and values.
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache:\n      maxAge: soon\n",
         ["\(file):7:15: error: 'maxAge' must be a duration such as 5s or 1h30m, found \"soon\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache: {maxAge: 5}\n",
         ["\(file):6:27: error: 'maxAge' must be a duration such as 5s or 1h30m, found the number 5"]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache: {storage: disk}\n",
         ["\(file):6:28: error: 'storage' must be persistent or memory, found \"disk\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache: 5s\n",
         ["\(file):6:18: error: 'clientCache' must be a mapping of keys to values, found \"5s\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    observablePublisher: observable\n",
         ["\(file):6:26: error: 'observablePublisher' must be observableMacro or observableObject, found \"observable\""]),
        ("connectorId: [a]\n", ["\(file):1:14: error: 'connectorId' must be a string, found a list"]),
        ("connectorId: ''\n", ["\(file):1:14: error: 'connectorId' must not be empty"]),
        ("connectorId: a/b\n", ["\(file):1:14: error: 'connectorId' must be letters, digits, '-' and '_', starting with a letter (it names the connector on the server and its Swift class), found \"a/b\""]),
        ("connectorId: 1st\n", ["\(file):1:14: error: 'connectorId' must be letters, digits, '-' and '_', starting with a letter (it names the connector on the server and its Swift class), found \"1st\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: SQLConnect\n",
         ["\(file):5:14: error: 'package' names a module that Swift or the generated code already uses, or is a Swift keyword: choose another name, found \"SQLConnect\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: protocol\n",
         ["\(file):5:14: error: 'package' names a module that Swift or the generated code already uses, or is a Swift keyword: choose another name, found \"protocol\""]),
        ("connectorId: c\ngenerate: [a]\n", ["\(file):2:11: error: 'generate' must be a mapping of keys to values, found a list"]),
        ("connectorId: c\ngenerate:\n  swiftSdk: yes\n",
         ["\(file):3:13: error: 'swiftSdk' must be a mapping (with outputDir and package) or a list of them, found \"yes\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    - outputDir: o\n      package: P\n    - 3\n",
         ["\(file):6:7: error: 'swiftSdk' must be a mapping of keys to values, found the number 3"]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: \"@movie/sdk\"\n",
         ["\(file):5:14: error: 'package' must be a Swift module name (letters, digits and _, not starting with a digit), found \"@movie/sdk\""]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    package: P\n",
         ["\(file):4:5: error: 'swiftSdk' is missing the required key 'outputDir' (where the Swift package is written, relative to this file)"]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n",
         ["\(file):4:5: error: 'swiftSdk' is missing the required key 'package' (the Swift package name, such as MoviesSDK)"]),
        ("generate: {}\n", ["\(file):1:1: error: missing required key 'connectorId' (the connector's name, such as movie-connector)"]),
        ("", ["\(file):1:1: error: connector.yaml is empty; it needs at least 'connectorId'"]),
        ("- a\n", ["\(file):1:1: error: connector.yaml must be a mapping of keys to values, found a list"]),
        // YAML errors carry their location.
        ("connectorId: c\nconnectorId: d\n", ["\(file):2:1: error: duplicate key \"connectorId\" (first defined at line 1)"]),
        ("connectorId: \"c\n", ["\(file):1:14: error: unterminated double-quoted string: missing closing \""]),
        // sqlgen section.
        ("connectorId: c\nsqlgen: 3\n", ["\(file):2:9: error: 'sqlgen' must be a mapping of keys to values, found the number 3"]),
        ("connectorId: c\nsqlgen:\n  backend: rest\n", ["\(file):3:12: error: 'backend' must be one of dataconnect, aem, graphql, found \"rest\""]),
        ("connectorId: c\nsqlgen:\n  backend: aem\n",
         ["\(file):3:12: error: backend 'aem' needs 'aem: {configuration: <name>}', the persisted-query configuration such as wknd-shared"]),
        ("connectorId: c\nsqlgen:\n  backend: aem\n  aem: {}\n",
         ["\(file):4:8: error: 'aem' is missing the required key 'configuration' (the persisted-query configuration, such as wknd-shared)"]),
        ("connectorId: c\nsqlgen:\n  backend: aem\n  aem: {configuration: a/b}\n",
         ["\(file):4:24: error: 'configuration' must be an AEM configuration name such as wknd-shared (no '/', ';', '?', '#', '%' or spaces), found \"a/b\""]),
        ("connectorId: c\nsqlgen:\n  endpoint: localhost:4000\n",
         ["\(file):3:13: error: 'endpoint' must be an http or https URL such as https://example.com/graphql, found \"localhost:4000\""]),
        ("connectorId: c\nsqlgen:\n  schema: {a: b}\n", ["\(file):3:11: error: 'schema' must be a string or a list of strings, found a mapping"]),
        ("connectorId: c\nsqlgen:\n  operations: [a, [b]]\n", ["\(file):3:19: error: 'operations[]' must be a string, found a list"]),
        ("connectorId: c\nsqlgen:\n  scalars: [a]\n", ["\(file):3:12: error: 'scalars' must be a mapping of keys to values, found a list"]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    Date: \"not a type!\"\n",
         ["\(file):4:11: error: 'not a type!' is not a Swift type name (such as Date, Foundation.Decimal or [String: Int])"]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    1Bad: Int\n",
         ["\(file):4:5: error: '1Bad' is not a GraphQL scalar name (letters, digits and _, not starting with a digit)"]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    JSON: {import: X}\n",
         ["\(file):4:11: error: scalar 'JSON' is missing the required key 'type' (the Swift type, such as Date)"]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    JSON: {type: J, import: a.b}\n", ["\(file):4:29: error: 'import' must be a Swift module name, found \"a.b\""]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    JSON:\n", ["\(file):4:10: error: scalar 'JSON' must map to a Swift type name or to {type: ..., import: ...}, found null"]),
        ("connectorId: c\nsqlgen:\n  sqlConnect: {path: a, url: b, version: 1.0.0}\n",
         ["\(file):3:15: error: 'sqlConnect' takes either 'path' or 'url' with 'version', not both"]),
        ("connectorId: c\nsqlgen:\n  sqlConnect: {url: https://x}\n", ["\(file):3:15: error: 'sqlConnect' with 'url' also needs 'version' (such as 1.0.0)"]),
        ("connectorId: c\nsqlgen:\n  sqlConnect: {url: https://x, version: 1.0}\n",
         ["\(file):3:41: error: 'version' must be a semantic version such as 1.2.0, found the number 1.0"]),
        ("connectorId: c\nsqlgen:\n  sqlConnect: {}\n", ["\(file):3:15: error: 'sqlConnect' needs 'path' (a local sqlgen checkout) or 'url' and 'version'"]),
        // Warnings: unknown keys (with suggestions), ignored settings.
        ("connectorId: c\nfoo: 1\n", ["\(file):2:1: warning: unknown key 'foo' in connector.yaml; expected 'connectorId', 'generate' or 'sqlgen'"]),
        ("connectorId: c\nconectorId: d\n", ["\(file):2:1: warning: unknown key 'conectorId' in connector.yaml; did you mean 'connectorId'?"]),
        ("connectorId: c\ngenerate:\n  swiftSDK: {}\n", ["\(file):3:3: warning: unknown key 'swiftSDK' in 'generate'; did you mean 'swiftSdk'?"]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    pakage: Q\n",
         ["\(file):6:5: warning: unknown key 'pakage' in 'swiftSdk'; did you mean 'package'?"]),
        ("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache: {maxAge: 1s, maxSize: 100MB, ttl: 3}\n",
         ["\(file):6:47: warning: unknown key 'ttl' in 'clientCache'; expected 'maxAge' or 'storage'"]),
        ("connectorId: c\nsqlgen:\n  shema: x\n", ["\(file):3:3: warning: unknown key 'shema' in 'sqlgen'; did you mean 'schema'?"]),
        ("connectorId: c\nsqlgen:\n  aem: {configuration: w}\n",
         ["\(file):3:3: warning: 'aem' is ignored because 'backend' is dataconnect; set 'backend: aem' to use it"]),
        ("connectorId: c\nsqlgen:\n  scalars:\n    JSON: {type: J, module: M}\n",
         ["\(file):4:21: warning: unknown key 'module' in scalar 'JSON'; expected 'type' or 'import'"]),
        ("connectorId: c\nsqlgen:\n  sqlConnect: {path: ., branch: main}\n",
         ["\(file):3:25: warning: unknown key 'branch' in 'sqlConnect'; expected 'path', 'url' or 'version'"]),
        ("connectorId: c\nsqlgen:\n  backend: graphql\n  headers:\n    X Parse: a\n    Authorization: Bearer x\n    X-Ok: \"a\\nb\"\n",
         ["\(file):5:5: error: 'X Parse' is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
          "\(file):6:5: error: 'Authorization' is not a static header: a signed-in user's token is sent by SQLConnect's AuthSession",
          "\(file):7:11: error: the value of header 'X-Ok' must be one line"]),
        ("connectorId: c\nsqlgen:\n  backend: graphql\n  auth: {header: \"a b\"}\n",
         ["\(file):4:18: error: 'header' must be an HTTP header name such as X-Parse-Session-Token, found \"a b\""]),
        ("connectorId: c\nsqlgen:\n  headers: {X-App: a}\n",
         ["\(file):3:3: warning: 'headers' is ignored because 'backend' is dataconnect; it configures GraphQL over HTTP (backend: graphql)"]),
        // Several problems are all reported, in order.
        ("connectorId: c1\nbogus: 2\ngenerate:\n  swiftSdk:\n    outputDir: [o]\n    package: P\n    observablePublisher: x\n",
         ["\(file):2:1: warning: unknown key 'bogus' in connector.yaml; expected 'connectorId', 'generate' or 'sqlgen'",
          "\(file):5:16: error: 'outputDir' must be a string, found a list",
          "\(file):7:26: error: 'observablePublisher' must be observableMacro or observableObject, found \"x\""]),
    ]

    @Test(arguments: cases)
    func reports(text: String, expected: [String]) {
        #expect(configProblems(text) == expected)
    }

    @Test func diagnosticsShowTheLineAndCaret() throws {
        do {
            _ = try parseConnector("connectorId: c\ngenerate:\n  swiftSdk:\n    outputDir: o\n    package: P\n    clientCache:\n      maxAge: soon\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == """
            /project/connector.yaml:7:15: error: 'maxAge' must be a duration such as 5s or 1h30m, found "soon"
                  maxAge: soon
                          ^
            """)
        }
    }

    @Test func headersAndTheCredentialHeaderAreRead() throws {
        let config = try parseConnector("connectorId: c\nsqlgen:\n  backend: graphql\n  headers:\n    X-Parse-Application-Id: app\n    X-Client: \"ios 1\"\n  auth: {header: X-Parse-Session-Token}\n")
        #expect(config.sqlgen.headers == [RequestHeader(name: "X-Parse-Application-Id", value: "app"), RequestHeader(name: "X-Client", value: "ios 1")])
        #expect(config.sqlgen.credentialHeader == "X-Parse-Session-Token")
        #expect(config.warnings.isEmpty)
    }

    @Test func knownDataConnectKeysAreQuiet() {
        let text = """
        connectorId: c
        authMode: PUBLIC
        generate:
          javascriptSdk: {outputDir: a, package: b, packageJsonDir: c}
          kotlinSdk: {outputDir: a, package: b}
          dartSdk: {outputDir: a, package: b}
          adminNodeSdk: {outputDir: a}
          llmTools: {outputFile: a}
          swiftSdk:
            outputDir: o
            package: P
            coreSdkPackageLocation: /x
            clientCache: {maxAge: 1m, maxSize: 100MB}
        """
        #expect(configProblems(text).isEmpty)
    }
}

@Suite struct ConfigDiagnosticsPathTests {
    @Test func pathIsShownAsGiven() {
        do {
            _ = try ConnectorConfig.parse(bytes: Array("connectorId: c\ngenerate:\n  swiftSdk:\n    clientCache: {maxAge: soon}\n    outputDir: o\n    package: P\n".utf8), path: "connector.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(headline) == ["connector.yaml:4:27: error: 'maxAge' must be a duration such as 5s or 1h30m, found \"soon\""])
        }
    }
}
