import Foundation
import Testing
@testable import SQLGenCore

/// A run with a `GenerationCache` (a fresh process after an earlier one) writes byte for byte
/// the package a full run writes, whatever changed in between, on disk or in the record.
@Suite struct GenerationCacheTests {
    struct Project {
        let folder: TemporaryFolder
        let cache: GenerationCache
        var config: String { folder.path + "/dataconnect.yaml" }
        var package: String { folder.path + "/app/FriendlyFlixSDK" }

        init() throws {
            folder = try GeneratorSessionTests.project()
            // The package inside the test's folder.
            let config = try String(contentsOfFile: folder.path + "/movie-connector/connector.yaml", encoding: .utf8)
            try folder.write("movie-connector/connector.yaml", config.replacingOccurrences(of: "../../app", with: "../app"))
            cache = GenerationCache(directory: folder.path + "/cache")
        }

        func run() -> GeneratorPipeline.Outcome {
            GeneratorPipeline.run(configPath: config, cache: cache)
        }
    }

    /// Runs with the cache, then expects the package on disk to be what a full run generates
    /// (no more, no less); gives the outcome of the cached run.
    @discardableResult
    static func expectFullRunOutput(_ project: Project, sourceLocation: SourceLocation = #_sourceLocation) -> GeneratorPipeline.Outcome {
        let cached = project.run()
        #expect(!cached.hasErrors, "\(cached.diagnostics.map { $0.rendered() })", sourceLocation: sourceLocation)
        let full = GeneratorPipeline.run(configPath: project.config, write: false)
        guard let package = full.packages.first else {
            Issue.record("no package", sourceLocation: sourceLocation)
            return cached
        }
        #expect(cached.packages.first?.directory == package.directory, sourceLocation: sourceLocation)
        for file in package.files {
            let onDisk = FileManager.default.contents(atPath: package.directory + "/" + file.path).map { String(decoding: $0, as: UTF8.self) }
            #expect(onDisk == file.contents, "\(file.path)", sourceLocation: sourceLocation)
        }
        let expected = Set(package.files.map(\.path).filter { $0.hasSuffix(".swift") && $0.hasPrefix("Sources/") })
        #expect(Set(swiftFiles(in: package.directory)) == expected, sourceLocation: sourceLocation)
        #expect(cached.operationCount == full.operationCount, sourceLocation: sourceLocation)
        return cached
    }

    static func swiftFiles(in package: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: package + "/Sources")
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append("Sources/" + path) }
        }
        return files
    }

    static func written(_ outcome: GeneratorPipeline.Outcome) -> [String] {
        outcome.packages.first?.summary.written ?? []
    }

    @Test func editsBetweenProcessesGiveWhatAFullRunGives() throws {
        let project = try Project()
        defer { project.folder.remove() }
        Self.expectFullRunOutput(project)
        // Nothing changed: nothing built, nothing written.
        let unchanged = Self.expectFullRunOutput(project)
        #expect(unchanged.packages.first?.connector == nil)
        #expect(Self.written(unchanged).isEmpty)

        // One operation changes and stops using the filter's input objects: a full run's output.
        try project.folder.write("movie-connector/filtered.gql", "query FilteredMovies { movies { id title } }\n")
        Self.expectFullRunOutput(project)
        // One operation changes, using what it used before: only its group's file is written.
        try project.folder.write("movie-connector/second.gql", "query SecondBits { movies(limit: 3) { ...MovieBits genre } }\n")
        let one = Self.expectFullRunOutput(project)
        #expect(one.packages.first?.connector == nil)
        #expect(Self.written(one) == [GeneratedOperations.path(of: "SecondBits", in: one)])

        // Added, then removed: the group's file is written again each time.
        try project.folder.write("movie-connector/added.gql", "query AddedMovies { movies { id rating } }\n")
        let added = Self.expectFullRunOutput(project)
        #expect(Self.written(added).contains(GeneratedOperations.path(of: "AddedMovies", in: added)))
        try FileManager.default.removeItem(atPath: project.folder.path + "/movie-connector/added.gql")
        let removed = Self.expectFullRunOutput(project)
        #expect(Self.written(removed).contains(GeneratedOperations.path(of: "AddedMovies", in: removed)) && removed.packages.first?.summary.removed == [])

        // A fragment in another file, used by two operations.
        try project.folder.write("movie-connector/fragments.gql", "fragment MovieBits on Movie { id title rating }\n")
        let fragment = Self.expectFullRunOutput(project)
        #expect(Set(Self.written(fragment)).isSuperset(of: ["FirstBits", "SecondBits"].map { GeneratedOperations.path(of: $0, in: fragment) }))

        // The schema.
        let schemaPath = project.folder.path + "/schema/schema.gql"
        let schema = String(decoding: try Data(contentsOf: URL(fileURLWithPath: schemaPath)), as: UTF8.self)
        try project.folder.write("schema/schema.gql", schema + "\ntype Studio @table { name: String! }\n")
        Self.expectFullRunOutput(project)
    }

    @Test func generatedFilesChangedByHandAreRestored() throws {
        let project = try Project()
        defer { project.folder.remove() }
        let first = Self.expectFullRunOutput(project)
        let operation = project.package + "/" + GeneratedOperations.path(of: "FirstBits", in: first)
        let inputs = project.package + "/Sources/FriendlyFlixInputs.swift"
        #expect(FileManager.default.fileExists(atPath: inputs))

        // Edited, with and without a change of size; deleted; a stale generated file added.
        let original = try String(contentsOfFile: operation, encoding: .utf8)
        try (original + "// edited\n").write(toFile: operation, atomically: false, encoding: .utf8)
        Self.expectFullRunOutput(project)
        try original.replacingOccurrences(of: "public", with: "PUBLIC").write(toFile: operation, atomically: false, encoding: .utf8)
        Self.expectFullRunOutput(project)
        try FileManager.default.removeItem(atPath: inputs)
        try FileManager.default.removeItem(atPath: project.package + "/README.md")
        Self.expectFullRunOutput(project)
        try "// Generated by sqlgen from the connector's operations.\n".write(toFile: project.package + "/Sources/Operations/GoneQuery.swift", atomically: false, encoding: .utf8)
        #expect(Self.expectFullRunOutput(project).packages.first?.summary.removed == ["Sources/Operations/GoneQuery.swift"])
    }

    @Test func aDamagedOrForeignRecordMeansAFullRun() throws {
        let project = try Project()
        defer { project.folder.remove() }
        Self.expectFullRunOutput(project)
        let recordPath = project.cache.path(for: project.package)
        let bytes = try #require(FileManager.default.contents(atPath: recordPath))
        // Every truncation of a real record reads as no record, never as a wrong one.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            #expect(throws: RecordReader.Malformed.self) { try PackageRecord(decoding: [UInt8](bytes.prefix(length))) }
        }
        #expect(try PackageRecord(decoding: [UInt8](bytes)).encoded() == [UInt8](bytes))
        for damaged in [Data(), Data("not a record".utf8), Data(bytes.prefix(bytes.count / 2)), Data(repeating: 0xff, count: 64)] {
            try damaged.write(to: URL(fileURLWithPath: recordPath))
            try project.folder.write("movie-connector/first.gql", "query FirstBits { movies(limit: \(damaged.count + 1)) { ...MovieBits } }\n")
            #expect(Self.expectFullRunOutput(project).packages.first?.connector != nil)
        }
    }

    /// A record that can vouch for nothing (the package deleted, or its enums file) is not
    /// tried first: each operation is built once.
    @Test func aRecordOfADeletedPackageBuildsEachOperationOnce() throws {
        let project = try Project()
        defer { project.folder.remove() }
        let first = Self.expectFullRunOutput(project)
        let count = try #require(first.packages.first?.operationCount)
        #expect(first.packages.first?.builtOperationCount == count)
        try FileManager.default.removeItem(atPath: project.package)
        #expect(Self.expectFullRunOutput(project).packages.first?.builtOperationCount == count)
        let inputs = project.package + "/Sources/FriendlyFlixInputs.swift"
        try FileManager.default.removeItem(atPath: inputs)
        try project.folder.write("movie-connector/second.gql", "query SecondBits { movies(limit: 4) { ...MovieBits } }\n")
        #expect(Self.expectFullRunOutput(project).packages.first?.builtOperationCount == count)
        // With nothing deleted, the record spares the unchanged operations.
        try project.folder.write("movie-connector/second.gql", "query SecondBits { movies(limit: 5) { ...MovieBits } }\n")
        #expect(try #require(Self.expectFullRunOutput(project).packages.first?.builtOperationCount) < count)
    }

    @Test func aFailedRunKeepsTheRecordAndTheOutput() throws {
        let project = try Project()
        defer { project.folder.remove() }
        Self.expectFullRunOutput(project)
        let recordPath = project.cache.path(for: project.package)
        let record = FileManager.default.contents(atPath: recordPath)
        try project.folder.write("movie-connector/first.gql", "query FirstBits { movies { nope } }\n")
        #expect(project.run().hasErrors)
        #expect(FileManager.default.contents(atPath: recordPath) == record)
        try project.folder.write("movie-connector/first.gql", "query FirstBits { movies(limit: 5) { ...MovieBits } }\n")
        Self.expectFullRunOutput(project)
    }

    @Test func theCacheFolderKeepsALimitedNumberOfRecords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = GenerationCache(directory: folder.path)
        let record = PackageRecord(context: ContentHash("c"), recordedAt: 0, operations: [], sharedFiles: [], enums: [], inputObjects: [], folders: [])
        for index in 0...GenerationCache.recordLimit + 3 { cache.save(record, for: "/packages/\(index)") }
        let records = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".record") }
        #expect(records.count == GenerationCache.recordLimit)
        #expect(cache.record(for: "/packages/\(GenerationCache.recordLimit + 3)") == record)
    }

    @Test func theDefaultFolderFollowsTheEnvironment() {
        #expect(GenerationCache.defaultDirectory(environment: ["SQLGEN_CACHE_DIR": "/c", "HOME": "/h"]) == "/c")
        #expect(GenerationCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/sqlgen")
        #expect(GenerationCache.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.cache/sqlgen")
        #expect(GenerationCache.defaultDirectory(environment: [:]) == nil)
    }
}
