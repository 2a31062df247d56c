import Foundation
import GoldenWireSDK
import SQLConnect

/// The wire golden's `FilmsQuery.Data` as stored properties with the compiler's synthesized
/// `Decodable`: the reference that generated decoding (over a `ResponseRecord`) must agree with,
/// value for value and error for error.
struct SynthesizedFilms: Decodable, Sendable, Equatable {
    struct Film: Decodable, Sendable, Equatable {
        struct Review: Decodable, Sendable, Equatable {
            var id: UUID
            var stars: Int
            var body: String?
        }

        var id: UUID
        var ownerId: UUID?
        var editorId: UUID?
        var views: Int64?
        var likes: Int64
        var rating: Double?
        var score: Float
        var rank: Int
        var small: Int32?
        var released: Bool
        var title: String
        var subtitle: String?
        var releaseDate: LocalDate?
        var updatedAt: Timestamp
        var aspectRatio: AspectRatio
        var formats: [AspectRatio]
        var tags: [UUID]
        var relatedIds: [UUID?]
        var counters: [Int64]
        var matrix: [[Int64]]
        var extra: AnyValue?
        var reviews: [Review]
    }

    struct Featured: Decodable, Sendable, Equatable {
        var id: UUID
        var title: String
    }

    struct Missing: Decodable, Sendable, Equatable {
        var id: UUID
    }

    var films: [Film]
    var featured: Featured?
    var missing: Missing?
    var total: Int64
    var count: Int
    var ids: [UUID]?
}

extension SynthesizedFilms {
    /// The generated form's values, read property by property.
    init(_ generated: FilmsQuery.Data) {
        self.init(films: generated.films.map(Film.init), featured: generated.featured.map { Featured(id: $0.id, title: $0.title) },
                  missing: generated.missing.map { Missing(id: $0.id) }, total: generated.total, count: generated.count, ids: generated.ids)
    }
}

extension SynthesizedFilms.Film {
    init(_ film: FilmsQuery.Data.Film) {
        self.init(id: film.id, ownerId: film.ownerId, editorId: film.editorId, views: film.views, likes: film.likes, rating: film.rating,
                  score: film.score, rank: film.rank, small: film.small, released: film.released, title: film.title, subtitle: film.subtitle,
                  releaseDate: film.releaseDate, updatedAt: film.updatedAt, aspectRatio: film.aspectRatio, formats: film.formats, tags: film.tags,
                  relatedIds: film.relatedIds, counters: film.counters, matrix: film.matrix, extra: film.extra,
                  reviews: film.reviews.map { Review(id: $0.id, stars: $0.stars, body: $0.body) })
    }
}
