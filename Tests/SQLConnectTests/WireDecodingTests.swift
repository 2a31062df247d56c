import Foundation
import Testing
@testable import SQLConnect

/// The runtime's JSON decoding on its own: wire forms of top-level values, range checks, malformed
/// and hostile input. Generated result types are run in `GeneratedSDKTests`.
@Suite struct WireDecodingTests {
    static let id1 = UUIDHex.parse("6ba7b8109dad11d180b400c04fd430c8") ?? UUID()
    /// Any result type will do: these inputs fail before a member is read.
    private struct Films: Decodable, Sendable {
        var films: [String]
    }

    /// The `DecodingFailure` that decoding `json` as a result throws.
    private func decodingFailure(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> DecodingFailure? {
        do {
            _ = try ResponseDecoding.decodeResult(Films.self, from: Data(json.utf8))
            Issue.record("expected a decoding error", sourceLocation: sourceLocation)
        } catch DataConnectError.decoding(let failure) {
            return failure
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test("Top-level and optional scalars decode with the wire forms too")
    func topLevelScalars() throws {
        let id = Self.id1
        #expect(try WireDecoder.decode(UUID.self, from: Data(#""6ba7b8109dad11d180b400c04fd430c8""#.utf8)) == id)
        #expect(try WireDecoder.decode(UUID?.self, from: Data("null".utf8)) == nil)
        #expect(try WireDecoder.decode([UUID?].self, from: Data(#"["6ba7b810-9dad-11d1-80b4-00c04fd430c8",null]"#.utf8)) == [id, nil])
        #expect(try WireDecoder.decode(Int64.self, from: Data(#""-17""#.utf8)) == -17)
        #expect(try WireDecoder.decode([Int64?].self, from: Data(#"["5",null,6]"#.utf8)) == [5, nil, 6])
        #expect(try WireDecoder.decode([String: Int64].self, from: Data(#"{"a":"1","b":2}"#.utf8)) == ["a": 1, "b": 2])
        #expect(try WireDecoder.decode(Int64String.self, from: Data(#""99""#.utf8)).value == 99)
        #expect(try WireDecoder.decode([UUIDHex].self, from: Data(#"["6ba7b8109dad11d180b400c04fd430c8"]"#.utf8)).map(\.value) == [id])
        #expect(try WireDecoder.decode(UInt64.self, from: Data("18446744073709551615".utf8)) == UInt64.max)
        #expect(try WireDecoder.decode(Int.self, from: Data("2.0".utf8)) == 2)
        #expect(try WireDecoder.decode(Float.self, from: Data("0.1".utf8)) == Float(0.1))
        #expect(try WireDecoder.decode(AnyValue.self, from: Data(#"{"n":"12"}"#.utf8)) == .object(["n": .string("12")]))
        #expect(try WireDecoder.decode([Decimal].self, from: Data("[0.1,12345678901234567890.5]".utf8))
            == [Decimal(string: "0.1"), Decimal(string: "12345678901234567890.5")])
        #expect(try WireDecoder.decode(URL.self, from: Data(#""https://example.com/a?b=1""#.utf8)).absoluteString == "https://example.com/a?b=1")
    }

    @Test("Other integers are range-checked and never read from strings", arguments: [
        ("300", "UInt8"), ("1.5", "Int"), ("-1", "UInt"), ("1e30", "Int64"), (#""5""#, "Int"), ("9223372036854775808", "Int64"),
    ])
    func integerChecks(json: String, type: String) {
        #expect(throws: DecodingError.self) {
            switch type {
            case "UInt8": _ = try WireDecoder.decode(UInt8.self, from: Data(json.utf8))
            case "UInt": _ = try WireDecoder.decode(UInt.self, from: Data(json.utf8))
            case "Int64": _ = try WireDecoder.decode(Int64.self, from: Data(json.utf8))
            default: _ = try WireDecoder.decode(Int.self, from: Data(json.utf8))
            }
        }
    }

    @Test("Malformed JSON is a decoding error with the byte offset, never a crash", arguments: [
        "", "{", #"{"data":}"#, #"{"data":{"a":01}}"#, #"{"data":"\x"}"#, "{\"data\":\"a\u{01}\"}", #"{"data":[1,]}"#, #"{"data":1} x"#,
        #"{"data":-}"#, #"{"data":1.}"#, #"{"data":tru}"#, #"{"data":"\u12"}"#, "[", #"{"data":"abc"#,
    ])
    func malformed(json: String) throws {
        let failure = try #require(decodingFailure(json))
        #expect(failure.message.contains("not valid JSON"))
        #expect(failure.message.contains("at byte"))
    }

    @Test("Hostile nesting is an error, not a stack overflow")
    func deepNesting() throws {
        let failure = try #require(decodingFailure(String(repeating: "[", count: 100_000)))
        #expect(failure.message.contains("Nesting deeper than 256 levels"))
        let nested = String(repeating: "[", count: 250) + String(repeating: "]", count: 250)
        #expect(throws: Never.self) { try JSONParser.parse(nested) }
    }

    @Test func parserHandlesEscapesAndSurrogates() throws {
        let value = try JSONParser.parse(#"{"s":"a\"b\\c\/d\b\f\n\r\t\u0041\u00E9\uD83C\uDFAC\uD800x","n":-0.5e-3,"k":[],"o":{}}"#)
        #expect(value.node.publicValue == .object([
            "s": .string("a\"b\\c/d\u{08}\u{0C}\n\r\tAé🎬\u{FFFD}x"), "n": .double(-0.0005), "k": .array([]), "o": .object([:]),
        ]))
    }

    @Test("Large objects use an index; duplicate keys keep the last value")
    func largeObjects() throws {
        let members = (0..<500).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let decoded = try WireDecoder.decode([String: Int].self, from: Data("{\(members),\"k7\":-7}".utf8))
        #expect(decoded.count == 500)
        #expect(decoded["k7"] == -7)
        #expect(decoded["k499"] == 499)
        struct Small: Decodable { var a: Int }
        #expect(try WireDecoder.decode(Small.self, from: Data(#"{"a":1,"a":2}"#.utf8)).a == 2)
    }

    @Test("Partial data with wire scalars decodes typed and from the raw bytes")
    func partialData() throws {
        let body = #"{"data":{"ids":["6ba7b8109dad11d180b400c04fd430c8"],"total":"5"},"errors":[{"message":"denied","path":["films"]}]}"#
        struct Partial: Decodable, Sendable { var ids: [UUID]; var total: Int64 }
        do {
            _ = try ResponseDecoding.decodeResult(Partial.self, from: Data(body.utf8))
            Issue.record("expected GraphQL errors")
        } catch DataConnectError.graphQL(let failure) {
            #expect((failure.partialData as? Partial)?.total == 5)
            #expect(failure.rawData.map { String(decoding: $0, as: UTF8.self) } == #"{"ids":["6ba7b8109dad11d180b400c04fd430c8"],"total":"5"}"#)
            struct Other: Decodable { var ids: [UUID?]; var total: Int64? }
            #expect(failure.data(as: Other.self)?.ids == [Self.id1])
        }
    }

    @Test func anyValueDecodesWithWireForms() throws {
        let value = try AnyValue(jsonData: Data(#"{"id":"6ba7b8109dad11d180b400c04fd430c8","big":"77"}"#.utf8))
        struct Row: Decodable { var id: UUID; var big: Int64 }
        let row = try value.decodeValue(Row.self)
        #expect(row.id == Self.id1)
        #expect(row.big == 77)
    }
}

/// `ResponseShape`'s member types spelled as codes: the scalars, list and optional wrappers at any
/// depth, and other types by their place in the metatype list.
@Suite struct ResponseShapeCodeTests {
    struct Row: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("name:S tags:[S?]? grid:[[I]] id:U big:L score:D? ok:B any:A nested:0? list:[0]", [Inner.self])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
    }

    struct Inner: Decodable, ResponseRecordDecodable, Sendable {
        static let __shape = ResponseShape("n:I", [])
        let __record: ResponseRecord
        init(__record: ResponseRecord) { self.__record = __record }
    }

    @Test func everyCodeDecodesItsType() throws {
        let json = #"{"name":"a","tags":["x",null],"grid":[[1,2],[]],"id":"6f9619ff8b86d011b42d00c04fc964ff","big":"9007199254740993","score":null,"ok":true,"any":{"k":[1]},"nested":{"n":3},"list":[{"n":4}]}"#
        let row = try WireDecoder.decode(Row.self, from: Data(json.utf8))
        let record = row.__record
        #expect(record.string(0) == "a")
        #expect((record[1] as [String?]?) == ["x", nil])
        #expect((record[2] as [[Int]]) == [[1, 2], []])
        #expect(record.uuid(3) == UUIDHex.parse("6f9619ff8b86d011b42d00c04fc964ff"))
        #expect(record.int64(4) == 9_007_199_254_740_993)
        #expect(record.doubleIfPresent(5) == nil && record.bool(6))
        #expect((record[7] as AnyValue) == .object(["k": .array([.int(1)])]))
        #expect((record[8] as Inner?)?.__record.int(0) == 3)
        #expect((record[9] as [Inner]).map { $0.__record.int(0) } == [4])
    }
}
