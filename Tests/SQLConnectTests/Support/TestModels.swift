import Foundation
@testable import SQLConnect

/// Variables the way generated code declares them: required members plus `@OptionalVariable` ones,
/// with synthesized `Encodable`.
struct MovieVariables: OperationVariable {
    var title: String
    @OptionalVariable var limit: Int?
    @OptionalVariable var genre: String?

    init(title: String) {
        self.title = title
    }
}

/// A user enum with the fallback case generated code will emit.
enum Genre: Decodable, Hashable, Sendable {
    case ACTION
    case DRAMA
    case _UNKNOWN(String)

    init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        switch raw {
        case "ACTION": self = .ACTION
        case "DRAMA": self = .DRAMA
        default: self = ._UNKNOWN(raw)
        }
    }
}

/// `ListMovies` result data.
struct MoviesData: Decodable, Sendable, Equatable {
    struct Movie: Decodable, Sendable, Equatable {
        var id: UUID
        var title: String
        var genre: Genre?

        private enum CodingKeys: String, CodingKey { case id, title, genre }

        init(id: UUID, title: String, genre: Genre?) {
            self.id = id
            self.title = title
            self.genre = genre
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeUUID(forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            genre = try container.decodeIfPresent(Genre.self, forKey: .genre)
        }
    }

    var movies: [Movie]
}

/// A login mutation's result.
struct LoginData: Decodable, Sendable {
    struct Login: Decodable, Sendable { var token: String }
    var login: Login
}

/// AEM-style adventure list data.
struct AdventuresData: Decodable, Sendable, Equatable {
    struct List: Decodable, Sendable, Equatable {
        struct Item: Decodable, Sendable, Equatable { var slug: String }
        var items: [Item]
    }

    var adventureList: List
}

enum Fixtures {
    static let movieID = "6ba7b8109dad11d180b400c04fd430c8"
    static let moviesJSON = #"{"data":{"movies":[{"id":"6ba7b8109dad11d180b400c04fd430c8","title":"Up","genre":"ACTION"}]}}"#
    static let adventuresJSON = #"{"data":{"adventureList":{"items":[{"slug":"bali-surf-camp"}]}}}"#
}
