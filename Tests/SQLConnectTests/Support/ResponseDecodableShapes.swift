import Foundation
import SQLConnect

// `FilmsData` as the generator now writes it: `init(response:)` with one runtime call per member
// instead of synthesized `Decodable`. Both must decode alike, with either decoder.

struct GeneratedFilmsData: Decodable, ResponseDecodable, Sendable {
    struct Film: Decodable, ResponseDecodable, Sendable {
        struct Review: Decodable, ResponseDecodable, Sendable {
            var id: UUID
            var stars: Int
            var body: String?

            init(response: ResponseObject) throws {
                self.id = try response.uuid(forKey: "id")
                self.stars = try response.int(forKey: "stars")
                self.body = try response.stringIfPresent(forKey: "body")
            }
        }

        var id: UUID
        var key: FilmKey
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

        init(response: ResponseObject) throws {
            self.id = try response.uuid(forKey: "id")
            self.key = try response.decode(FilmKey.self, forKey: "key")
            self.ownerId = try response.uuidIfPresent(forKey: "ownerId")
            self.editorId = try response.uuidIfPresent(forKey: "editorId")
            self.views = try response.int64IfPresent(forKey: "views")
            self.likes = try response.int64(forKey: "likes")
            self.rating = try response.doubleIfPresent(forKey: "rating")
            self.score = try response.decode(Float.self, forKey: "score")
            self.rank = try response.int(forKey: "rank")
            self.small = try response.decodeIfPresent(Int32.self, forKey: "small")
            self.released = try response.bool(forKey: "released")
            self.title = try response.string(forKey: "title")
            self.subtitle = try response.stringIfPresent(forKey: "subtitle")
            self.releaseDate = try response.decodeIfPresent(LocalDate.self, forKey: "releaseDate")
            self.updatedAt = try response.decode(Timestamp.self, forKey: "updatedAt")
            self.aspectRatio = try response.decode(AspectRatio.self, forKey: "aspectRatio")
            self.formats = try response.decode([AspectRatio].self, forKey: "formats")
            self.tags = try response.decode([UUID].self, forKey: "tags")
            self.relatedIds = try response.decode([UUID?].self, forKey: "relatedIds")
            self.counters = try response.decode([Int64].self, forKey: "counters")
            self.matrix = try response.decode([[Int64]].self, forKey: "matrix")
            self.extra = try response.decodeIfPresent(AnyValue.self, forKey: "extra")
            self.reviews = try response.decode([Review].self, forKey: "reviews")
        }
    }

    var films: [Film]
    var featured: Film?
    var missing: Film?
    var total: Int64
    var count: Int
    var ids: [UUID]?

    init(response: ResponseObject) throws {
        self.films = try response.decode([Film].self, forKey: "films")
        self.featured = try response.decodeIfPresent(Film.self, forKey: "featured")
        self.missing = try response.decodeIfPresent(Film.self, forKey: "missing")
        self.total = try response.int64(forKey: "total")
        self.count = try response.int(forKey: "count")
        self.ids = try response.decodeIfPresent([UUID].self, forKey: "ids")
    }
}

/// A union as generated: a case per type with fields of its own, `_unknown` for any other.
enum GeneratedSearchResult: Decodable, ResponseDecodable, Sendable {
    case movie(AsMovie)
    case actor(AsActor)
    case _unknown(Base)

    struct AsMovie: Decodable, ResponseDecodable, Sendable {
        var __typename: String
        var title: String

        init(response: ResponseObject) throws {
            self.__typename = try response.string(forKey: "__typename")
            self.title = try response.string(forKey: "title")
        }
    }

    struct AsActor: Decodable, ResponseDecodable, Sendable {
        var __typename: String
        var name: String?

        init(response: ResponseObject) throws {
            self.__typename = try response.string(forKey: "__typename")
            self.name = try response.stringIfPresent(forKey: "name")
        }
    }

    struct Base: Decodable, ResponseDecodable, Sendable {
        var __typename: String

        init(response: ResponseObject) throws {
            self.__typename = try response.string(forKey: "__typename")
        }
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

    struct AsImageRef: Decodable, ResponseDecodable, Sendable {
        var __typename: String?
        var _dynamicUrl: String?

        init(response: ResponseObject) throws {
            self.__typename = try response.stringIfPresent(forKey: "__typename")
            self._dynamicUrl = try response.stringIfPresent(forKey: "_dynamicUrl")
        }
    }

    struct Base: Decodable, ResponseDecodable, Sendable {
        var __typename: String?

        init(response: ResponseObject) throws {
            self.__typename = try response.stringIfPresent(forKey: "__typename")
        }
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
