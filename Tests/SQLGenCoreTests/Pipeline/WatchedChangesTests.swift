import Foundation
import Testing
@testable import SQLGenCore

/// A session run told what a watcher saw change looks only at those files: a file the watcher did
/// not name in a watched folder is taken as it was (no `stat`), while files outside the watched
/// folders, links, and files it named are looked at as in any run.
@Suite struct WatchedChangesTests {
    static let connector = "movie-connector"

    /// A session after its first run over the FriendlyFlix project, what the run wrote, and the
    /// folders a watcher would watch (found before any change, as `--watch` finds them).
    static func started() throws -> (TemporaryFolder, GeneratorSession, GeneratorPipeline.Outcome, Set<String>) {
        let folder = try GeneratorSessionTests.project()
        // The package inside the folder: the fixture's goes two levels up, shared between tests.
        let config = folder.path + "/\(connector)/connector.yaml"
        try folder.write("\(connector)/connector.yaml", try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(of: "../../app", with: "../app"))
        // Files written within the file system's clock tick are read again anyway: let it pass.
        Thread.sleep(forTimeInterval: 0.1)
        let session = GeneratorSession(configPath: folder.path + "/dataconnect.yaml")
        let outcome = session.run()
        #expect(!outcome.hasErrors)
        Thread.sleep(forTimeInterval: 0.1)
        return (folder, session, outcome, Set(session.inputFolders() + session.outputFolders()))
    }

    static func changes(_ watched: Set<String>, paths: [String] = [], listings: [String] = []) -> FileChanges {
        FileChanges(watchedFolders: watched, changedPaths: Set(paths), changedListings: Set(listings))
    }

    static func operationFile(_ outcome: GeneratorPipeline.Outcome, _ name: String) -> String? {
        GeneratedOperations.declarations(of: name, in: outcome.packages.first?.files ?? [])
    }

    @Test func onlyTheNamedFilesAreLookedAt() throws {
        let (folder, session, _, watched) = try Self.started()
        defer { folder.remove() }
        let edited = try folder.write("\(Self.connector)/first.gql", "query FirstBits { movies(limit: 3) { ...MovieBits } }\n")

        // Not named, in a watched folder: taken as it was.
        let unnamed = session.run(changes: Self.changes(watched))
        #expect(Self.operationFile(unnamed, "FirstBitsQuery")?.contains("limit: 3") == false)
        #expect(unnamed.packages.first?.summary.written.isEmpty == true)

        // Named: read again, and its file regenerated, as a run that looks at everything would.
        let named = session.run(changes: Self.changes(watched, paths: [edited]))
        #expect(Self.operationFile(named, "FirstBitsQuery")?.contains("limit: 3") == true)
        #expect(named.packages.first?.summary.written == [GeneratedOperations.path(of: "FirstBits", in: named)])
        #expect(named.packages.map(\.files) == GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: false).packages.map(\.files))
    }

    @Test func aNewFileNeedsItsFolderListedAgain() throws {
        let (folder, session, _, watched) = try Self.started()
        defer { folder.remove() }
        let added = try folder.write("\(Self.connector)/added.gql", "query AddedMovies { movies { id } }\n")
        let directory = folder.path + "/" + Self.connector

        let unlisted = session.run(changes: Self.changes(watched, paths: [added]))
        #expect(Self.operationFile(unlisted, "AddedMoviesQuery") == nil)
        let listed = session.run(changes: Self.changes(watched, paths: [added], listings: [directory]))
        #expect(Self.operationFile(listed, "AddedMoviesQuery") != nil)
    }

    @Test func filesOutsideTheWatchedFoldersAndLinksAreLookedAt() throws {
        let (folder, session, _, watched) = try Self.started()
        defer { folder.remove() }
        try folder.write("\(Self.connector)/first.gql", "query FirstBits { movies(limit: 4) { ...MovieBits } }\n")
        let nothingWatched = FileChanges(watchedFolders: [], changedPaths: [], changedListings: [])
        #expect(Self.operationFile(session.run(changes: nothingWatched), "FirstBitsQuery")?.contains("limit: 4") == true)

        // An operation file that is a link: its target changes without an event in its folder.
        let target = try folder.write("elsewhere/linked.graphql", "query Linked { movies { id } }\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/\(Self.connector)/linked.gql", withDestinationPath: target)
        _ = session.run()
        Thread.sleep(forTimeInterval: 0.1)
        try folder.write("elsewhere/linked.graphql", "query Linked { movies { id title } }\n")
        let afterLink = session.run(changes: Self.changes(watched))
        #expect(Self.operationFile(afterLink, "LinkedQuery")?.contains("title") == true)
    }

    @Test func aGeneratedFileEditedByHandIsRestoredWhenNamed() throws {
        let (folder, session, outcome, watched) = try Self.started()
        defer { folder.remove() }
        let package = try #require(outcome.packages.first)
        let path = GeneratedOperations.path(of: "FirstBits", in: outcome)
        let generated = package.directory + "/" + path
        let original = try String(contentsOfFile: generated, encoding: .utf8)
        try Data("// edited by hand\n".utf8).write(to: URL(fileURLWithPath: generated))

        let restored = session.run(changes: Self.changes(watched, paths: [generated]))
        #expect(restored.packages.first?.summary.written == [path])
        #expect(try String(contentsOfFile: generated, encoding: .utf8) == original)
    }
}
