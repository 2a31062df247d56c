import Foundation
import Testing
@testable import SQLGenCore

/// Operations share files by group; incremental runs (a session, or a fresh process with the
/// record) write what a full run writes as a connector crosses group boundaries both ways.
@Suite struct OperationFileGroupsTests {
    @Test func groupsDoubleAsTheConnectorGrows() {
        let counts = [0, 1, 16, 17, 32, 33, 100, 5_000].map { OperationFileGroups(operationCount: $0).count }
        #expect(counts == [0, 1, 1, 2, 2, 4, 8, 512])
    }

    @Test func pathsSortInGroupOrder() {
        #expect(OperationFileGroups(operationCount: 3).path(of: "ListMovies") == "Sources/Operations/Operations.swift")
        let eight = OperationFileGroups(operationCount: 100)
        #expect((0..<8).map(eight.path(ofGroup:)) == (0..<8).map { "Sources/Operations/Operations\($0).swift" })
        let large = OperationFileGroups(operationCount: 5_000)
        #expect(large.path(ofGroup: 7) == "Sources/Operations/Operations007.swift")
        #expect(large.path(ofGroup: 511) == "Sources/Operations/Operations511.swift")
    }

    /// The group is FNV-1a of the name: the same in every process and on every machine (a
    /// change here moves every operation to another file).
    @Test func theGroupOfANameIsFixed() {
        let groups = OperationFileGroups(operationCount: 100)
        #expect(["ListMovies", "GetMovieById", "CreateMovie", "a"].map(groups.group(of:)) == [0, 1, 7, 4])
        #expect(Set((0..<400).map { groups.group(of: "Operation\($0)") }) == Set(0..<8))
    }

    static func manyQueries(_ numbers: Range<Int>, limit: Int = 1) -> String {
        numbers.map { "query Many\($0) { movies(limit: \(limit)) { id } }\n" }.joined()
    }

    @Test func aRecordedRunCrossesGroupBoundariesAsAFullRunDoes() throws {
        let project = try GenerationCacheTests.Project()
        defer { project.folder.remove() }
        // FriendlyFlix and three operations of the test's own: 17, two groups.
        let initial = GenerationCacheTests.expectFullRunOutput(project)
        #expect(initial.packages.first.map { OperationFileGroups(operationCount: $0.operationCount).count } == 2)

        try project.folder.write("movie-connector/one.gql", Self.manyQueries(0..<1))
        try project.folder.write("movie-connector/many.gql", Self.manyQueries(1..<40))
        let grown = GenerationCacheTests.expectFullRunOutput(project)
        let groups = try #require(grown.packages.first.map { OperationFileGroups(operationCount: $0.operationCount) })
        #expect(groups.count == 4)

        // One operation edited: its group's file alone is written.
        try project.folder.write("movie-connector/one.gql", Self.manyQueries(0..<1, limit: 7))
        let edited = GenerationCacheTests.expectFullRunOutput(project)
        #expect(GenerationCacheTests.written(edited) == [groups.path(of: "Many0")])

        // Down to one group: the four groups' files are gone.
        for file in ["many.gql", "mutations.gql"] { try FileManager.default.removeItem(atPath: project.folder.path + "/movie-connector/" + file) }
        GenerationCacheTests.expectFullRunOutput(project)
        #expect(GenerationCacheTests.swiftFiles(in: project.package).filter { $0.hasPrefix("Sources/Operations/") } == ["Sources/Operations/Operations.swift"])
    }

    @Test func aSessionCrossesGroupBoundariesAsAFullRunDoes() throws {
        let folder = try GeneratorSessionTests.project()
        defer { folder.remove() }
        let session = GeneratorSession(configPath: folder.path + "/dataconnect.yaml")
        func expectFullRunOutput(sourceLocation: SourceLocation = #_sourceLocation) {
            let run = session.run()
            let full = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: false)
            #expect(run.packages.map(\.files) == full.packages.map(\.files), sourceLocation: sourceLocation)
        }
        expectFullRunOutput()
        for (count, limit) in [(40, 1), (40, 2), (20, 2), (3, 2)] {
            try folder.write("movie-connector/many.gql", Self.manyQueries(0..<count, limit: limit))
            expectFullRunOutput()
        }
        try FileManager.default.removeItem(atPath: folder.path + "/movie-connector/mutations.gql")
        expectFullRunOutput()
    }
}
