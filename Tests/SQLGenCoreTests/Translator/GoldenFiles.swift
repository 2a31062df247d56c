import Foundation
import Testing
@testable import SQLGenCore

/// Compares generated files with the reference copies under `Fixtures/golden/<name>/`.
/// Run `SQLGEN_UPDATE_GOLDENS=1 swift test --filter SQLGenCoreTests` to rewrite the references.
enum GoldenFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["SQLGEN_UPDATE_GOLDENS"] == "1" }

    static func check(_ files: [GeneratedFile], against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = root.appendingPathComponent(name)
        if updating {
            try? FileManager.default.removeItem(at: folder)
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
            return
        }
        var expectedPaths: [String] = []
        if let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where !url.hasDirectoryPath {
                expectedPaths.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        #expect(expectedPaths.sorted() == files.map(\.path).sorted(), "generated file list differs from \(name)", sourceLocation: sourceLocation)
        for file in files {
            let expected = (try? String(contentsOf: folder.appendingPathComponent(file.path), encoding: .utf8)) ?? ""
            #expect(file.contents == expected, "\(name)/\(file.path) differs from the reference", sourceLocation: sourceLocation)
        }
    }
}
