// Compiled and run by scripts/check-generated-code.sh against the reference packages in
// Tests/SQLGenCoreTests/Fixtures/golden/: proves the generated code builds in Swift 6 mode
// against this checkout's SQLConnect and is usable as an app would use it.
import DecodingSDK
import Foundation
import FriendlyFlixSDK
import MoviesSDK
import SQLConnect
import WKNDAdventuresSDK

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
// WKND (AEM): `_references` and image unions decode with or without `__typename`, as AEM returns
// it only when the persisted query selects it.
typealias SlugResults = AdventureBySlugQuery.Data.AdventureModelResults
func describe(_ reference: SlugResults.Reference?) -> String {
    switch reference {
    case .adventureModel(let adventure)?: return "adventure \(adventure.slug ?? "?")"
    case ._unknown(let other)?: return "other \(other.__typename ?? "?")"
    case nil: return "null"
    }
}
let slugJSON = #"""
{"adventureList":{"items":[{"_path":"/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp","slug":"bali-surf-camp","price":5000.0,
 "primaryImage":{"_path":"/content/dam/wknd-shared/en/adventures/bali-surf-camp/AdobeStock_175749320.jpg","_dynamicUrl":"/adobe/dynamicmedia/deliver/x.jpg"}}],
 "_references":[{"_path":"/content/dam/wknd-shared/en/adventures/surf-camp-in-costa-rica/surf-camp-costa-rica","slug":"surf-camp-costa-rica","__typename":"AdventureModel"},{},null]}}
"""#
let slugData = try JSONDecoder().decode(AdventureBySlugQuery.Data.self, from: Data(slugJSON.utf8))
check(slugData.adventureList._references?.map(describe) == ["adventure surf-camp-costa-rica", "other ?", "null"], "AEM _references union")
if case .imageRef(let image)? = slugData.adventureList.items.first??.primaryImage {
    check(image._dynamicUrl == "/adobe/dynamicmedia/deliver/x.jpg", "image reference fields")
} else {
    check(false, "an image reference without __typename decodes as ImageRef")
}
// A response recorded from AEM (rattantv/prebook-loadtest lib/adventures.js @ 098cc3bb, trimmed):
// prices as integers, extra image fields, rich text whose fragment reference carries its text in `value`.
let recordedJSON = #"""
{"adventureList":{"items":[{"_path":"/content/dam/wknd-shared/en/adventures/bali-surf-camp/bali-surf-camp","title":"Bali Surf Camp","slug":"bali-surf-camp",
 "activity":"Surfing","adventureType":"Overnight Trip","price":5000,"tripLength":"6 Days","groupSize":6,"difficulty":"Beginner",
 "primaryImage":{"_path":"/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg","_authorUrl":"http://localhost:4502/content/dam/wknd-shared/en/adventures/bali-surf-camp/adobestock-175749320.jpg","mimeType":"image/jpeg","width":1600,"height":899},
 "description":{"json":[{"nodeType":"paragraph","content":[{"nodeType":"text","value":"Looking for a low cost alternative? Checkout "},
   {"nodeType":"reference","data":{"href":"/content/dam/wknd-shared/en/adventures/surf-camp-in-costa-rica/surf-camp-costa-rica","type":"fragment"},"value":"Surf Camp Costa Rica"}]}],
  "plaintext":"Surfing in Bali is on the bucket list of every surfer.\n\nLooking for a low cost alternative? Checkout Surf Camp Costa Rica",
  "html":"<p>Looking for a low cost alternative? Checkout&nbsp;<a href=\"/content/dam/wknd-shared/en/adventures/surf-camp-in-costa-rica/surf-camp-costa-rica\">Surf Camp Costa Rica</a></p>\n"}}],
 "_references":[{"_path":"/content/dam/wknd-shared/en/adventures/surf-camp-in-costa-rica/surf-camp-costa-rica","slug":"surf-camp-costa-rica","title":"Surf Camp in Costa Rica","price":3400,"__typename":"AdventureModel"}]}}
"""#
let recorded = try JSONDecoder().decode(AdventureBySlugQuery.Data.self, from: Data(recordedJSON.utf8))
let bali = recorded.adventureList.items.first ?? nil
check(bali?.price == 5000 && bali?.groupSize == 6, "recorded AEM numbers")
check(bali?.description?.plaintext?.contains("\n\nLooking") == true, "recorded AEM plaintext")
if case .array(let blocks)? = bali?.description?.json, case .object(let paragraph)? = blocks.first,
   case .array(let nodes)? = paragraph["content"], case .object(let reference)? = nodes.last {
    check(reference["value"] == .string("Surf Camp Costa Rica"), "a recorded reference's text is in value")
} else {
    check(false, "recorded AEM rich text json decodes as nodes")
}
let wknd = WkndConnector(dataConnect: DataConnect(connectorConfig: WkndConnector.connectorConfig, transport: WkndConnector.environmentTransport(environment: ["AEM_HOST": "localhost:4503", "AEM_SCHEME": "http"])))
check(wknd.dataConnect.transport is AEMTransport, "AEM transport from the environment")
check(WkndConnector.environmentTransport(environment: ["AEM_HOST": "bad host!"]) is WkndUnconfiguredTransport, "invalid AEM_HOST")
wknd.useEmulator(port: 9)
do {
    _ = try await wknd.adventureBySlugQuery.execute(slug: "bali-surf-camp")
    check(false, "a query against a closed port must fail")
} catch let error as DataConnectError {
    print("expected failure: \(error)")
}
// Decoders: a response through the client (SQLConnect's decoder) and cached data (JSONDecoder).
struct CannedTransport: Transport {
    let body: String
    func send(_ request: OperationRequest) async throws -> TransportResponse {
        TransportResponse(statusCode: 200, body: Data(body.utf8))
    }
}
let searchBody = #"{"data":{"search":[{"__typename":"Film","title":"Alien"},{"__typename":"Person","name":"Ada"},{"__typename":"Studio"}]}}"#
let decoding = DecodingConnector(dataConnect: DataConnect(connectorConfig: DecodingConnector.connectorConfig, transport: CannedTransport(body: searchBody)))
let found = try await decoding.searchQuery.execute(fetchPolicy: .serverOnly, text: "a").data?.search ?? []
func describe(_ result: SearchQuery.Data.SearchResult) -> String {
    switch result {
    case .film(let film): return "film \(film.title)"
    case .person(let person): return "person \(person.name)"
    case ._unknown(let other): return "other \(other.__typename)"
    }
}
check(found.map(describe) == ["film Alien", "person Ada", "other Studio"], "union decoding through the client")
let filmJSON = #"{"film":{"id":"1","uuid":"6F9619FF-8B86-D011-B42D-00C04FC964FF","budget":7,"score":1.5,"released":true,"title":"Alien","status":"SHELVED","statuses":["ACTIVE"],"at":"2024-05-06T07:08:09Z","similar":[],"self":{"id":"2","default":3}}}"#
let film = try JSONDecoder().decode(FilmQuery.Data.self, from: Data(filmJSON.utf8)).film
check(film?.status == ._UNKNOWN("SHELVED") && film?.`self`?.`default` == 3 && film?.views == nil, "cached data decodes with JSONDecoder")
print("generated code checks passed")
