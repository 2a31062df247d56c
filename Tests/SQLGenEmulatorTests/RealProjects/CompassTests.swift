import Foundation
import SQLGenEmulator
import Testing

/// FirebaseExtended/compass-travel-planning-sample: `Vector! @col(size: 768)` columns, similarity
/// search by L2 distance, composite keys and a reference given as a `Place_Key` variable. It has
/// no seed file: the test creates its places and activities through the connector's mutations.
@Suite("Real projects: realworld/compass-web in the emulator",
       .enabled(if: TestDatabase.hasVector, "PostgreSQL without the vector extension refuses Vector columns (PostgreSQLBackendTests)"))
struct CompassTests {
    /// A 768-dimension vector: `weight` at `axis`, zero elsewhere.
    static func vector(axis: Int, weight: Double = 1) -> String {
        "[" + (0..<768).map { $0 == axis ? String(weight) : "0" }.joined(separator: ",") + "]"
    }

    static let places = [("kyoto", "Kyoto", "Japan", 0), ("lima", "Lima", "Peru", 1), ("oslo", "Oslo", "Norway", 2), ("perth", "Perth", "Australia", 3)]

    private func started() async throws -> EmulatorHarness {
        let emulator = try await RealProject("realworld/compass-web").start()
        for (ref, name, country, axis) in Self.places {
            let variables = """
            {"ref": "\(ref)", "name": "\(name)", "country": "\(country)", "continent": "?", "knownFor": "food", "tags": ["city"],
             "imageUrl": "https://example.com/\(ref).jpg", "embedding": \(Self.vector(axis: axis))}
            """
            let reply = try await emulator.post("createPlace", variables)
            guard reply.json?["data", "place_insert", "ref"] == .string(ref) else {
                await emulator.shutdown()
                throw RealProject.LoadError(description: "createPlace \(ref): \(reply.text)")
            }
        }
        return emulator
    }

    @Test func nearestPlacesComeFirstByL2Distance() async throws {
        let emulator = try await started()
        defer { Task { await emulator.shutdown() } }
        // Closest to Oslo's axis, then Lima's, then the two equidistant others (limit 3).
        let query = "[" + (0..<768).map { $0 == 2 ? "0.9" : ($0 == 1 ? "0.3" : "0") }.joined(separator: ",") + "]"
        let nearest = try await emulator.post("getNearestPlace", #"{"placeDescriptionVector": \#(query)}"#)
        #expect(nearest.status == 200, "\(nearest.text)")
        let refs = nearest.json?["data", "places_embedding_similarity"]?.strings("ref") ?? []
        #expect(refs.count == 3 && Array(refs.prefix(2)) == ["oslo", "lima"], "\(nearest.text)")
        #expect(nearest.json?["data", "places_embedding_similarity", 0, "tags"] == .array([.string("city")]))

        let short = try await emulator.post("getNearestPlace", #"{"placeDescriptionVector": [1, 0, 0]}"#)
        #expect(short.json?["errors", 0, "message"]?.stringValue?.contains("dimensions") == true, "\(short.text)")
    }

    @Test func activitiesReferenceTheirPlaceByKey() async throws {
        let emulator = try await started()
        defer { Task { await emulator.shutdown() } }
        for (index, name) in ["Tea ceremony", "Temple walk"].enumerated() {
            let variables = """
            {"ref": "act-\(index)", "destinationRef": "kyoto", "name": "\(name)", "description": "d", "locationName": "Gion",
             "timeOfDay": "morning", "price": \(20 + index * 5), "familyFriendly": true, "duration": 1.5,
             "imageUrl": "https://example.com/a.jpg", "embedding": \(Self.vector(axis: 10 + index)), "place": {"ref": "kyoto"}}
            """
            let created = try await emulator.post("createActivity", variables)
            #expect(created.json?["data", "activity_insert", "destinationRef"] == .string("kyoto"), "\(created.text)")
        }
        let activities = try await emulator.get("getActivitiesForPlace", ["placeId": "kyoto"])
        #expect(activities.json?["data", "activities"]?.strings("name").sorted() == ["Tea ceremony", "Temple walk"], "\(activities.text)")
        #expect(activities.json?["data", "activities"]?.values("price").compactMap(\.number).sorted() == [20, 25])
        let placeOf = try await emulator.graphQL(#"query { activities(where: {ref: {eq: "act-0"}}) { place { name } } }"#)
        #expect(placeOf.json?["data", "activities", 0, "place", "name"] == .string("Kyoto"), "\(placeOf.text)")
        #expect(try await emulator.get("getActivitiesForPlace", ["placeId": "lima"]).json?["data", "activities"] == .array([]))
    }

    @Test func adminOnlyListsAndVertexEmbeddingsAreRefusedClearly() async throws {
        let emulator = try await started()
        defer { Task { await emulator.shutdown() } }
        let list = try await emulator.get("ListPlaces")
        #expect(list.status == 403)
        #expect(list.json?["errors", 0, "extensions", "code"] == .string("PERMISSION_DENIED"))
        let admin = try await emulator.graphQL("query { places(limit: 3) { ref } }")
        #expect(admin.json?["data", "places"]?.arrayValue?.count == 3)

        let compare = try await emulator.graphQL(#"query { places_embedding_similarity(compare_embed: {model: "textembedding-gecko@003", text: "fjords"}) { ref } }"#)
        #expect(compare.json?["errors", 0, "message"]?.stringValue?.contains("Vertex AI") == true, "\(compare.text)")
        let embed = try await emulator.graphQL(#"""
        mutation { place_update(key: {ref: "oslo"}, data: {embedding_embed: {model: "textembedding-gecko@003", text: "fjords"}}) }
        """#)
        #expect(embed.json?["errors", 0, "message"]?.stringValue?.contains("Vertex AI") == true, "\(embed.text)")
        #expect(embed.json?["errors", 0, "extensions", "code"] == .string("UNIMPLEMENTED"))
        let update = try await emulator.graphQL(#"""
        mutation { place_update(key: {ref: "oslo"}, data: {embedding_update: [{set_embed: {model: "textembedding-gecko@003", text: "fjords"}}]}) }
        """#)
        #expect(update.json?["errors", 0, "message"]?.stringValue?.contains("Vertex AI") == true, "\(update.text)")
    }
}
