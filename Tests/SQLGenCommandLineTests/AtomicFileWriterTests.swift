import Foundation
import Testing
@testable import SQLGenCommandLine

@Suite struct AtomicFileWriterTests {
    @Test func writeIfChangedSkipsIdenticalContentAndCreatesFolders() throws {
        let folder = try ToolProcess.temporaryDirectory()
        let path = folder.appendingPathComponent("a/b/out.swift").path
        #expect(try AtomicFileWriter.writeIfChanged(Array("one".utf8), to: path, createFolders: true))
        #expect(try !AtomicFileWriter.writeIfChanged(Array("one".utf8), to: path))
        #expect(try AtomicFileWriter.writeIfChanged(Array("two".utf8), to: path))
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("a/b").path) == ["out.swift"])
    }

    @Test func writingIntoAMissingFolderFailsWithThePath() throws {
        let folder = try ToolProcess.temporaryDirectory()
        let path = folder.appendingPathComponent("missing/out.txt").path
        #expect(throws: AtomicFileWriter.WriteError.self) { try AtomicFileWriter.write(Array("x".utf8), to: path) }
    }
}
