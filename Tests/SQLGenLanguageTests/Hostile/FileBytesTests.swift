import Foundation
import Testing
import SQLGenLanguage

/// Input files that are not regular files: refused at once, never waited on or read forever.
@Suite struct FileBytesTests {
    /// A fresh folder, removed after `body`.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-filebytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func aRegularFileAndALinkToOneAreRead() throws {
        try Self.inFolder { folder in
            try Data("type Query { a: Int }".utf8).write(to: URL(fileURLWithPath: folder + "/schema.gql"))
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.gql", withDestinationPath: folder + "/schema.gql")
            #expect(FileBytes.read(folder + "/schema.gql") == Array("type Query { a: Int }".utf8))
            #expect(FileBytes.read(folder + "/link.gql") == Array("type Query { a: Int }".utf8))
            #expect(FileBytes.read(folder + "/missing.gql") == nil)
        }
    }

    /// Opening a FIFO for reading waits for a writer: without one, this test would never end.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        try Self.inFolder { folder in
            #expect(mkfifo(folder + "/operations.gql", 0o644) == 0)
            #expect(FileBytes.read(folder + "/operations.gql") == nil)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aDeviceThatNeverEndsAndAFolderAreRefused() throws {
        #expect(FileBytes.read("/dev/zero") == nil)
        try Self.inFolder { folder in #expect(FileBytes.read(folder) == nil) }
    }
}
