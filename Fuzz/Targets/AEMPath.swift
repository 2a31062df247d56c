// `aem-path`: AEM path decoding. The first line of the input is a request target (path and
// query); it goes through `PersistedQueryPath` and the asset path functions directly, then as a
// GET (or, by the first byte, POST/PUT/HEAD) into an in-process AEM emulator over the WKND content.
// Checks besides "no crash": decoding never yields more bytes than it read, an encoded DAM name
// decodes back, and a DAM path only ever maps to a file inside the assets folder.

import Foundation
import SQLGenLanguage
@testable import SQLGenEmulator
@testable import SQLGenHTTP
import SQLGenJSON

private let fixture = "Tests/SQLGenEmulatorTests/Fixtures/aem/"
nonisolated(unsafe) private var router: EmulatorRouter?
nonisolated(unsafe) private var assets = ""

let aemPathTarget = FuzzTarget(name: "aem-path", setUp: setUpAEM, run: fuzzAEMPath)

private func files(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(fixture + folder).path)) ?? []
    return names.filter { $0.hasSuffix(".graphql") }.sorted()
}

private func setUpAEM() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-fuzz-aem-\(getpid())").path
    assets = folder + "/assets"
    try? FileManager.default.createDirectory(atPath: assets + "/wknd", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: assets + "/wknd/a.png", contents: Data([0x89, 0x50]))
    atexit { try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-fuzz-aem-\(getpid())").path) }
    let schema = files("schema").enumerated().map { Source(repositoryFile(fixture + "schema/" + $1), name: $1, id: SourceID(UInt32($0 + 1))) }
    let operations = files("queries").enumerated().map { offset, name in
        (name: String(name.dropLast(".graphql".count)), source: Source(repositoryFile(fixture + "queries/" + name), name: name, id: SourceID(UInt32(100 + offset))))
    }
    do {
        let content = try JSONParser.parse(repositoryFile(fixture + "content-fragments.json"))
        let engine = try EmulatorEngine(aemSchemaSources: schema, operations: operations, configuration: "wknd-shared", content: content,
                                        databasePath: folder + "/emulator.sqlite")
        router = EmulatorRouter(engine: engine, persistedOnly: false, assetsDirectory: assets)
    } catch {
        fatalError("sqlgen-fuzzer: \(error)")
    }
}

private func fuzzAEMPath(_ bytes: [UInt8]) {
    guard let router, let selector = bytes.first else { return }
    let rest = bytes.dropFirst()
    let line = rest.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
    let target = String(decoding: line.first ?? [], as: UTF8.self)
    let body = line.count > 1 ? Array(line[1]) : []
    checkDecoding(Substring(target))
    let method = ["GET", "GET", "POST", "PUT", "HEAD"][Int(selector) % 5]
    let request = HTTPRequest(method: method, target: target, headers: ["Host": "127.0.0.1", "Content-Type": "application/json"], body: body)
    _ = blocking { await router.handle(request) }
}

private func checkDecoding(_ text: Substring) {
    if let decoded = PersistedQueryPath.percentDecodedBytes(text) {
        precondition(decoded.count <= text.utf8.count, "decoding grew the text")
    }
    _ = PersistedQueryPath.parse(text)
    guard let path = PersistedQueryPath.percentDecode(text) else { return }
    _ = AEMAssets.isAsset(path)
    _ = AEMAssets.referenceType(path)
    let name = String(path.split(separator: "/").last ?? "")
    precondition(PersistedQueryPath.percentDecode(Substring(AEMAssets.percentEncode(name))) == name, "an encoded name does not decode back: \(name)")
    if path.hasPrefix("/content/dam/"), let file = AEMAssets.fileInside(assets, relativePath: String(path.dropFirst("/content/dam/".count))) {
        precondition(file.hasPrefix(assets + "/"), "a DAM path maps outside the assets folder: \(file)")
    }
}
