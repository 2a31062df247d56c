import Foundation
@testable import SQLConnect

// Types shaped exactly like the generator's output: synthesized conformances only, no hand-written
// `init(from:)` / `encode(to:)`. The runtime must handle every wire form itself.

/// A generated enum: non-failable `init(rawValue:)` with an `_UNKNOWN` fallback.
enum AspectRatio: RawRepresentable, Codable, Hashable, Sendable {
    case ACADEMY
    case WIDESCREEN
    case _UNKNOWN(String)

    init(rawValue: String) {
        switch rawValue {
        case "ACADEMY": self = .ACADEMY
        case "WIDESCREEN": self = .WIDESCREEN
        default: self = ._UNKNOWN(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .ACADEMY: return "ACADEMY"
        case .WIDESCREEN: return "WIDESCREEN"
        case ._UNKNOWN(let value): return value
        }
    }
}

/// A generated key struct: decoded from results and sent back as a variable.
struct FilmKey: Codable, Hashable, Sendable {
    private(set) var id: UUID

    init(id: UUID) {
        self.id = id
    }
}

/// A generated input object.
struct FilmInput: Encodable, Hashable, Sendable {
    var ownerId: UUID
    var budget: Int64
    @OptionalVariable var editorId: UUID?
    @OptionalVariable var views: Int64?
    @OptionalVariable var tagIds: [UUID]?

    init(ownerId: UUID, budget: Int64) {
        self.ownerId = ownerId
        self.budget = budget
    }
}

/// Generated `Variables` with every scalar position.
struct FilmVariables: OperationVariable {
    var key: FilmKey
    var id: UUID
    var big: Int64
    var ids: [UUID]
    var counters: [Int64]
    var input: FilmInput
    var inputs: [FilmInput]
    var ratio: AspectRatio
    @OptionalVariable var limit: Int?
    @OptionalVariable var maybeId: UUID?
    @OptionalVariable var maybeBig: Int64?
    @OptionalVariable var day: LocalDate?
    @OptionalVariable var payload: AnyValue?

    init(key: FilmKey, id: UUID, big: Int64, ids: [UUID], counters: [Int64], input: FilmInput, inputs: [FilmInput], ratio: AspectRatio) {
        self.key = key
        self.id = id
        self.big = big
        self.ids = ids
        self.counters = counters
        self.input = input
        self.inputs = inputs
        self.ratio = ratio
    }
}

/// Generated result data with every scalar kind at every position.
struct FilmsData: Decodable, Sendable, Equatable {
    struct Film: Decodable, Sendable, Equatable {
        struct Review: Decodable, Sendable, Equatable {
            var id: UUID
            var stars: Int
            var body: String?
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
    }

    var films: [Film]
    var featured: Film?
    var missing: Film?
    var total: Int64
    var count: Int
    var ids: [UUID]?
}

enum WireFixtures {
    static let id1 = "6ba7b8109dad11d180b400c04fd430c8"
    static let id2 = "6ba7b8119dad11d180b400c04fd430c8"
    static let id3 = "0123456789abcdef0123456789ABCDEF"

    static func uuid(_ text: String) -> UUID {
        UUIDHex.parse(text) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// Edits of `filmsJSON` that make it fail (original, replacement), with the coding path of the
    /// error and a part of its message.
    static let errorCases: [(String, String, String, String)] = [
        (#""tags":["6ba7b8109dad11d180b400c04fd430c8","0123456789abcdef0123456789ABCDEF"]"#,
         #""tags":["6ba7b8109dad11d180b400c04fd430c8","not-a-uuid"]"#, "data.films[0].tags[1]", "UUID"),
        (#""counters":["1",2,"-9223372036854775808"]"#, #""counters":["1","2x"]"#, "data.films[0].counters[1]", "Int64"),
        (#""matrix":[["1","2"],[],["3"]]"#, #""matrix":[["1","2"],[],[true]]"#, "data.films[0].matrix[2][0]", "boolean"),
        (#""small":-2147483648"#, #""small":2147483648"#, "data.films[0].small", "Int32"),
        (#""title":"Up \u00e9\ud83c\udfac","#, "", "data.films[0].title", "title"),
        (#""likes":"-42""#, #""likes":null"#, "data.films[0].likes", "null"),
        (#""id":"6ba7b8119dad11d180b400c04fd430c8","stars":5"#, #""id":"6ba7b8119dad11d180b400c04fd430c8","stars":"5""#, "data.films[0].reviews[0].stars", "string"),
        (#""releaseDate":"2009-05-29""#, #""releaseDate":"2009-02-30""#, "data.films[0].releaseDate", "2009-02-30"),
        (#""key":{"id":"6ba7b8109dad11d180b400c04fd430c8"}"#, #""key":{"id":42}"#, "data.films[0].key.id", "number"),
    ]

    /// A Data Connect response: hex UUIDs, `Int64` as strings, nested lists, nulls, missing optional keys.
    static let filmsJSON = #"""
    {"data":{
      "films":[
        {"id":"6ba7b8109dad11d180b400c04fd430c8","key":{"id":"6ba7b8109dad11d180b400c04fd430c8"},
         "ownerId":"6BA7B811-9DAD-11D1-80B4-00C04FD430C8","views":"9223372036854775807","likes":"-42",
         "rating":4.5,"score":1e2,"rank":3,"small":-2147483648,"released":true,"title":"Up \u00e9\ud83c\udfac",
         "subtitle":null,"releaseDate":"2009-05-29","updatedAt":"2024-05-06T07:08:09.123Z",
         "aspectRatio":"ACADEMY","formats":["WIDESCREEN","IMAX_3D"],
         "tags":["6ba7b8109dad11d180b400c04fd430c8","0123456789abcdef0123456789ABCDEF"],
         "relatedIds":[null,"6ba7b8119dad11d180b400c04fd430c8"],
         "counters":["1",2,"-9223372036854775808"],"matrix":[["1","2"],[],["3"]],
         "extra":{"n":"12","k":[1,2.5,true]},
         "reviews":[{"id":"6ba7b8119dad11d180b400c04fd430c8","stars":5,"body":"Great"},{"id":"0123456789abcdef0123456789abcdef","stars":1}]},
        {"id":"0123456789abcdef0123456789abcdef","key":{"id":"0123456789abcdef0123456789abcdef"},
         "ownerId":null,"likes":7,"score":0.25,"rank":-1,"released":false,"title":"","updatedAt":"2024-01-01T00:00:00Z",
         "aspectRatio":"ULTRA_WIDE","formats":[],"tags":[],"relatedIds":[],"counters":[],"matrix":[],"extra":null,"reviews":[]}
      ],
      "featured":null,
      "total":"123456789012345678",
      "count":2,
      "ids":["6ba7b8109dad11d180b400c04fd430c8"]
    }}
    """#
}
