import Foundation
import SQLGenLanguage
import Testing
@testable import SQLGenCore

/// What a session keeps from run to run is what the last run used: entries it did not use are
/// dropped at the start of the next, however they came and went.
@Suite struct RunScopedCacheTests {
    @Test func fileSnapshotsKeepTheFilesTheLastRunRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = try (0..<4).map { try folder.write("f\($0).gql", "query Q\($0) { a }\n") }
        // Written long enough ago that their fingerprints are trusted.
        let past = Date(timeIntervalSinceNow: -10)
        for file in files { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file) }
        let snapshots = FileSnapshots()
        snapshots.beginRun()
        for file in files { _ = snapshots.contents(of: file) }
        #expect(snapshots.count == 4)
        snapshots.beginRun()
        for file in files.prefix(2) { _ = snapshots.contents(of: file) }
        _ = snapshots.contents(of: files[0])
        snapshots.beginRun()
        #expect(snapshots.count == 2)
        // A file that vanished is forgotten at once; the next run keeps only the other.
        try FileManager.default.removeItem(atPath: files[1])
        #expect(snapshots.contents(of: files[1]) == nil)
        _ = snapshots.contents(of: files[0])
        snapshots.beginRun()
        #expect(snapshots.count == 1)
        snapshots.beginRun()
        #expect(snapshots.count == 0)
    }

    @Test func operationEntriesAreKeptWhileUsed() {
        let cache = OperationIRCache()
        func entry(_ name: String) -> OperationIRCache.Entry {
            OperationIRCache.Entry(operation: OperationIR(name: name, kind: .query, variables: [], data: SelectionSetIR(structName: "Data", typeName: "Query", fields: []), document: ""),
                                   enums: [], inputObjects: [])
        }
        func use(_ name: String, _ text: String = "") {
            _ = cache.entry(for: OperationIRCache.Key(name: name, persistedName: name, document: text)) { entry(name) }
        }
        cache.beginRun()
        for name in ["a", "b", "c"] { use(name) }
        cache.beginRun()
        use("a")
        use("a", "changed")
        use("b")
        cache.beginRun()
        #expect(cache.count == 2)
        use("a", "changed")
        cache.beginRun()
        #expect(cache.count == 1)
    }

    /// The order kept from the last build is the one a full sort gives, after operations are
    /// added, removed, renamed or moved between files.
    @Test func operationOrderKeptIsAFullSort() throws {
        let cache = OperationIRCache()
        let edits: [[String]] = [
            ["query B { a } query A { a }", "query C { a }"],
            ["query B { a } query A { a }", "query C { a }"],
            ["query B { a } query A { a }", "query C { a } query D { a }"],
            ["query B { a }", "query C { a } query D { a }"],
            ["query E { a }", "query C { a } query D { a }"],
            ["query C { a } query D { a }", "query E { a }"],
            ["query C { a } query D { a }", "query E { a }"],
            ["query C { a } query D { a }", "mutation F { a }", "query E { a }"],
        ]
        for texts in edits {
            let documents = try texts.map { try Parser.parse(Source($0, name: "f.graphql")) }
            let sorted = IRBuilder.operationsByName(documents, cache: nil)
            #expect(sorted.map(\.name) == sorted.map(\.name).sorted())
            #expect(IRBuilder.operationsByName(documents, cache: cache) == sorted)
        }
    }
}
