import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenPostgres
import Testing

/// `sqlgen emulator --database URL` as processes over a database of their own on the test cluster
/// (`SQLGEN_TEST_DATABASE_URL`): durability across SIGKILL, two processes on one database, --reset.
@Suite("sqlgen emulator --database", .enabled(if: TestCluster.url != nil, "needs SQLGEN_TEST_DATABASE_URL (scripts/postgres-cluster.sh start)"))
struct EmulatorPostgreSQLCommandTests {
    typealias Emulator = EmulatorCommandTests.RunningEmulator

    private func count(_ port: Int) async throws -> String {
        let (_, body) = try await EmulatorCommandTests.post(port, "/graphql", #"{"query": "{ movies(where: {genre: {eq: \"Load\"}}) { _count } }"}"#)
        return body
    }

    private func create(_ port: Int, _ title: String) async throws -> Int {
        try await EmulatorCommandTests.post(port, "/graphql/execute.json/movies/createMovie",
                                            #"{"variables": {"title": "\#(title)", "releaseYear": 2000, "genre": "Load", "rating": 1.0}}"#).0
    }

    /// Runs `body` with a database of its own and a copy of the emulator fixture, removed after.
    private func withProject(_ body: (TestCluster.Database, URL) async throws -> Void) async throws {
        let database = try TestCluster.createDatabase()
        defer { database.drop() }
        let directory = try EmulatorCommandTests.project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(database, directory)
    }

    @Test func noAcknowledgedWriteIsLostToSIGKILLDuringAWriteStream() async throws {
        try await withProject { database, directory in
            let first = try Emulator(["--port", "0", "--database", database.url], in: directory)
            let port = try await first.port()
            let stream = Task { () -> Int in
                var acknowledged = 0
                for index in 0..<2_000 {
                    guard (try? await create(port, "Movie \(index)")) == 200 else { break }
                    acknowledged += 1
                }
                return acknowledged
            }
            try await Task.sleep(for: .milliseconds(1_500))
            kill(first.process.processIdentifier, SIGKILL)
            let acknowledged = await stream.value
            _ = try await first.waitForExit()
            #expect(acknowledged > 0 && acknowledged < 2_000)

            let second = try Emulator(["--port", "0", "--database", database.url], in: directory)
            defer { kill(second.process.processIdentifier, SIGTERM) }
            let body = try await count(try await second.port())
            // The write in flight at the kill may have committed without its answer reaching the client.
            #expect(body.contains("\"_count\":\(acknowledged)}") || body.contains("\"_count\":\(acknowledged + 1)}"), "\(acknowledged): \(body)")
        }
    }

    @Test func twoEmulatorsOnOneDatabaseServeTheSameAnswers() async throws {
        try await withProject { database, directory in
            // Started together: their migrations take turns.
            let one = try Emulator(["--port", "0", "--database", database.url], in: directory)
            let two = try Emulator(["--port", "0", "--database", database.url], in: directory)
            defer {
                kill(one.process.processIdentifier, SIGTERM)
                kill(two.process.processIdentifier, SIGTERM)
            }
            let (first, second) = (try await one.port(), try await two.port())
            for index in 0..<20 {
                #expect(try await create(index % 2 == 0 ? first : second, "Shared \(index)") == 200)
                // Each write is visible to the other process at once.
                #expect(try await count(index % 2 == 0 ? second : first).contains("\"_count\":\(index + 1)}"))
            }
            let list = #"{"variables": {"genre": "Load"}}"#
            let (_, fromOne) = try await EmulatorCommandTests.post(first, "/graphql/execute.json/movies/listMoviesByGenre", list)
            let (_, fromTwo) = try await EmulatorCommandTests.post(second, "/graphql/execute.json/movies/listMoviesByGenre", list)
            #expect(fromOne == fromTwo && fromOne.contains("Shared 19"), "\(fromOne)")
        }
    }

    @Test func sigtermCancelsTheStatementInFlightOnTheServer() async throws {
        try await withProject { database, directory in
            let stop = try await EmulatorCommandTests.stopDuringEndlessSQL(["--port", "0", "--database", database.url, "--request-timeout", "60s"],
                                                                           in: directory)
            #expect(stop.status == 0 && stop.seconds < 5, "\(stop.seconds) s")
            #expect(stop.code == 503 && stop.body.contains("stopping"), "\(stop.body)")
            let (_, active) = try await TestCluster.query("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database.name)' AND state = 'active'")
            #expect(active == "0")
        }
    }

    @Test func resetEmptiesTheTablesAndTheBannerHidesThePassword() async throws {
        try await withProject { database, directory in
            let withPassword = database.url.replacingOccurrences(of: "://sqlgen@", with: "://sqlgen:not-shown@")
            let seeded = try Emulator(["--port", "0", "--database", withPassword, "--seed", "seed/movies.gql"], in: directory)
            let port = try await seeded.port()
            #expect(seeded.text.contains("database: \(database.url)") && !seeded.text.contains("not-shown"), "\(seeded.text)")
            let (_, before) = try await EmulatorCommandTests.post(port, "/graphql", #"{"query": "{ movies { _count } }"}"#)
            kill(seeded.process.processIdentifier, SIGTERM)
            #expect(try await seeded.waitForExit() == 0)
            #expect(!before.contains("\"_count\":0}"), "\(before)")

            let reset = try Emulator(["--port", "0", "--database", database.url, "--reset"], in: directory)
            defer { kill(reset.process.processIdentifier, SIGTERM) }
            let (_, after) = try await EmulatorCommandTests.post(try await reset.port(), "/graphql", #"{"query": "{ movies { _count } }"}"#)
            #expect(after.contains("\"_count\":0}"), "\(after)")
        }
    }
}

/// The test cluster of `SQLGEN_TEST_DATABASE_URL`, where each test makes a database of its own.
enum TestCluster {
    static let url = ProcessInfo.processInfo.environment["SQLGEN_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    struct Database {
        let name: String
        let url: String

        func drop() {
            _ = try? PostgresConnection(url: TestCluster.url ?? "").execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    /// The first value of the first row of `sql` on the cluster's own database.
    static func query(_ sql: String) async throws -> (Int, String?) {
        let result = try PostgresConnection(url: url ?? "").execute(sql)
        return (result.rowCount, result.text(0, 0))
    }

    /// A new empty database; its URL is the cluster's with the database name replaced.
    static func createDatabase() throws -> Database {
        let base = url ?? ""
        let name = "cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresConnection(url: base).execute("CREATE DATABASE \(name)")
        let (head, query) = base.firstIndex(of: "?").map { (String(base[..<$0]), String(base[$0...])) } ?? (base, "")
        let prefix = head.lastIndex(of: "/").map { String(head[...$0]) } ?? head + "/"
        return Database(name: name, url: prefix + name + query)
    }
}
