import Foundation
import SQLGenEmulator
import Testing

/// Seed files run without validation, so the executor itself must refuse what the schema does not
/// define: a dropped field or argument would turn a write or a filter into something else.
@Suite("Emulator: seed files that name what the schema lacks")
struct SeedInputTests {
    private func seedError(_ text: String) async throws -> String? {
        let emulator = try await EmulatorHarness(fixture: "friendlyflix", connector: "friendly-flix", seed: "data_seed.gql")
        defer { Task { await emulator.shutdown() } }
        do {
            _ = try await emulator.engine.runSeed(text, name: "extra.gql")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func anUnknownDataFieldStopsTheSeed() async throws {
        let message = try await seedError(#"mutation { movie_update(id: "550e8400-e29b-41d4-a716-446655440000", data: {titel: "Typo"}) }"#)
        #expect(message == #"extra.gql: anonymous operation: Field "titel" is not defined by type "Movie_Data" (at "data")."#)
    }

    @Test func anUnknownFilterFieldStopsTheSeed() async throws {
        let message = try await seedError(#"mutation { movie_deleteMany(where: {rating: {lt: 8}, genres: {eq: "x"}}) }"#)
        #expect(message == #"extra.gql: anonymous operation: Field "genres" is not defined by type "Movie_Filter" (at "where")."#)
    }

    @Test func anUnknownArgumentStopsTheSeed() async throws {
        let message = try await seedError(#"mutation { movie_deleteMany(all: true, filter: {rating: {lt: 8}}) }"#)
        #expect(message == #"extra.gql: anonymous operation: Unknown argument "filter" on field "movie_deleteMany"."#)
    }
}
