import Foundation
import SQLConnect

// `FilmsData` as the generator now writes it: properties over a `ResponseRecord` that the runtime
// decodes from each struct's shape, instead of stored properties with synthesized `Decodable`.
// Both must decode alike, with either decoder.

struct GeneratedFilmsData: Decodable, ResponseRecordDecodable, Sendable {
    static let __shape = ResponseShape("films featured missing total count ids", [[Film].self, Film?.self, Film?.self, Int64.self, Int.self, [UUID]?.self])
    let __record: ResponseRecord
    init(__record: ResponseRecord) { self.__record = __record }

    var films: [Film] { __record[0] }
    var featured: Film? { __record[1] }
    var missing: Film? { __record[2] }
    var total: Int64 { __record.int64(3) }
    var count: Int { __record.int(4) }
    var ids: [UUID]? { __record[5] }

    struct Film: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape(
            "id key ownerId editorId views likes rating score rank small released title subtitle releaseDate updatedAt aspectRatio formats tags relatedIds counters matrix extra reviews",
            [UUID.self, FilmKey.self, UUID?.self, UUID?.self, Int64?.self, Int64.self, Double?.self, Float.self, Int.self, Int32?.self, Bool.self, String.self, String?.self,
             LocalDate?.self, Timestamp.self, AspectRatio.self, [AspectRatio].self, [UUID].self, [UUID?].self, [Int64].self, [[Int64]].self, AnyValue?.self, [Review].self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }

        var id: UUID { __record.uuid(0) }
        var key: FilmKey { __record[1] }
        var ownerId: UUID? { __record.uuidIfPresent(2) }
        var editorId: UUID? { __record.uuidIfPresent(3) }
        var views: Int64? { __record.int64IfPresent(4) }
        var likes: Int64 { __record.int64(5) }
        var rating: Double? { __record.doubleIfPresent(6) }
        var score: Float { __record[7] }
        var rank: Int { __record.int(8) }
        var small: Int32? { __record[9] }
        var released: Bool { __record.bool(10) }
        var title: String { __record.string(11) }
        var subtitle: String? { __record.stringIfPresent(12) }
        var releaseDate: LocalDate? { __record[13] }
        var updatedAt: Timestamp { __record[14] }
        var aspectRatio: AspectRatio { __record[15] }
        var formats: [AspectRatio] { __record[16] }
        var tags: [UUID] { __record[17] }
        var relatedIds: [UUID?] { __record[18] }
        var counters: [Int64] { __record[19] }
        var matrix: [[Int64]] { __record[20] }
        var extra: AnyValue? { __record[21] }
        var reviews: [Review] { __record[22] }

        struct Review: Decodable, ResponseRecordDecodable, Sendable {
            static let __shape = ResponseShape("id stars body", [UUID.self, Int.self, String?.self])
            let __record: ResponseRecord
            init(__record: ResponseRecord) { self.__record = __record }

            var id: UUID { __record.uuid(0) }
            var stars: Int { __record.int(1) }
            var body: String? { __record.stringIfPresent(2) }
        }
    }
}

/// The synthesized form of the same values, read property by property from the generated one.
extension FilmsData {
    init(_ generated: GeneratedFilmsData) {
        self.init(films: generated.films.map(Film.init), featured: generated.featured.map(Film.init), missing: generated.missing.map(Film.init),
                  total: generated.total, count: generated.count, ids: generated.ids)
    }
}

extension FilmsData.Film {
    init(_ film: GeneratedFilmsData.Film) {
        self.init(id: film.id, key: film.key, ownerId: film.ownerId, editorId: film.editorId, views: film.views, likes: film.likes, rating: film.rating,
                  score: film.score, rank: film.rank, small: film.small, released: film.released, title: film.title, subtitle: film.subtitle,
                  releaseDate: film.releaseDate, updatedAt: film.updatedAt, aspectRatio: film.aspectRatio, formats: film.formats, tags: film.tags,
                  relatedIds: film.relatedIds, counters: film.counters, matrix: film.matrix, extra: film.extra,
                  reviews: film.reviews.map { Review(id: $0.id, stars: $0.stars, body: $0.body) })
    }
}

/// A union as generated: a case per type with fields of its own, `_unknown` for any other.
enum GeneratedSearchResult: Decodable, ResponseDecodable, Sendable {
    case movie(AsMovie)
    case actor(AsActor)
    case _unknown(Base)

    struct AsMovie: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("__typename title", [String.self, String.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var __typename: String { __record.string(0) }
        var title: String { __record.string(1) }
    }

    struct AsActor: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("__typename name", [String.self, String?.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var __typename: String { __record.string(0) }
        var name: String? { __record.stringIfPresent(1) }
    }

    struct Base: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("__typename", [String.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var __typename: String { __record.string(0) }
    }

    init(response: ResponseObject) throws {
        switch try response.string(forKey: "__typename") {
        case "Movie":
            self = .movie(try AsMovie(response: response))
        case "Actor":
            self = .actor(try AsActor(response: response))
        default:
            self = ._unknown(try Base(response: response))
        }
    }
}

/// An AEM union, whose server may leave `__typename` out: the type is then inferred.
enum GeneratedReference: Decodable, ResponseDecodable, Sendable {
    case imageRef(AsImageRef)
    case _unknown(Base)

    struct AsImageRef: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("__typename _dynamicUrl", [String?.self, String?.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var __typename: String? { __record.stringIfPresent(0) }
        var _dynamicUrl: String? { __record.stringIfPresent(1) }
    }

    struct Base: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("__typename", [String?.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
        var __typename: String? { __record.stringIfPresent(0) }
    }

    init(response: ResponseObject) throws {
        switch try response.stringIfPresent(forKey: "__typename") ?? Self.inferredTypeName(response) {
        case "ImageRef":
            self = .imageRef(try AsImageRef(response: response))
        default:
            self = ._unknown(try Base(response: response))
        }
    }

    private static func inferredTypeName(_ response: ResponseObject) -> String {
        if response.contains("_dynamicUrl") { return "ImageRef" }
        return ""
    }
}
