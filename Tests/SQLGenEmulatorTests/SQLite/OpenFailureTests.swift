import Foundation
import Testing
@testable import SQLGenEmulator

@Suite("SQLite: files that cannot be opened")
struct OpenFailureTests {
    @Test func aFileThatIsNotADatabaseIsRefusedWithSQLitesReason() throws {
        let temporary = try TemporaryDatabase()
        defer { temporary.remove() }
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: temporary.path))
        // Refused by a setting after the open: the failed initializer releases the handle, once.
        for _ in 0..<50 {
            #expect { try SQLiteConnection(path: temporary.path) } throws: { error in
                "\(error)".contains("file is not a database")
            }
        }
        #expect(try SQLiteConnection.inMemory().query("SELECT 1") == [[.integer(1)]])
    }
}
