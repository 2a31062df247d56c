import Foundation
import Testing
@testable import SQLGenCore

/// A package is written all or nothing: a failure at any step of a write (forced one step at a
/// time) leaves the old package exactly as it was, with nothing left beside it.
@Suite struct AtomicWriteTests {
    private static let marker = "// " + PackageWriter.generatedMarker + "\n"

    /// Every file and folder below `root`, relative, with the contents of the files ("/" for folders).
    private static func snapshot(_ root: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
        for case let relative as String in enumerator {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder)
            result[relative] = isFolder.boolValue ? "/" : String(decoding: FileManager.default.contents(atPath: root + "/" + relative) ?? Data(), as: UTF8.self)
        }
        return result
    }

    private static func write(_ tree: [String: String], in root: String) throws {
        for (path, contents) in tree where contents != "/" {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    /// An old package with a changed, an unchanged, a stale generated and a user file; the new
    /// output changes one, adds one in a new folder and drops the stale one.
    private static let old: [String: String] = [
        "Package.swift": marker + "old manifest",
        "Sources/Pkg/Same.swift": marker + "same",
        "Sources/Pkg/Stale.swift": marker + "stale",
        "Sources/Pkg/Mine.swift": "the user's own file",
    ]
    private static let new = [
        GeneratedFile(path: "Package.swift", contents: marker + "new manifest"),
        GeneratedFile(path: "Sources/Pkg/Same.swift", contents: marker + "same"),
        GeneratedFile(path: "Sources/Pkg/Operations/Added.swift", contents: marker + "added"),
    ]

    private static func withFolder(_ body: (String) throws -> Void) throws {
        let root = TestFolders.root.appendingPathComponent("sqlgen-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try body(root)
    }

    /// Writes the new output with step `failing` made to fail; what the package holds after.
    private static func outcome(failing: Int?, root: String, package: String) -> (threw: Bool, steps: Int) {
        let disk = PackageDisk(failingStep: failing)
        do {
            _ = try PackageWriter.write(new, to: package, disk: disk)
            return (false, disk.steps)
        } catch {
            return (true, disk.steps)
        }
    }

    @Test func failureAtEachStepOfAnUpdateLeavesTheOldPackage() throws {
        try Self.withFolder { root in
            let package = root + "/out/Pkg"
            try Self.write(Self.old, in: package)
            let before = Self.snapshot(package)
            let steps = Self.outcome(failing: nil, root: root, package: package).steps
            let after = Self.snapshot(package)
            #expect(after["Sources/Pkg/Operations/Added.swift"] != nil && after["Sources/Pkg/Stale.swift"] == nil)
            #expect(after["Sources/Pkg/Mine.swift"] == "the user's own file")
            #expect(steps > 8)
            for failing in 0..<steps {
                try? FileManager.default.removeItem(atPath: package)
                try Self.write(Self.old, in: package)
                let result = Self.outcome(failing: failing, root: root, package: package)
                let state = Self.snapshot(package)
                if result.threw {
                    #expect(state == before, "step \(failing) failed and changed the package")
                    #expect(Self.snapshot(root + "/out").keys.allSatisfy { !$0.hasPrefix(".sqlgen-") }, "step \(failing) left files beside the package")
                } else {
                    // Only the clean-up after the swap may fail without an error.
                    #expect(state == after, "step \(failing) failed without an error and left a mixed package")
                }
            }
        }
    }

    @Test func failureAtEachStepOfANewPackageCreatesNothing() throws {
        try Self.withFolder { root in
            let package = root + "/a/b/Pkg"
            let steps = Self.outcome(failing: nil, root: root, package: package).steps
            #expect(Self.snapshot(package).count == 6)
            for failing in 0..<steps {
                try? FileManager.default.removeItem(atPath: root + "/a")
                if Self.outcome(failing: failing, root: root, package: package).threw {
                    #expect(!FileManager.default.fileExists(atPath: root + "/a"), "step \(failing) left folders behind")
                }
            }
        }
    }

    /// The reported case: one file name too long for the file system, no simulated failure.
    @Test func fileNameTooLongChangesNothingAndNamesTheFile() throws {
        try Self.withFolder { root in
            let package = root + "/Pkg"
            try Self.write(Self.old, in: package)
            let before = Self.snapshot(package)
            let long = "Sources/Pkg/" + String(repeating: "A", count: 300) + ".swift"
            var thrown: PackageWriter.WriteError?
            do throws(PackageWriter.WriteError) {
                _ = try PackageWriter.write(Self.new + [GeneratedFile(path: long, contents: "x")], to: package)
            } catch {
                thrown = error
            }
            #expect(thrown?.description.hasPrefix("cannot write '\(package)/\(long)': ") == true)
            #expect(Self.snapshot(package) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["Pkg"])
        }
    }

    @Test func unchangedFilesAreNotTouched() throws {
        try Self.withFolder { root in
            let package = root + "/Pkg"
            try Self.write(Self.old, in: package)
            let same = package + "/Sources/Pkg/Same.swift"
            let past = Date(timeIntervalSince1970: 1_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: same)
            let summary = try PackageWriter.write(Self.new, to: package)
            #expect(summary.unchanged == ["Sources/Pkg/Same.swift"])
            #expect(summary.removed == ["Sources/Pkg/Stale.swift"])
            #expect(summary.written == ["Package.swift", "Sources/Pkg/Operations/Added.swift"])
            let modified = try FileManager.default.attributesOfItem(atPath: same)[.modificationDate] as? Date
            #expect(modified == past)
        }
    }

    /// A package folder that holds a hand-written manifest: generating into it replaced the
    /// manifest without a word. Now nothing is written and the error names the file.
    @Test func aFileSqlgenDidNotWriteIsNotReplaced() throws {
        try Self.withFolder { root in
            let package = root + "/Pkg"
            try Self.write(Self.old.merging(["Package.swift": "// the app's own manifest"]) { $1 }, in: package)
            let before = Self.snapshot(package)
            var thrown: PackageWriter.WriteError?
            do throws(PackageWriter.WriteError) {
                _ = try PackageWriter.write(Self.new, to: package)
            } catch {
                thrown = error
            }
            #expect(thrown?.description == "'\(package)/Package.swift' exists and sqlgen did not write it (it has no \"Generated by sqlgen\" line), so it is not replaced: "
                    + "move it, or give the SDK another outputDir or package")
            #expect(Self.snapshot(package) == before)
        }
    }
}
