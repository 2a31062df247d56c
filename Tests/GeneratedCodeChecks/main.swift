// Compiled and run by scripts/check-generated-code.sh against the reference packages in
// Tests/SQLGenCoreTests/Fixtures/golden/: proves the generated code builds in Swift 6 mode
// against this checkout's SQLConnect and is usable as an app would use it.
import Foundation
import FriendlyFlixSDK
import MoviesSDK
import SQLConnect

/// The exhaustive switch an app writes over a generated enum, `_UNKNOWN` included.
func describe(_ ratio: AspectRatio) -> String {
    switch ratio {
    case .ACADEMY: return "academy"
    case .WIDESCREEN: return "widescreen"
    case .ANAMORPHIC: return "anamorphic"
    case ._UNKNOWN(let value): return "unknown(\(value))"
    }
}

func check(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("check failed: \(message)\n".utf8))
        exit(1)
    }
}

// Enums: known and unknown values decode, and unknown ones round-trip.
let decoded = try JSONDecoder().decode([AspectRatio].self, from: Data(#"["ACADEMY","IMAX_70MM"]"#.utf8))
check(decoded.map(describe) == ["academy", "unknown(IMAX_70MM)"], "enum decoding")
check(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["ACADEMY","IMAX_70MM"]"#, "enum round trip")

// Results: rows are Identifiable and Hashable by key.
let json = #"{"movies":[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","title":"Alien","releaseYear":1979,"rating":4.5,"aspectRatio":"WIDESCREEN"}]}"#
let data = try JSONDecoder().decode(ListMoviesByGenreQuery.Data.self, from: Data(json.utf8))
check(data.movies.first?.movieKey == MovieKey(id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!), "key of a row")
check(Set(data.movies).count == 1, "rows hash by key")

// Variables: required ones are labelled, optional ones are set in the closure.
let connector = DataConnect.moviesConnector
connector.useEmulator(host: "127.0.0.1", port: 9)
let ref = connector.listMoviesByGenreQuery.ref(genre: "Sci-Fi") { vars in vars.limit = 10 }
check(ref.variables.genre == "Sci-Fi" && ref.variables.limit == 10, "variables builder")
let again = connector.listMoviesByGenreQuery.ref(genre: "Sci-Fi") { vars in vars.limit = 10 }
check(ref === again, "same operation and variables give the same ref")

// Nothing listens on port 9: the error is a typed transport error, not a crash.
do {
    _ = try await connector.createMovieMutation.execute(title: "Empire Strikes Back", releaseYear: 1980, genre: "Sci-Fi", rating: 5)
    check(false, "a mutation against a closed port must fail")
} catch let error as DataConnectError {
    print("expected failure: \(error)")
}

// FriendlyFlix: a composite-key table and a Data Connect project.
let flix = DataConnect.friendlyFlixConnector
_ = flix.listMoviesQuery
print("generated code checks passed")
