import CSQLite
import Foundation
import Testing
@testable import SQLGenEmulator

/// A database file in a fresh temporary folder, removed afterwards.
struct TemporaryDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("test.sqlite").path }

    init() throws {
        folder = TestFolders.root.appendingPathComponent("sqlgen-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

private struct Boom: Error, Equatable {}

@Suite struct DatabaseTests {
    @Test func opensAFileWithTheEmulatorSettings() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        let database = try SQLiteConnection(path: temporary.path)
        #expect(try database.query("PRAGMA journal_mode") == [[.text("wal")]])
        #expect(try database.query("PRAGMA synchronous") == [[.integer(1)]])
        #expect(try database.query("PRAGMA foreign_keys") == [[.integer(1)]])
        #expect(try database.query("PRAGMA busy_timeout") == [[.integer(5_000)]])
        #expect(FileManager.default.fileExists(atPath: temporary.path))
    }

    @Test("A new file gets 8 KiB pages; an existing file keeps its page size")
    func pageSizeOfNewAndExistingFiles() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        do {
            let database = try SQLiteConnection(path: temporary.path)
            try database.execute("CREATE TABLE t (x TEXT)")
            #expect(try database.query("PRAGMA page_size") == [[.integer(8192)]])
        }
        let older = temporary.folder.appendingPathComponent("older.sqlite").path
        do {
            var options = SQLiteConnection.Options()
            options.pageSize = 4096
            let database = try SQLiteConnection(path: older, options: options)
            try database.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('kept')")
        }
        let reopened = try SQLiteConnection(path: older)
        #expect(try reopened.query("PRAGMA page_size") == [[.integer(4096)]])
        #expect(try reopened.query("SELECT x FROM t") == [[.text("kept")]])
    }

    static let countToAMillion = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT count(*) FROM n"

    @Test("A step budget interrupts long statements, keeps short ones, and is gone afterwards")
    func stepBudget() throws {
        let database = try SQLiteConnection.inMemory()
        var failure: DatabaseError?
        let limit = WorkLimit(steps: 10_000)
        let spent = database.withWorkLimit(limit) { () -> Int in
            do {
                return try database.query(Self.countToAMillion).count
            } catch {
                failure = error as? DatabaseError
                return -1
            }
        }
        #expect(spent == nil)
        #expect(limit.stopReason == .steps)
        #expect(failure?.code == SQLITE_INTERRUPT)
        #expect(database.withWorkLimit(WorkLimit(steps: 10_000)) { (try? database.query("SELECT 1 + 1"))?.first?.first } == .some(.some(.integer(2))))
        // Without a limit the same long statement runs to the end.
        #expect(try database.query(Self.countToAMillion).first?.first == .integer(1_000_000))
    }

    @Test("A time limit stops an endless statement, and every statement after it")
    func timeLimitStopsEndlessSQL() throws {
        let database = try SQLiteConnection.inMemory()
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let limit = WorkLimit(timeout: .milliseconds(100))
        let start = ContinuousClock.now
        var later: DatabaseError?
        let result = database.withWorkLimit(limit) { () -> Bool in
            _ = try? database.query(endless)
            do { _ = try database.query("SELECT 1") } catch { later = error as? DatabaseError }
            return true
        }
        #expect(result == nil)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(limit.stopReason == .deadline(.milliseconds(100)))
        #expect(later?.code == SQLITE_INTERRUPT)
    }

    @Test("Cancelling from another thread stops the statement running now")
    func cancellationStopsARunningStatement() async throws {
        let limit = WorkLimit()
        let worker = Task.detached { () -> Bool in
            guard let database = try? SQLiteConnection.inMemory() else { return false }
            let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
            return database.withWorkLimit(limit) { (try? database.query(endless)) != nil } == nil
        }
        try await Task.sleep(for: .milliseconds(100))
        limit.cancel()
        #expect(await worker.value)
        #expect(limit.stopReason == .cancelled)
    }

    @Test("Work a limit stopped is rolled back, even when the body caught the failure")
    func stoppedWorkIsNeverCommitted() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        let limit = WorkLimit(steps: 10_000)
        _ = database.withWorkLimit(limit) {
            try? database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                _ = try? database.query(Self.countToAMillion)
                // A short statement after the stop, in autocommit mode if SQLite rolled back.
                _ = try? database.run("INSERT INTO t VALUES (2)")
            }
        }
        #expect(limit.stopReason == .steps)
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
        #expect(!database.isInTransaction)
    }

    @Test func fullSynchronousCanBeChosen() throws {
        var options = SQLiteConnection.Options()
        options.synchronous = .full
        let database = try SQLiteConnection.inMemory(options: options)
        #expect(try database.query("PRAGMA synchronous") == [[.integer(2)]])
    }

    @Test func createInsertQueryAndReopen() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        do {
            let database = try SQLiteConnection(path: temporary.path)
            try database.execute("""
            CREATE TABLE movie (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL, poster BLOB);
            -- a comment
            CREATE INDEX movie_title ON movie(title);
            """)
            #expect(try database.run("INSERT INTO movie (title, rating) VALUES (?, ?)", ["Dune", 8.1]) == 1)
            #expect(database.lastInsertRowID == 1)
            try database.run("INSERT INTO movie (title, rating, poster) VALUES (?, ?, ?)", ["Arrival", nil, .blob([0, 1, 2])])
            #expect(database.lastInsertRowID == 2)
            #expect(try database.run("UPDATE movie SET rating = rating + 1 WHERE rating IS NOT NULL") == 1)
        }
        let reopened = try SQLiteConnection(path: temporary.path)
        #expect(try reopened.query("SELECT id, title, rating, poster FROM movie ORDER BY id") == [
            [.integer(1), .text("Dune"), .real(9.1), .null],
            [.integer(2), .text("Arrival"), .null, .blob([0, 1, 2])],
        ])
    }

    @Test func typedBindingRoundTrips() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE v (i INTEGER, d REAL, s TEXT, b BLOB, n)")
        let texts = ["", "plain", "ünïcødé 😀", "with\u{0}nul", String(repeating: "x", count: 100_000)]
        let statement = try database.prepare("INSERT INTO v VALUES (?1, ?2, ?3, ?4, ?5)")
        for (offset, text) in texts.enumerated() {
            try statement.bind(Int64.min + Int64(offset), at: 1)
            try statement.bind(Double(offset) + 0.5, at: 2)
            try statement.bind(text, at: 3)
            try statement.bind([UInt8](repeating: UInt8(offset), count: offset), at: 4)
            try statement.bindNull(at: 5)
            try statement.run()
        }
        try database.run("INSERT INTO v VALUES (?, ?, ?, ?, ?)", [.integer(.max), .real(-.infinity), .text("max"), .blob([]), .integer(7)])

        let select = try database.prepare("SELECT i, d, s, b, n FROM v ORDER BY rowid")
        for (offset, text) in texts.enumerated() {
            #expect(try select.step())
            #expect(select.columnCount == 5)
            #expect(select.columnName(at: 2) == "s")
            #expect(select.value(at: 0) == .integer(Int64.min + Int64(offset)))
            #expect(select.value(at: 1) == .real(Double(offset) + 0.5))
            #expect(select.value(at: 2) == .text(text))
            #expect(select.value(at: 3) == .blob([UInt8](repeating: UInt8(offset), count: offset)))
            #expect(select.cell(at: 4).kind == .null)
            #expect(select.value(at: 4) == .null)
        }
        #expect(try select.step())
        #expect(select.value(at: 0) == .integer(.max))
        #expect(select.value(at: 1) == .real(-.infinity))
        #expect(select.value(at: 3) == .blob([]))
        #expect(select.value(at: 4) == .integer(7))
        #expect(try select.step() == false)
    }

    @Test(arguments: [
        "Robert'); DROP TABLE student; --",
        "' OR '1'='1",
        "\"; DELETE FROM student WHERE \"\" = \"",
        "1; ATTACH DATABASE '/tmp/x' AS x; --",
        "?1 :name @x $y",
    ])
    func parametersAreNeverSQL(text: String) throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE student (name TEXT)")
        try database.run("INSERT INTO student (name) VALUES (?)", [.text(text)])
        try database.run("INSERT INTO student (name) VALUES (?)", ["other"])
        #expect(try database.query("SELECT name FROM student WHERE name = ?", [.text(text)]) == [[.text(text)]])
        #expect(try database.query("SELECT count(*) FROM student") == [[.integer(2)]])
        #expect(try database.query("SELECT count(*) FROM sqlite_master WHERE name = 'student'") == [[.integer(1)]])
    }

    @Test func namedParameters() throws {
        let database = try SQLiteConnection.inMemory()
        let statement = try database.prepare("SELECT :a || $b, @c")
        try statement.bind("x", named: ":a")
        try statement.bind("y", named: "$b")
        try statement.bind(.integer(3), named: "@c")
        #expect(try statement.rows() == [[.text("xy"), .integer(3)]])
        #expect(throws: DatabaseError.self) { try statement.bind(.null, named: ":missing") }
    }

    @Test func parameterCountMustMatch() throws {
        let database = try SQLiteConnection.inMemory()
        do {
            try database.query("SELECT ?, ?", [1])
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "statement has 2 parameters but 1 values were given")
            #expect(error.sql == "SELECT ?, ?")
        }
    }

    @Test func transactionCommits() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        let count = try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            try database.run("INSERT INTO t VALUES (2)")
            #expect(database.isInTransaction)
            return try database.query("SELECT count(*) FROM t")
        }
        #expect(count == [[.integer(2)]])
        #expect(!database.isInTransaction)
    }

    @Test func transactionRollsBackOnError() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        let database = try SQLiteConnection(path: temporary.path)
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.run("INSERT INTO t VALUES (0)")
        #expect(throws: Boom.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                try database.run("UPDATE t SET x = 100")
                throw Boom()
            }
        }
        #expect(!database.isInTransaction)
        #expect(try database.query("SELECT x FROM t") == [[.integer(0)]])
        // A failing statement inside rolls back too, with SQLite's error.
        try database.execute("CREATE TABLE u (x INTEGER UNIQUE)")
        do {
            try database.transaction {
                try database.run("INSERT INTO u VALUES (1)")
                try database.run("INSERT INTO u VALUES (1)")
            }
            Issue.record("expected a constraint error")
        } catch let error as DatabaseError {
            #expect(error.isConstraintViolation)
            #expect(error.extendedCode == 2067)
            #expect(error.message == "UNIQUE constraint failed: u.x")
        }
        #expect(try database.query("SELECT count(*) FROM u") == [[.integer(0)]])
        // Nothing half-done reaches the file.
        let reopened = try SQLiteConnection(path: temporary.path)
        #expect(try reopened.query("SELECT x FROM t") == [[.integer(0)]])
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            do {
                try database.transaction {
                    try database.run("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            } catch is Boom {}
            try database.transaction {
                try database.run("INSERT INTO t VALUES (3)")
            }
        }
        #expect(try database.query("SELECT x FROM t ORDER BY x") == [[.integer(1)], [.integer(3)]])
    }

    @Test func foreignKeysAreEnforced() throws {
        let database = try SQLiteConnection.inMemory()
        try database.execute("""
        CREATE TABLE movie (id INTEGER PRIMARY KEY);
        CREATE TABLE review (movie_id INTEGER NOT NULL REFERENCES movie(id));
        """)
        do {
            try database.run("INSERT INTO review VALUES (42)")
            Issue.record("expected a foreign key error")
        } catch {
            #expect(error.isConstraintViolation)
            #expect(error.extendedCode == 787)
            #expect(error.message == "FOREIGN KEY constraint failed")
            #expect(error.description == "SQLite error 19 (787): FOREIGN KEY constraint failed [in: INSERT INTO review VALUES (42)]")
        }
    }

    @Test func prepareErrors() throws {
        let database = try SQLiteConnection.inMemory()
        do {
            _ = try database.prepare("SELEC 1")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.code == 1)
            #expect(error.message == "near \"SELEC\": syntax error")
            #expect(error.sql == "SELEC 1")
        }
        do {
            _ = try database.prepare("SELECT 1; SELECT 2")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "only one statement can be prepared at a time")
        }
        do {
            _ = try database.prepare("  -- nothing\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "the SQL holds no statement")
        }
        #expect(try database.prepare("SELECT 1; -- trailing comment\n /* and */ ").rows() == [[.integer(1)]])
        do {
            try database.execute("CREATE TABLE t (x); CREATE TABLE t (x)")
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "table t already exists")
        }
    }

    @Test func openErrors() {
        do {
            _ = try SQLiteConnection(path: "/nonexistent-folder-\(UUID().uuidString)/db.sqlite")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == 14)
            #expect(error.message == "unable to open database file")
        }
    }

    @Test func statementCacheReusesAndEvicts() throws {
        var options = SQLiteConnection.Options()
        options.statementCacheCapacity = 2
        let database = try SQLiteConnection.inMemory(options: options)
        let first = try database.cachedStatement("SELECT 1")
        #expect(try database.cachedStatement("SELECT 1") === first)
        _ = try database.cachedStatement("SELECT 2")
        _ = try database.cachedStatement("SELECT 1")
        _ = try database.cachedStatement("SELECT 3")
        #expect(database.cachedStatementCount == 2)
        // "SELECT 2" was the least recently used and is gone; "SELECT 1" stays.
        #expect(try database.cachedStatement("SELECT 1") === first)
        // A cached statement comes back reset with cleared bindings.
        let statement = try database.cachedStatement("SELECT ?")
        try statement.bind(5, at: 1)
        #expect(try statement.step())
        let again = try database.cachedStatement("SELECT ?")
        #expect(try again.rows() == [[.null]])
    }

    @Test func busyTimeoutAndWALReaders() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        var options = SQLiteConnection.Options()
        options.busyTimeoutMilliseconds = 50
        let writer = try SQLiteConnection(path: temporary.path, options: options)
        let other = try SQLiteConnection(path: temporary.path, options: options)
        try writer.execute("CREATE TABLE t (x INTEGER)")
        try writer.run("INSERT INTO t VALUES (1)")
        try writer.execute("BEGIN IMMEDIATE")
        try writer.run("INSERT INTO t VALUES (2)")
        // WAL: a reader sees the last committed state while the write is open.
        #expect(try other.query("SELECT count(*) FROM t") == [[.integer(1)]])
        // A second writer waits for the timeout, then fails with SQLITE_BUSY.
        do {
            try other.execute("BEGIN IMMEDIATE")
            Issue.record("expected SQLITE_BUSY")
        } catch {
            #expect(error.isBusy)
            #expect(error.code == 5)
        }
        try writer.execute("COMMIT")
        #expect(try other.query("SELECT count(*) FROM t") == [[.integer(2)]])
    }

    @Test func readOnlyConnections() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        do {
            let database = try SQLiteConnection(path: temporary.path)
            try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        }
        var options = SQLiteConnection.Options()
        options.readOnly = true
        let readOnly = try SQLiteConnection(path: temporary.path, options: options)
        #expect(try readOnly.query("SELECT x FROM t") == [[.integer(1)]])
        #expect(throws: DatabaseError.self) { try readOnly.run("INSERT INTO t VALUES (2)") }
    }
}

/// The concurrency story: the connection lives inside an actor and never leaves it.
private actor MovieStore {
    private let database: SQLiteConnection

    init() throws {
        database = try SQLiteConnection.inMemory()
        try database.execute("CREATE TABLE movie (title TEXT NOT NULL)")
    }

    func add(_ title: String) throws {
        try database.run("INSERT INTO movie (title) VALUES (?)", [.text(title)])
    }

    func count() throws -> [[SQLValue]] {
        try database.query("SELECT count(*) FROM movie")
    }
}

@Suite struct DatabaseActorTests {
    @Test func concurrentCallersGoThroughTheActor() async throws {
        let store = try MovieStore()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { try await store.add("movie \(index)") }
            }
            try await group.waitForAll()
        }
        #expect(try await store.count() == [[.integer(50)]])
    }
}
