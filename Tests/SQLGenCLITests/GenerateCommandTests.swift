import Foundation
import Testing

/// `sqlgen generate` run as a user would: a connector in a temporary folder, real files, exit codes.
@Suite struct GenerateCommandTests {
    static let schema = """
    enum AspectRatio { ACADEMY WIDESCREEN }
    type Movie @table { title: String! genre: String aspectRatio: AspectRatio }
    """
    static let queries = """
    query listMovies($genre: String) @auth(level: PUBLIC) { movies(where: {genre: {eq: $genre}}) { id title aspectRatio } }
    """
    static let config = """
    connectorId: movies
    generate:
      swiftSdk:
        outputDir: out
        package: MoviesSDK
    sqlgen:
      operations: [connector]
      sqlConnect: {url: "https://example.com/sqlgen.git", version: "0.1.0"}
    """

    /// A fresh connector folder.
    static func makeConnector(queries: String = queries, config: String = config) throws -> URL {
        let folder = try SQLGen.temporaryDirectory()
        try write(schema, to: "schema/schema.gql", in: folder)
        try write(queries, to: "connector/queries.gql", in: folder)
        try write(config, to: "connector.yaml", in: folder)
        return folder
    }

    static func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func read(_ name: String, in folder: URL) -> String? {
        (try? Data(contentsOf: folder.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }

    static let operationFile = "out/MoviesSDK/Sources/Operations/Operations.swift"

    /// The declarations of the operation class `name` (`AnotherQuery`) in its group's file, or nil.
    static func generatedOperation(_ name: String, in folder: URL) -> String? {
        let operations = "out/MoviesSDK/Sources/Operations/"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(operations).path)) ?? []
        return files.lazy.compactMap { read(operations + $0, in: folder) }.compactMap { operationDeclarations(of: name, inFileText: $0) }.first
    }

    @Test func generatesThePackageAndSummarises() async throws {
        let folder = try Self.makeConnector()
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 operation"))
        #expect(Self.read(Self.operationFile, in: folder)?.contains("public final class ListMoviesQuery") == true)
        #expect(Self.read("out/MoviesSDK/Package.swift", in: folder)?.contains(".package(url: \"https://example.com/sqlgen.git\", from: \"0.1.0\")") == true)

        // A second run rewrites nothing.
        let again = try await SQLGen.run(["generate"], in: folder)
        #expect(again.stdout.contains("0 files written"), "\(again.stdout)")
    }

    @Test func aRecordIsKeptInTheCacheFolderUnlessNoCache() async throws {
        let folder = try Self.makeConnector()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("records")
        var environment = ProcessInfo.processInfo.environment
        environment["SQLGEN_CACHE_DIR"] = cache.path
        #expect(try await SQLGen.run(["generate", "--no-cache"], in: folder, environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        #expect(try await SQLGen.run(["generate"], in: folder, environment: environment).status == 0)
        let records = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(records.count == 1 && records[0].hasSuffix(".record"), "\(records)")

        // From the record: the changed operation's file is written, and it is a full run's.
        try Self.write(Self.queries.replacingOccurrences(of: "id title", with: "id title genre"), to: "connector/queries.gql", in: folder)
        let recorded = try await SQLGen.run(["generate"], in: folder, environment: environment)
        #expect(recorded.stdout.contains("1 file written"), "\(recorded.stdout)")
        let written = Self.read(Self.operationFile, in: folder)
        #expect(written?.contains("genre") == true)
        let check = try await SQLGen.run(["generate", "--check"], in: folder, environment: environment)
        #expect(check.status == 0, "\(check.stdout)")
        // A damaged record changes nothing but the speed.
        try Data("damaged".utf8).write(to: cache.appendingPathComponent(records[0]))
        let damaged = try await SQLGen.run(["generate"], in: folder, environment: environment)
        #expect(damaged.status == 0 && damaged.stdout.contains("0 files written"), "\(damaged.stdout)")
        #expect(Self.read(Self.operationFile, in: folder) == written)
    }

    @Test func invalidOperationIsDiagnosedAndPreviousOutputKept() async throws {
        let folder = try Self.makeConnector()
        #expect(try await SQLGen.run(["generate"], in: folder).status == 0)
        let before = Self.read(Self.operationFile, in: folder)
        try Self.write("query listMovies @auth(level: PUBLIC) { movies { titel } }", to: "connector/queries.gql", in: folder)
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("connector/queries.gql:1:50: error: Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"), "\(result.stderr)")
        #expect(result.stderr.contains("^"))
        #expect(Self.read(Self.operationFile, in: folder) == before)
    }

    @Test func unknownTypeIsDiagnosed() async throws {
        let folder = try Self.makeConnector(queries: "query q($x: Nope) @auth(level: PUBLIC) { movies { id } }")
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: Unknown type \"Nope\"."), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func brokenConfigIsDiagnosedWithItsLocation() async throws {
        let folder = try Self.makeConnector(config: "connectorId: movies\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: MoviesSDK\n    clientCache: {maxAge: soon}\n")
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("connector.yaml:6:"), "\(result.stderr)")
        #expect(result.stderr.contains("soon"))
    }

    @Test func unwritableOutputFolderIsDiagnosedAndNothingChanges() async throws {
        let folder = try Self.makeConnector()
        #expect(try await SQLGen.run(["generate"], in: folder).status == 0)
        let before = Self.read(Self.operationFile, in: folder)
        try Self.write(Self.queries + "\nquery another @auth(level: PUBLIC) { movies { id } }", to: "connector/queries.gql", in: folder)
        let sources = folder.appendingPathComponent("out/MoviesSDK/Sources/Operations")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sources.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sources.path) }
        // root ignores permissions; only check the failure path where it can happen.
        guard getuid() != 0 else { return }
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(Self.read(Self.operationFile, in: folder) == before)
    }

    @Test func outputOverAFileIsDiagnosed() async throws {
        // Works for root too: a file where the output folder should be cannot be written through.
        let folder = try Self.makeConnector()
        try Self.write("not a folder", to: "out/MoviesSDK", in: folder)
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(Self.read("out/MoviesSDK", in: folder) == "not a folder")
    }

    @Test func removedOperationsLoseTheirCode() async throws {
        let folder = try Self.makeConnector(queries: Self.queries + "\nquery another @auth(level: PUBLIC) { movies { id } }")
        #expect(try await SQLGen.run(["generate"], in: folder).status == 0)
        #expect(Self.generatedOperation("AnotherQuery", in: folder) != nil)
        try Self.write(Self.queries, to: "connector/queries.gql", in: folder)
        let result = try await SQLGen.run(["generate"], in: folder)
        #expect(result.status == 0)
        #expect(Self.generatedOperation("AnotherQuery", in: folder) == nil)
        #expect(Self.generatedOperation("ListMoviesQuery", in: folder) != nil)
    }

    @Test func watchRegeneratesAfterASave() async throws {
        let folder = try Self.makeConnector()
        let process = try Self.startWatching(in: folder)
        defer { process.interrupt(); process.waitUntilExit() }

        try await Self.waitFor { Self.read(Self.operationFile, in: folder) != nil }
        try await Task.sleep(nanoseconds: 200_000_000)
        // A save by rename, as editors do: write a temporary file, then move it over the original.
        try Self.write(Self.queries + "\nquery added @auth(level: PUBLIC) { movies { id } }", to: "connector/.queries.tmp", in: folder)
        _ = rename(folder.appendingPathComponent("connector/.queries.tmp").path, folder.appendingPathComponent("connector/queries.gql").path)
        let saved = Date()
        try await Self.waitFor { Self.generatedOperation("AddedQuery", in: folder) != nil }
        #expect(Date().timeIntervalSince(saved) < 5, "regenerated within the time limit")

        // A broken save keeps the last good output.
        try Self.write("query added { nope }", to: "connector/queries.gql", in: folder)
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(Self.generatedOperation("AddedQuery", in: folder) != nil)
    }

    /// After the first save, each run is told what changed (inotify on Linux) and looks at nothing
    /// else: saves in place, new files, and a generated file edited by hand are all followed.
    @Test func watchFollowsEverySave() async throws {
        let folder = try Self.makeConnector()
        let process = try Self.startWatching(in: folder)
        defer { process.interrupt(); process.waitUntilExit() }
        func generated(_ name: String) -> String? { Self.generatedOperation("\(name)Query", in: folder) }
        try await Self.waitFor { generated("ListMovies") != nil }
        try await Task.sleep(nanoseconds: 200_000_000)

        var queries = Self.queries
        for name in ["first", "second", "third"] {
            queries += "\nquery \(name) @auth(level: PUBLIC) { movies { id } }"
            try Self.write(queries, to: "connector/queries.gql", in: folder)
            try await Self.waitFor { generated(name.capitalized) != nil }
        }
        try Self.write("query added @auth(level: PUBLIC) { movies { title } }", to: "connector/more.gql", in: folder)
        try await Self.waitFor { generated("Added") != nil }

        let original = try #require(generated("First"))
        try Self.write("// edited by hand\n", to: Self.operationFile, in: folder)
        try await Task.sleep(nanoseconds: 300_000_000)
        try Self.write(queries + "\nquery fourth @auth(level: PUBLIC) { movies { id } }", to: "connector/queries.gql", in: folder)
        try await Self.waitFor { generated("Fourth") != nil }
        #expect(generated("First") == original)
    }

    /// `sqlgen generate --watch` running in `folder`.
    static func startWatching(in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = SQLGen.executableURL
        process.arguments = ["generate", "--watch"]
        process.currentDirectoryURL = folder
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    static func waitFor(_ condition: () -> Bool, timeout: TimeInterval = 10) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline {
                Issue.record("timed out waiting")
                return
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
