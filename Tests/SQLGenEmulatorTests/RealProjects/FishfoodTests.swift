import Foundation
import SQLGenEmulator
import Testing

/// firebase-tools' VS Code extension test project: `connectors/a/`, a fragment defined in
/// `mutations.gql` and spread in `queryWithFragment.gql`, `String!` keys the caller chooses.
@Suite("Real projects: realworld/fishfood in the emulator")
struct FishfoodTests {
    /// Data Connect validates a connector's files as one document, so the emulator must accept
    /// a fragment used only by another file.
    @Test
    func startsOnTheConnectorFilesAsPublished() async throws {
        let emulator = try await RealProject("realworld/fishfood").start()
        defer { Task { await emulator.shutdown() } }
        let comments = try await emulator.get("fragmentTest")
        #expect(comments.json?["data", "comments"] == .array([]), "\(comments.text)")
    }

    /// Until then, the connector's files as one source (as Data Connect reads them).
    private func started() async throws -> EmulatorHarness {
        try await RealProject("realworld/fishfood").operationsInOneSource().start()
    }

    @Test func postsAndCommentsThroughTheConnector() async throws {
        let emulator = try await started()
        defer { Task { await emulator.shutdown() } }
        for (id, content) in [("p1", "First post"), ("p2", "Second post")] {
            let created = try await emulator.post("createPost", #"{"id": "\#(id)", "content": "\#(content)"}"#)
            #expect(created.json?["data", "post_insert", "id"] == .string(id), "\(created.text)")
        }
        // A comment needs its post (`post: Post!`): the connector's createComment cannot make one.
        let orphan = try await emulator.post("createComment", #"{"id": "c0", "content": "Lost"}"#)
        // `comment_insert` is non-null: its error nulls `data`.
        #expect(orphan.json?["data"] == .null)
        // SQLite says "NOT NULL constraint failed", PostgreSQL "violates not-null constraint".
        let refusal = orphan.json?["errors", 0, "message"]?.stringValue?.uppercased() ?? ""
        #expect(refusal.contains("NOT NULL") || refusal.contains("NOT-NULL"), "\(orphan.text)")
        let seeded = try await emulator.graphQL(#"mutation { a: comment_insert(data: {id: "c1", content: "Nice", postId: "p1"}) b: comment_insert(data: {id: "c2", content: "Agreed", post: {id: "p1"}}) }"#)
        #expect(seeded.json?["errors"] == nil, "\(seeded.text)")

        let post = try await emulator.get("getPost", ["id": "p1"])
        #expect(post.json?["data", "post", "content"] == .string("First post"), "\(post.text)")
        #expect(post.json?["data", "post", "comments"]?.strings("id").sorted() == ["c1", "c2"])
        let fragment = try await emulator.get("fragmentTest")
        #expect(fragment.json?["data", "comments"]?.strings("content").sorted() == ["Agreed", "Nice"], "\(fragment.text)")
        #expect(fragment.json?["data", "comments", 0, "id"] == nil)

        let byId = try await emulator.get("listPostsForUser", ["userId": "p2"])
        #expect(byId.json?["data", "posts"]?.strings("content") == ["Second post"])
        #expect(try await emulator.get("listPostsOnlyId").json?["data", "posts"]?.strings("id").sorted() == ["p1", "p2"])

        // A required reference cascades: deleting the post deletes its comments.
        let deleted = try await emulator.post("deletePost", #"{"id": "p1"}"#)
        #expect(deleted.json?["data", "post_delete", "id"] == .string("p1"), "\(deleted.text)")
        #expect(try await emulator.count("comments") == 0)
        #expect(try await emulator.get("getPost", ["id": "p1"]).json?["data", "post"] == .null)
    }

    @Test func aPostNeedsItsKey() async throws {
        let emulator = try await started()
        defer { Task { await emulator.shutdown() } }
        // `$id: String` may be left out, but `Post.id` is a `String!` key with no default.
        let reply = try await emulator.post("createPost", #"{"content": "No key"}"#)
        #expect(reply.json?["data"] == .null)
        #expect(reply.json?["errors", 0, "message"]?.stringValue?.contains("id") == true, "\(reply.text)")
        #expect(try await emulator.count("posts") == 0)
    }
}
