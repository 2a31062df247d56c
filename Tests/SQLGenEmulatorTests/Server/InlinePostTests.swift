import Foundation
import SQLGenHTTP
import Testing
@testable import SQLGenEmulator

/// Operations sent by POST (as Firebase's SDKs send them) begin on the HTTP event loop too: a
/// cheap query is answered there, and a mutation is admitted there and continues in a task that
/// starts on the thread that writes it.
@Suite("Emulator: POST requests begun on the event loop")
struct InlinePostTests {
    static func post(_ name: String, _ body: String) -> HTTPRequest {
        HTTPRequest(method: "POST", target: "/graphql/execute.json/c/" + name, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }

    @Test("A POSTed lookup is answered inline exactly as the async path answers it; large bodies and bad JSON are left to it")
    func postedLookupsAreInline() async throws {
        try await InlineLookupTests.withRouter { router in
            let requests = [
                Self.post("getMovie", #"{"variables":{"id":"\#(InlineLookupTests.alpha)"}}"#),
                Self.post("getMovie", #"{"variables":{"id":"not-a-uuid"}}"#),
                Self.post("topMovies", ""),
                // Refused by the access policy (no JSON content type), as on the async path.
                InlineLookupTests.get("getMovie;id=\(InlineLookupTests.alpha)", method: "POST"),
            ]
            for request in requests {
                let inline = try #require(router.handleInline(request).response, "not answered inline: \(request.target)")
                let async = await router.handle(request)
                #expect(inline.status == async.status && inline.headers == async.headers && inline.body == async.body, "\(request.target)")
            }
            let found = try #require(router.handleInline(requests[0]).response)
            #expect(String(decoding: found.body, as: UTF8.self).contains(#""title":"Alpha""#))
            #expect(found.headers["Cache-Control"] == "no-store")

            let padding = String(repeating: " ", count: EmulatorRouter.inlineBodyLimit)
            let large = Self.post("getMovie", #"{"variables":{"id":"\#(InlineLookupTests.alpha)"}}"# + padding)
            #expect(router.handleInline(large).isDeclined)
            #expect(await router.handle(large).status == 200)
            // Variables in the path of a POST are refused by the async path, which says why.
            let variablesInPath = Self.post("getMovie;id=\(InlineLookupTests.alpha)", "")
            #expect(router.handleInline(variablesInPath).isDeclined)
            #expect(await router.handle(variablesInPath).status == 400)
            let broken = Self.post("getMovie", "{")
            #expect(router.handleInline(broken).isDeclined)
            #expect(await router.handle(broken).status == 400)
        }
    }

    @Test("A mutation is admitted on the event loop and continues in a task that starts where it writes: a writing thread, else the engine's thread")
    func mutationsContinueWhereTheyWrite() async throws {
        try await InlineLookupTests.withRouter { router in
            let engine = router.engine
            // PostgreSQL writes in parallel, on writing threads; SQLite on the engine's one connection.
            #expect(engine.writers.isEmpty == !TestDatabase.isPostgreSQL)
            let outcome = router.handleInline(Self.post("addMovie", #"{"variables":{"title":"Gamma"}}"#))
            guard case .continued(let executor?, let work) = outcome else {
                Issue.record("not continued on an executor: \(outcome)")
                return
            }
            if engine.writers.isEmpty {
                #expect((executor as? EngineThread) === engine.engineThread)
            } else {
                #expect((executor as? WritingThreads) === engine.writers)
            }
            let answer = await work()
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            let listed = await router.handle(InlineLookupTests.get("listMovies"))
            #expect(String(decoding: listed.body, as: UTF8.self).contains(#""title":"Gamma""#))
            // Refusals are answered where they are found, as the async path answers them.
            for request in [InlineLookupTests.get("addMovie;title=x"), Self.post("addMovie", #"{"variables":{}}"#)] {
                let inline = try #require(router.handleInline(request).response, "\(request.target)")
                let async = await router.handle(request)
                #expect(async.status == 405 || async.status == 400)
                #expect(inline.status == async.status && inline.body == async.body, "\(request.target)")
            }
        }
    }
}
