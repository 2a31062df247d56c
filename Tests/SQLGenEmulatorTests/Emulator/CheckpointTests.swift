import Foundation
import SQLGenJSON
import SQLGenLanguage
import Testing
@testable import SQLGenEmulator

/// The emulator moves the WAL's pages into the database file after an import, at start, and once
/// writes stop: readers then read the file (through the memory map) without looking each page up
/// in the WAL first. What the file holds is read from a copy of it alone, without its WAL.
@Suite("Emulator: WAL checkpoints")
struct CheckpointTests {
    static let schema = "type Movie @table { title: String!, genre: String! }"

    static func engine(_ path: String) throws -> EmulatorEngine {
        try EmulatorEngine(schemaSources: [Source(schema, name: "schema.gql")], operationSources: [], connectorId: "c", databasePath: path)
    }

    /// The movies in the database file itself, its WAL left out.
    static func moviesInFile(_ path: String, directory: URL) throws -> Int {
        let copy = directory.appendingPathComponent("copy-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let database = try SQLiteConnection(path: copy)
        guard case .integer(let count)? = try database.query("SELECT count(*) FROM movie").first?.first else { return -1 }
        return Int(count)
    }

    static func movies(_ count: Int, from start: Int = 0) -> JSONValue {
        .array((start..<(start + count)).map { index in
            .object([JSONMember("id", .string(String(format: "%032x", index))), JSONMember("title", .string("Movie \(index)")),
                     JSONMember("genre", .string("drama"))])
        })
    }

    @Test("An import is in the database file when it returns")
    func importIsCheckpointed() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, directory in
            let engine = try Self.engine(path)
            let imported = try await engine.importData(.object([JSONMember("tables", .object([JSONMember("Movie", Self.movies(3000))]))]))
            #expect(imported == 3000)
            #expect(try Self.moviesInFile(path, directory: directory) == 3000)
        }
    }

    @Test("A mutation's rows reach the database file once writes stop")
    func writesAreCheckpointedWhenIdle() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, directory in
            let engine = try Self.engine(path)
            let inserted = await engine.executeDocument(#"mutation { movie_insert(data: {title: "Alien", genre: "horror"}) }"#,
                                                        operationName: nil, variables: .object([]))
            #expect(inserted.status == 200)
            var inFile = 0
            for _ in 0..<40 where inFile == 0 {
                try await Task.sleep(for: .milliseconds(100))
                inFile = try Self.moviesInFile(path, directory: directory)
            }
            #expect(inFile == 1)
        }
    }

    @Test("Pages another connection left in the WAL are in the file once the emulator starts")
    func startCheckpoints() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, directory in
            _ = try Self.engine(path)
            // A connection that stays open (as a killed emulator's WAL stays) writes two rows.
            let other = try SQLiteConnection(path: path)
            try other.execute("PRAGMA wal_autocheckpoint=0")
            try other.execute("INSERT INTO movie (id, title, genre) VALUES ('a', 'One', 'x'), ('b', 'Two', 'x')")
            #expect(try Self.moviesInFile(path, directory: directory) == 0)
            _ = try Self.engine(path)
            #expect(try Self.moviesInFile(path, directory: directory) == 2)
            withExtendedLifetime(other) {}
        }
    }
}
