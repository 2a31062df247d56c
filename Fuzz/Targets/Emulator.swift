// `emulator`: requests end to end into an in-process emulator (the router the HTTP server calls,
// the engine, SQLite) over the movies fixture, seeded, on a database file. Each input is an HTTP
// request (or, when it is not one, the body of `POST /graphql`). Checks besides "no crash": after
// every input the engine still answers a known query correctly.

import Foundation
import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage
@testable import SQLGenEmulator

private let fixture = "Tests/SQLGenEmulatorTests/Fixtures/movies/"
nonisolated(unsafe) private var router: EmulatorRouter?
private let knownQuery = "query { movies(where: { title: { eq: \"Fuzz Check\" } }) { title releaseYear } }"

let emulatorTarget = FuzzTarget(name: "emulator", setUp: setUpEmulator, run: fuzzEmulator)

private func setUpEmulator() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-fuzz-emulator-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-fuzz-emulator-\(getpid())").path) }
    let operations = ["queries.gql", "mutations.gql"].map { Source(repositoryFile(fixture + $0), name: $0) }
    do {
        let engine = try EmulatorEngine(schemaSources: [Source(repositoryFile(fixture + "schema.gql"), name: "schema.gql")],
                                        operationSources: operations, connectorId: "movies", databasePath: folder + "/emulator.sqlite")
        let seed = repositoryFile(fixture + "seed.gql")
        let rows = blocking { try? await engine.runSeed(seed, name: "seed.gql") }
        guard rows != nil else { fatalError("sqlgen-fuzzer: the movies seed failed") }
        router = EmulatorRouter(engine: engine, persistedOnly: false)
    } catch {
        fatalError("sqlgen-fuzzer: \(error)")
    }
    insertKnownRow()
}

/// The row `knownQuery` finds; in its own table row so inputs that change other rows leave it.
private func insertKnownRow() {
    guard let engine = router?.engine else { return }
    let mutation = "mutation { movie_upsert(data: { id: \"f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0\", title: \"Fuzz Check\", releaseYear: 1999 }) }"
    let response = blocking { await engine.executeDocument(mutation, operationName: nil, variables: .object([])) }
    precondition(response.status == 200 && response.result.errors.isEmpty, "sqlgen-fuzzer: cannot insert the known row")
}

/// The status the event loop would send for an inline outcome (a batch runs first, as at the end of a loop pass).
private func status(of outcome: InlineOutcome, _ request: HTTPRequest, _ router: EmulatorRouter) async -> Int {
    switch outcome {
    case .answered(let response): return response.status
    case .continued(_, let work): return await work().status
    case .declined: return await router.handle(request).status
    case .batched(let batch, let next):
        batch.run()
        return await status(of: next(), request, router)
    }
}

private func fuzzEmulator(_ bytes: [UInt8]) {
    guard let router else { return }
    let request = EngineRequests.request(bytes, fallbackPath: "/graphql")
    _ = blocking { () async -> Int in await status(of: router.handleInline(request), request, router) }
    let response = blocking { await router.engine.executeDocument(knownQuery, operationName: nil, variables: .object([])) }
    precondition(response.status == 200 && response.result.errors.isEmpty, "the engine no longer answers: \(response.result.json.serialized())")
    if response.result.data?["movies"]?.arrayValue?.isEmpty ?? true {
        insertKnownRow()  // an input deleted or changed it: put it back, then check it is found again
        let again = blocking { await router.engine.executeDocument(knownQuery, operationName: nil, variables: .object([])) }
        precondition(again.result.data?["movies"]?.arrayValue?.count == 1, "the known row is not found after reinserting it")
    }
}
