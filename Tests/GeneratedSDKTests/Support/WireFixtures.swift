import Foundation
@testable import SQLConnect

/// Responses for the wire golden package (`FilmsQuery`): every scalar kind at every position in
/// the forms the server sends (hex UUIDs, `Int64` as strings, nested lists, nulls, missing keys).
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
        (#""featured":null"#, #""featured":{"id":42,"title":"Up"}"#, "data.featured.id", "number"),
    ]

    static let filmsJSON = #"""
    {"data":{
      "films":[
        {"id":"6ba7b8109dad11d180b400c04fd430c8",
         "ownerId":"6BA7B811-9DAD-11D1-80B4-00C04FD430C8","views":"9223372036854775807","likes":"-42",
         "rating":4.5,"score":1e2,"rank":3,"small":-2147483648,"released":true,"title":"Up \u00e9\ud83c\udfac",
         "subtitle":null,"releaseDate":"2009-05-29","updatedAt":"2024-05-06T07:08:09.123Z",
         "aspectRatio":"ACADEMY","formats":["WIDESCREEN","IMAX_3D"],
         "tags":["6ba7b8109dad11d180b400c04fd430c8","0123456789abcdef0123456789ABCDEF"],
         "relatedIds":[null,"6ba7b8119dad11d180b400c04fd430c8"],
         "counters":["1",2,"-9223372036854775808"],"matrix":[["1","2"],[],["3"]],
         "extra":{"n":"12","k":[1,2.5,true]},
         "reviews":[{"id":"6ba7b8119dad11d180b400c04fd430c8","stars":5,"body":"Great"},{"id":"0123456789abcdef0123456789abcdef","stars":1}]},
        {"id":"0123456789abcdef0123456789abcdef",
         "ownerId":null,"likes":7,"score":0.25,"rank":-1,"released":false,"title":"","updatedAt":"2024-01-01T00:00:00Z",
         "aspectRatio":"ULTRA_WIDE","formats":[],"tags":[],"relatedIds":[],"counters":[],"matrix":[],"extra":null,"reviews":[]}
      ],
      "featured":null,
      "total":"123456789012345678",
      "count":2,
      "ids":["6ba7b8109dad11d180b400c04fd430c8"]
    }}
    """#

    /// `filmsJSON` in the forms `JSONDecoder` reads (dashed UUIDs, `Int64` as numbers): the
    /// `data` member, as an app caches it.
    static func cachedData(replacing original: String = "", with replacement: String = "") throws -> Data {
        let json = filmsJSON
            .replacingOccurrences(of: #""views":"9223372036854775807","likes":"-42""#, with: #""views":9223372036854775807,"likes":-42"#)
            .replacingOccurrences(of: #""counters":["1",2,"-9223372036854775808"],"matrix":[["1","2"],[],["3"]]"#, with: #""counters":[1,2,-9223372036854775808],"matrix":[[1,2],[],[3]]"#)
            .replacingOccurrences(of: #""total":"123456789012345678""#, with: #""total":123456789012345678"#)
            .replacingOccurrences(of: id1, with: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")
            .replacingOccurrences(of: id2, with: "6BA7B811-9DAD-11D1-80B4-00C04FD430C8")
            .replacingOccurrences(of: id3, with: "01234567-89AB-CDEF-0123-456789ABCDEF")
            .replacingOccurrences(of: "0123456789abcdef0123456789abcdef", with: "01234567-89AB-CDEF-0123-456789ABCDEF")
        let edited = original.isEmpty ? json : json.replacingOccurrences(of: original, with: replacement)
        guard case .object(let envelope) = try JSONParser.parse(Data(edited.utf8)), let data = envelope["data"] else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no data"))
        }
        return Data(data.node.serialized().utf8)
    }
}
