import Foundation
import SQLGenEmulator
import Testing

/// The console in AEM mode: the persisted queries and the content fragments of each model, as
/// AEM serves them; the same protections.
@Suite("Emulator console: AEM mode")
struct AEMConsoleTests {
    @Test("The persisted queries with their forms, the models with their fragments, runs as AEM answers them")
    func overviewRowsAndRuns() async throws {
        let aem = try await AEMHarness()
        defer { Task { await aem.shutdown() } }
        let client = try await ConsoleClient.open(port: aem.port)
        let page = try await RawHTTP.send(port: aem.port, "GET", "/")
        #expect(page.body.contains("name=\"sqlgen-console-mode\" content=\"aem\""))
        let overview = try await client.json("overview")
        let bySlug = overview["operations"]?.arrayValue?.first { $0["name"] == .string("adventure-by-slug") }
        #expect(bySlug?["connector"] == .string("wknd-shared") && bySlug?["access"] == .string("publish"))
        #expect(bySlug?["variables", 0, "name"] == .string("slug") && bySlug?["variables", 0, "required"] == .bool(true))
        let adventures = overview["collections"]?.arrayValue?.first { $0["name"] == .string("AdventureModel") }
        guard case .int(let count)? = adventures?["rows"] else { Issue.record("no AdventureModel: \(overview)"); return }
        #expect(count > 2)
        #expect(adventures?["columns"]?.arrayValue?.prefix(2) == [.string("_path"), .string("title")])
        let rows = try await client.json("rows?collection=AdventureModel&limit=2&sort=title&descending=1")
        #expect(rows["total"] == .int(count) && rows["rows"]?.arrayValue?.count == 2)
        let titles = rows["rows"]?.arrayValue?.compactMap { $0[1]?.stringValue } ?? []
        #expect(titles == titles.sorted(by: >) && titles.count == 2, "\(titles)")
        #expect(try await client.send("GET", "rows?collection=AdventureModel&sort=nope").status == 400)
        let run = try await client.run("wknd-shared", "adventure-by-slug", variables: #"{"slug": "bali-surf-camp"}"#)
        #expect(run.json["status"] == .int(200))
        #expect(run.json["response", "data", "adventureList", "items", 0, "slug"] == .string("bali-surf-camp"))
        #expect(run.json["statements"] == .array([]))
        _ = try await aem.request("GET", "/graphql/execute.json/wknd-shared/adventures-all", headers: ["Authorization": "Basic " + Data("ann:secret".utf8).base64EncodedString()])
        let log = try await client.json("log")
        #expect(log["entries", 0, "operation"] == .string("wknd-shared/adventures-all") && log["entries", 0, "caller"] == .string("basic ann"))
    }

    @Test("The author tier's credentials are not needed for the console; its token and origin checks are")
    func authorTier() async throws {
        let aem = try await AEMHarness(author: true)
        defer { Task { await aem.shutdown() } }
        let client = try await ConsoleClient.open(port: aem.port)
        #expect(try await client.send("GET", "overview").status == 200)
        #expect(try await RawHTTP.send(port: aem.port, "GET", "/console/api/overview").status == 403)
        #expect(try await client.send("GET", "overview", headers: ["Origin: https://attacker.example"]).status == 403)
    }
}
