import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenCore

@Suite struct FileDiscoveryTests {
    /// A connector folder with schema, output, hidden and nested folders.
    private func makeProject(_ folder: TemporaryFolder, config: String) throws -> ConnectorConfig {
        try folder.write("connector.yaml", config)
        try folder.write("queries.gql")
        try folder.write("mutations.graphql")
        try folder.write("nested/deeper/more.gql")
        try folder.write("nested/Upper.GQL")
        try folder.write("notes.txt", "not graphql")
        try folder.write("schema/schema.gql", "type Query { a: Int }")
        try folder.write("schema/extra/types.graphql", "type T { a: Int }")
        try folder.write(".dataconnect/schema/prelude.gql", "scalar X")
        try folder.write(".hidden.gql")
        try folder.write("generated/SDK/Sources/leftover.gql")
        return try ConnectorConfig.load(path: folder.path + "/connector.yaml")
    }

    @Test func defaultOperationDiscovery() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = try makeProject(folder, config: "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: generated, package: SDK}\n")
        let found = try config.discoverOperationFiles()
        #expect(found.files == [
            folder.path + "/mutations.graphql",
            folder.path + "/nested/Upper.GQL",
            folder.path + "/nested/deeper/more.gql",
            folder.path + "/queries.gql",
        ])
        #expect(found.warnings.isEmpty)
    }

    @Test func defaultSchemaDiscovery() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = try makeProject(folder, config: "connectorId: c\n")
        let found = try config.discoverSchemaFiles()
        #expect(found.files == [folder.path + "/schema/extra/types.graphql", folder.path + "/schema/schema.gql"])
    }

    @Test func explicitOperationsFoldersFilesAndGlobs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = try makeProject(folder, config: """
        connectorId: c
        sqlgen:
          operations:
            - nested
            - notes.txt
            - "*.gql"
            - "**/more.gql"
            - "nothing/*.gql"
        """)
        let found = try config.discoverOperationFiles()
        #expect(found.files == [
            folder.path + "/nested/Upper.GQL",
            folder.path + "/nested/deeper/more.gql",
            folder.path + "/notes.txt",
            folder.path + "/queries.gql",
        ])
        #expect(found.warnings.map(headline) == [
            "\(folder.path)/connector.yaml:8:7: warning: 'nothing/*.gql' matches no .graphql or .gql files",
        ])
    }

    @Test func globsCanReachHiddenFoldersOnlyByName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = try makeProject(folder, config: "connectorId: c\nsqlgen:\n  operations: ['.dataconnect/**/*.gql', '**/*.graphql']\n")
        let found = try config.discoverOperationFiles()
        #expect(found.files == [
            folder.path + "/.dataconnect/schema/prelude.gql",
            folder.path + "/mutations.graphql",
        ])
    }

    @Test func missingOperationPathIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = try makeProject(folder, config: "connectorId: c\nsqlgen:\n  operations: [queries.gql, gone]\n")
        do {
            _ = try config.discoverOperationFiles()
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(headline) == ["\(folder.path)/connector.yaml:3:29: error: operations path 'gone' does not exist"])
        }
    }

    @Test func schemaErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("connector.yaml", "connectorId: c\n")
        try folder.makeFolder("empty")
        try folder.write("schema.txt", "x")
        let missingDefault = try ConnectorConfig.load(path: folder.path + "/connector.yaml")
        #expect(throws: ConfigurationError.self) { try missingDefault.discoverSchemaFiles() }
        do {
            _ = try missingDefault.discoverSchemaFiles()
        } catch {
            #expect(error.diagnostics.map(headline) == ["\(folder.path)/connector.yaml: error: no schema found: expected a folder 'schema' (set 'sqlgen.schema' in connector.yaml to use another place)"])
        }
        try folder.write("connector.yaml", "connectorId: c\nsqlgen:\n  schema: [empty, schema.txt, nope]\n")
        let config = try ConnectorConfig.load(path: folder.path + "/connector.yaml")
        do {
            _ = try config.discoverSchemaFiles()
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map(headline) == [
                "\(folder.path)/connector.yaml:3:12: error: no .graphql or .gql files in the schema folder 'empty'",
                "\(folder.path)/connector.yaml:3:19: error: schema file 'schema.txt' must be a .graphql or .gql file or an introspection .json",
                "\(folder.path)/connector.yaml:3:31: error: schema path 'nope' does not exist",
            ])
        }
    }

    @Test func introspectionSchemaFileAndExclusionFromOperations() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("connector.yaml", "connectorId: c\nsqlgen:\n  schema: [api/schema.json, api/extra.graphql]\n")
        try folder.write("api/schema.json", "{}")
        try folder.write("api/extra.graphql", "scalar Json")
        try folder.write("api/op.graphql")
        let config = try ConnectorConfig.load(path: folder.path + "/connector.yaml")
        #expect(try config.discoverSchemaFiles().files == [folder.path + "/api/extra.graphql", folder.path + "/api/schema.json"])
        #expect(try config.discoverOperationFiles().files == [folder.path + "/api/op.graphql"])
    }

    @Test func noOperationsIsAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("connector.yaml", "connectorId: c\n")
        let config = try ConnectorConfig.load(path: folder.path + "/connector.yaml")
        let found = try config.discoverOperationFiles()
        #expect(found.files.isEmpty)
        #expect(found.warnings.map(headline) == ["\(folder.path)/connector.yaml: warning: no operation files (.graphql or .gql) beside connector.yaml or below it"])
    }

    @Test func symlinkedFolderLoopsAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("connector.yaml", "connectorId: c\n")
        try folder.write("ops/a.gql")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/ops/loop", withDestinationPath: folder.path + "/ops")
        let config = try ConnectorConfig.load(path: folder.path + "/connector.yaml")
        #expect(try config.discoverOperationFiles().files == [folder.path + "/ops/a.gql"])
    }

    @Test(arguments: [
        ("*.gql", "a.gql", true), ("*.gql", "dir/a.gql", false), ("**/*.gql", "a.gql", true),
        ("**/*.gql", "x/y/z.gql", true), ("x/**/z.gql", "x/z.gql", true), ("x/**/z.gql", "x/a/b/z.gql", true),
        ("q?.gql", "q1.gql", true), ("q?.gql", "q12.gql", false), ("[ab].gql", "b.gql", true), ("[!ab].gql", "b.gql", false),
        ("[a-c]x", "bx", true), ("*", ".hidden", false), (".*", ".hidden", true), ("**/*.gql", ".h/a.gql", false),
        ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXbYY", false), ("[unclosed", "[unclosed", true),
    ])
    func globMatching(pattern: String, path: String, matches: Bool) {
        #expect(ConfigGlobPattern(pattern).matches(path.split(separator: "/").map(String.init)) == matches)
    }
}
