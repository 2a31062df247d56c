// App code written against Firebase's generated FriendlyFlix SDK (the declarations of
// Tests/RealProjects/firebase-generated-api-friendlyflix.txt and the sample app's calls), with
// only the import changed. scripts/check-generated-code.sh compiles it in Swift 6 and Swift 5
// language modes with warnings as errors: a difference a porting user would hit fails the build.
import Foundation
import FriendlyFlixSDK
import SQLConnect

/// A SwiftUI-style view model: everything on the main actor, as Firebase's `execute` is.
@MainActor
final class MovieListViewModel {
    let connector = DataConnect.friendlyFlixConnector
    var movies: [ListMoviesQuery.Data.Movie] = []
    var pageSize = 10

    func load() async throws {
        let result = try await connector.listMoviesQuery.execute { vars in
            vars.limit = self.pageSize
            vars.orderByRating = .DESC
        }
        movies = result.data?.movies ?? []
        let tags: String? = movies.first?.tags?.joined(separator: ", ")
        let ids: [UUID] = movies.map(\.id)
        let keys: Set<MovieKey> = Set(movies.map(\.movieKey))
        _ = (tags, ids, keys, result.source)
    }

    func details(of id: UUID) async throws -> String {
        guard let movie = try await connector.getMovieByIdQuery.execute(id: id).data?.movie else { return "" }
        let cast: [String] = movie.mainActors.map(\.name) + movie.supportingActors.map(\.name)
        let reviewers: [String] = movie.reviews.map { review in
            "\(review.user.username): \(review.rating ?? 0) \(review.reviewText ?? "")"
        }
        let director: String = movie.metadata.first?.director ?? ""
        let tags: String = movie.tags?.joined() ?? ""
        return ([movie.title, director, tags] + cast + reviewers).joined(separator: "\n")
    }

    func favorite(_ movie: ListMoviesQuery.Data.Movie) async throws {
        _ = try await connector.upsertUserMutation.execute(username: "ada")
        _ = try await connector.addFavoritedMovieMutation.execute(movieId: movie.id)
        let user = try await connector.getCurrentUserQuery.execute().data?.user
        let favorites = user?.favoriteMovies.map(\.movie.title) ?? []
        let reviewed = user?.reviews.map { ($0.movie.title, $0.reviewDate) } ?? []
        _ = (favorites, reviewed)
        _ = try await connector.deleteFavoritedMovieMutation.execute(movieId: movie.id)
    }

    func search(_ text: String) async throws -> Int {
        let result = try await connector.searchAllQuery.execute(minYear: 1900, maxYear: 2030, minRating: 0, maxRating: 5, genre: "") { vars in
            vars.input = text
        }
        guard let data = result.data else { return 0 }
        return data.moviesMatchingTitle.count + data.moviesMatchingDescription.count + data.actorsMatchingName.count + data.reviewsMatchingText.count
    }

    func review(_ id: UUID) async throws {
        _ = try await connector.addReviewMutation.execute(movieId: id, rating: 5, reviewText: "Great")
        _ = try await connector.updateReviewMutation.execute(movieId: id, rating: 4, reviewText: "Good")
        _ = try await connector.deleteReviewMutation.execute(movieId: id)
    }
}

/// Refs and variables as Firebase's declarations spell them, from nonisolated code.
func refsFromAnywhere(_ connector: FriendlyFlixConnector, movieID: UUID) async throws {
    connector.useEmulator(host: DataConnect.EmulatorDefaults.host, port: DataConnect.EmulatorDefaults.port)
    let observed: QueryRefObservation<ListMoviesQuery.Data, ListMoviesQuery.Variables> = connector.listMoviesQuery.ref { $0.limit = 5 }
    let typed: ListMoviesQuery.Ref = connector.listMoviesQuery.ref()
    _ = (observed, typed)
    let mutation: MutationRef<AddReviewMutation.Data, AddReviewMutation.Variables> = connector.addReviewMutation.ref(movieId: movieID, rating: 5, reviewText: "")
    let sameType: AddReviewMutation.Ref = mutation
    let added: OperationResult<AddReviewMutation.Data> = try await sameType.execute()
    let key: ReviewKey? = added.data?.review_insert
    _ = key
    let search = connector.searchAllQuery.ref(minYear: 1, maxYear: 2, minRating: 0, maxRating: 5, genre: "") { $0.input = "x" }
    _ = search
}

/// `Variables` as values: Firebase's initializers, `Hashable` and `Equatable`.
func variablesAsValues() -> Bool {
    let some = ListMoviesQuery.Variables { $0.limit = 5 }
    let none = ListMoviesQuery.Variables()
    let search = SearchAllQuery.Variables(minYear: 1, maxYear: 2, minRating: 0, maxRating: 5, genre: "", { $0.input = nil })
    let byID = GetMovieByIdQuery.Variables(id: UUID())
    let all: Set<ListMoviesQuery.Variables> = [some, none]
    return all.count == 2 && some != none && search.$input.isSet && byID == byID
}

/// Firebase's `String` enums: raw values in and out.
func orderDirection(_ text: String) -> OrderDirection {
    let direction = OrderDirection(rawValue: text) ?? .ASC
    let forced: OrderDirection = OrderDirection(rawValue: "DESC")!
    return direction.rawValue == forced.rawValue ? forced : direction
}
