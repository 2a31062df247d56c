import Foundation
import Testing
@testable import SQLGenCore

/// A session's output after each edit is byte for byte what a fresh `GeneratorPipeline.run`
/// gives for the same files, and so are its diagnostics.
@Suite struct GeneratorSessionTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/connectors/friendlyflix").path

    /// The FriendlyFlix project plus operations that use input objects and a shared fragment.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["dataconnect.yaml", "schema/schema.gql", "movie-connector/connector.yaml", "movie-connector/queries.gql", "movie-connector/mutations.gql"] {
            try folder.write(name, String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixture + "/" + name)), as: UTF8.self))
        }
        try folder.write("movie-connector/filtered.gql", "query FilteredMovies($filter: Movie_Filter) { movies(where: $filter) { id } }\n")
        try folder.write("movie-connector/fragments.gql", "fragment MovieBits on Movie { id title }\n")
        try folder.write("movie-connector/first.gql", "query FirstBits { movies(limit: 1) { ...MovieBits } }\n")
        try folder.write("movie-connector/second.gql", "query SecondBits { movies(limit: 2) { ...MovieBits genre } }\n")
        return folder
    }

    /// Runs the session and a fresh pipeline over the same files and expects the same result.
    static func expectSameAsFresh(_ session: GeneratorSession, _ folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        let incremental = session.run(write: false)
        let fresh = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: false)
        #expect(incremental.packages.map(\.files) == fresh.packages.map(\.files), sourceLocation: sourceLocation)
        #expect(incremental.diagnostics == fresh.diagnostics, sourceLocation: sourceLocation)
        #expect(incremental.operationCount == fresh.operationCount, sourceLocation: sourceLocation)
        return fresh.packages.first?.files ?? []
    }

    static func contents(_ files: [GeneratedFile], _ suffix: String) -> String? {
        files.first { $0.path.hasSuffix(suffix) }?.contents
    }

    @Test func editsGiveWhatAFreshRunGives() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let session = GeneratorSession(configPath: folder.path + "/dataconnect.yaml")
        let initial = Self.expectSameAsFresh(session, folder)
        #expect(Self.contents(initial, "Inputs.swift")?.contains("Movie_Filter") == true)

        // Change one operation: it no longer uses the filter input objects.
        try folder.write("movie-connector/filtered.gql", "query FilteredMovies { movies { id title } }\n")
        let changed = Self.expectSameAsFresh(session, folder)
        #expect(Self.contents(changed, "Inputs.swift") != Self.contents(initial, "Inputs.swift"))

        // Add one, then remove it.
        try folder.write("movie-connector/added.gql", "query AddedMovies($filter: Movie_Filter) { movies(where: $filter) { id rating } }\n")
        let added = Self.expectSameAsFresh(session, folder)
        #expect(GeneratedOperations.declarations(of: "AddedMoviesQuery", in: added) != nil)
        try FileManager.default.removeItem(atPath: folder.path + "/movie-connector/added.gql")
        let removed = Self.expectSameAsFresh(session, folder)
        #expect(GeneratedOperations.declarations(of: "AddedMoviesQuery", in: removed) == nil)

        // Change a fragment two operations use.
        try folder.write("movie-connector/fragments.gql", "fragment MovieBits on Movie { id title rating }\n")
        let fragment = Self.expectSameAsFresh(session, folder)
        #expect(GeneratedOperations.declarations(of: "FirstBitsQuery", in: fragment) != GeneratedOperations.declarations(of: "FirstBitsQuery", in: removed))
        #expect(GeneratedOperations.declarations(of: "SecondBitsQuery", in: fragment) != GeneratedOperations.declarations(of: "SecondBitsQuery", in: removed))

        // Change the schema: a new table brings a new key.
        let schemaPath = folder.path + "/schema/schema.gql"
        let schema = String(decoding: try Data(contentsOf: URL(fileURLWithPath: schemaPath)), as: UTF8.self)
        try folder.write("schema/schema.gql", schema + "\ntype Studio @table { name: String! }\n")
        let newSchema = Self.expectSameAsFresh(session, folder)
        #expect(Self.contents(newSchema, "Keys.swift")?.contains("StudioKey") == true)
    }

    @Test func errorsAreThoseOfAFreshRunAndRecover() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let session = GeneratorSession(configPath: folder.path + "/dataconnect.yaml")
        _ = Self.expectSameAsFresh(session, folder)

        // An unknown field in a fragment breaks both operations that use it.
        try folder.write("movie-connector/fragments.gql", "fragment MovieBits on Movie { id nope }\n")
        #expect(Self.expectSameAsFresh(session, folder).isEmpty)
        // A parse error in another file.
        try folder.write("movie-connector/first.gql", "query FirstBits { movies(limit: 1) { ...MovieBits }\n")
        #expect(Self.expectSameAsFresh(session, folder).isEmpty)

        try folder.write("movie-connector/fragments.gql", "fragment MovieBits on Movie { id title }\n")
        try folder.write("movie-connector/first.gql", "query FirstBits { movies(limit: 1) { ...MovieBits } }\n")
        #expect(!Self.expectSameAsFresh(session, folder).isEmpty)
    }
}
