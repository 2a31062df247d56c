import Foundation
import SQLGenEmulator
import Testing

/// Requests whose fragments form cycles or chains far past every limit: the emulator answers each
/// with an error and keeps serving.
@Suite("Emulator: fragment cycles and deep nesting")
struct RecursionBoundsTests {
    /// The reported crash: a spread cycle at the root of a mutation, over real sockets.
    @Test func mutationFragmentCycleIsAnErrorAndTheServerKeepsServing() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies")
        defer { Task { await emulator.shutdown() } }
        for document in [
            "mutation { ...A } fragment A on Mutation { ...A }",
            "subscription S { ...A } fragment A on Subscription { ...A }",
            "mutation { ...A @defer } fragment A on Mutation { ...B } fragment B on Mutation { ...A }",
        ] {
            let reply = try await emulator.graphQL(document)
            // A validation error: 200 under application/json, with no data.
            #expect(reply.status == 200 && reply.json?["data"] == nil, "\(reply.text)")
            #expect(reply.text.contains("within itself"), "\(reply.text)")
        }
        let health = try await emulator.request("GET", "/healthz")
        #expect(health.status == 200)
    }

    /// 100,000 fragments, each spreading the next with no field between: the limit check walks
    /// them without recursion and refuses the request.
    @Test(arguments: ["...F%next", "... on Query { ...F%next }", "movies { ...F%next }"])
    func chainsOfFragmentsAreRefused(link: String) async throws {
        let harness = try await QueryFeatureHarness(fixture: "movies", seed: false)
        defer { harness.remove() }
        let count = 100_000
        var document = "query { ...F0 }\n"
        for index in 0..<count {
            let body = index + 1 < count ? link.replacingOccurrences(of: "%next", with: String(index + 1)) : "__typename"
            document += "fragment F\(index) on Query { \(body) }\n"
        }
        let (status, json) = try await harness.run(document)
        #expect(status == 400)
        #expect(json["errors", 0, "extensions", "code"] == .string("RESOURCE_EXHAUSTED"))
        let (okStatus, _) = try await harness.run("{ __typename }")
        #expect(okStatus == 200)
    }

    /// Under every limit but deeper than runs inline: validated and executed on a stack of its own.
    @Test func deepButAllowedFragmentChainsAreExecuted() async throws {
        let harness = try await QueryFeatureHarness(fixture: "movies", seed: false)
        defer { harness.remove() }
        let count = 400
        var document = "query { ...F0 }\n"
        for index in 0..<count {
            let body = index + 1 < count ? "... on Query { ...F\(index + 1) }" : "__typename"
            document += "fragment F\(index) on Query { \(body) }\n"
        }
        let (status, json) = try await harness.run(document)
        #expect(status == 200, "\(json)")
        #expect(json["data", "__typename"] == .string("Query"))
    }
}
