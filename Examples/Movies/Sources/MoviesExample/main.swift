// Uses the generated movies SDK against the local emulator:
//   swift run sqlgen emulator            (at the repository root, in another terminal)
//   swift run --package-path Examples/Movies MoviesExample
// SQLGEN_EMULATOR_PORT picks another port than 9399.
import Foundation
import MoviesSDK
import Observation
import SQLConnect

/// An exhaustive switch over the generated enum: values added on the server later arrive as `_UNKNOWN`.
func describe(_ ratio: AspectRatio?) -> String {
    switch ratio {
    case .ACADEMY?: return "academy 1.375:1"
    case .WIDESCREEN?: return "widescreen"
    case .ANAMORPHIC?: return "anamorphic 2.39:1"
    case ._UNKNOWN(let value)?: return "unknown ratio \(value)"
    case nil: return "ratio not set"
    }
}

let port = Int(ProcessInfo.processInfo.environment["SQLGEN_EMULATOR_PORT"] ?? "") ?? 9399
let connector = DataConnect.moviesConnector
connector.useEmulator(port: port)

do {
    // A mutation: required variables are labelled parameters, optional ones go in the closure.
    let created = try await connector.createMovieMutation.execute(title: "Empire Strikes Back", releaseYear: 1980, genre: "Sci-Fi", rating: 5) { vars in
        vars.aspectRatio = .WIDESCREEN
    }
    if let key = created.data?.movie_insert {
        print("created: Empire Strikes Back id=\(key.id.uuidString.lowercased())")
    }

    // A query ref, observed for changes as a SwiftUI view would be.
    let ref = connector.listMoviesByGenreQuery.ref(genre: "Sci-Fi")
    withObservationTracking {
        _ = ref.data
    } onChange: {
        print("observed: the Sci-Fi list changed")
    }
    let listed = try await ref.execute(fetchPolicy: .serverOnly)
    let movies = listed.data?.movies ?? []
    print("listed: \(movies.count) Sci-Fi movies from \(listed.source)")
    for movie in movies {
        print("- \(movie.title) (\(movie.releaseYear.map(String.init) ?? "?")) rating \(movie.rating.map { String($0) } ?? "-"), \(describe(movie.aspectRatio))")
    }

    // The same query again, answered from the client cache without a request.
    let cached = try await connector.listMoviesByGenreQuery.execute(fetchPolicy: .cacheOnly, genre: "Sci-Fi")
    print("cache: \(cached.data?.movies.count ?? 0) movies from \(cached.source)")

    // A lookup by key.
    if let first = movies.first {
        let one = try await connector.getMovieByKeyQuery.execute(key: first.movieKey)
        print("lookup: \(one.data?.movie?.title ?? "not found")")
    }
} catch let error as DataConnectError {
    FileHandle.standardError.write(Data("error: \(error)\nIs the emulator running? Start it with `swift run sqlgen emulator` at the repository root.\n".utf8))
    exit(1)
}
