import Foundation
import Testing
@testable import SQLGenEmulator

/// `--assets DIR`: real bytes for DAM paths that exist in the folder, placeholders for the rest,
/// and nothing read from outside the folder.
@Suite struct AEMAssetFolderTests {
    @Test func realFilesAreServedAndOthersFallBackToPlaceholders() async throws {
        let root = TestFolders.root.appendingPathComponent("sqlgen-assets-\(UUID().uuidString)")
        let assets = root.appendingPathComponent("assets")
        let image = assets.appendingPathComponent("wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg")
        try FileManager.default.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array("real asset bytes".utf8))
        try bytes.write(to: image)
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside.jpg"))
        defer { try? FileManager.default.removeItem(at: root) }

        let harness = try await AEMHarness(assetsDirectory: assets.path)
        let real = try await harness.request("GET", "/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg")
        #expect(real.status == 200)
        #expect(real.body == bytes)
        #expect(real.headers["content-type"] == "image/jpeg")

        let missing = try await harness.request("GET", "/content/dam/wknd-shared/en/adventures/other/missing.jpg")
        #expect(missing.status == 200)
        #expect(missing.body != bytes && missing.body.starts(with: [0xFF, 0xD8]), "a placeholder JPEG")

        // `..` never climbs out of the assets folder, encoded or not.
        for path in ["/content/dam/%2E%2E/outside.jpg", "/content/dam/wknd-shared/%2E%2E/%2E%2E/outside.jpg"] {
            let escaped = try await harness.request("GET", path)
            #expect(escaped.body != Data("secret".utf8), "\(path)")
        }
        await harness.shutdown()
    }

    @Test("A NUL or a symbolic link in an asset path never reaches a file outside the name")
    func nulAndSymbolicLinksStayInTheFolder() async throws {
        let root = TestFolders.root.appendingPathComponent("sqlgen-assets-\(UUID().uuidString)")
        let assets = root.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("text file".utf8).write(to: assets.appendingPathComponent("x.txt"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside.jpg"))
        try FileManager.default.createSymbolicLink(atPath: assets.appendingPathComponent("link.jpg").path, withDestinationPath: root.appendingPathComponent("outside.jpg").path)

        let harness = try await AEMHarness(assetsDirectory: assets.path)
        // The C call would stop at the NUL and open x.txt.
        let nul = try await harness.request("GET", "/content/dam/x.txt%00.jpg")
        #expect(nul.body != Data("text file".utf8))
        let linked = try await harness.request("GET", "/content/dam/link.jpg")
        #expect(linked.body != Data("secret".utf8))
        #expect(try await harness.request("GET", "/content/dam/x.txt").body == Data("text file".utf8))
        await harness.shutdown()
    }
}
