import Foundation
import Testing
@testable import SQLConnect

@Suite struct ResponseDecodingTests {
    @Test func decodesDataAndUnknownEnumValues() throws {
        let body = #"{"data":{"movies":[{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","title":"Up","genre":"MUSICAL"}]}}"#
        let data = try #require(try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8)))
        #expect(data.movies.first?.genre == ._UNKNOWN("MUSICAL"))
        #expect(try ResponseDecoding.decodeResult(MoviesData.self, from: Data(#"{"data":null}"#.utf8)) == nil)
    }

    @Test("A type mismatch reports the JSON path")
    func decodingPath() {
        let body = #"{"data":{"movies":[{"id":"6ba7b8109dad11d180b400c04fd430c8","title":"Up"},{"id":"6ba7b8109dad11d180b400c04fd430c8","title":7}]}}"#
        do {
            _ = try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8))
            Issue.record("expected a decoding error")
        } catch DataConnectError.decoding(let failure) {
            #expect(failure.codingPath == "data.movies[1].title")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func nonJSONBodiesAreDecodingErrorsNotCrashes() {
        for body in ["", "<html>", "[1,2]", #"{"data":"#] {
            #expect(throws: DataConnectError.self) { try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8)) }
        }
    }

    @Test("Errors keep locations, path, extensions, AEM fields and partial data")
    func graphQLErrors() {
        let body = #"""
        {"data":{"movies":[{"id":"6ba7b8109dad11d180b400c04fd430c8","title":"Up"}]},
         "errors":[{"message":"denied","locations":[{"line":2,"column":3}],"path":["movies",1,"title"],"extensions":{"code":"PERMISSION_DENIED"}},
                   {"errorType":"ServletError","message":"Internal Servlet Failure","details":"No suitable endpoint found."}]}
        """#
        do {
            _ = try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8))
            Issue.record("expected GraphQL errors")
        } catch DataConnectError.graphQL(let failure) {
            #expect(failure.errors.count == 2)
            #expect(failure.errors[0].locations == [.init(line: 2, column: 3)])
            #expect(failure.errors[0].path == [.field("movies"), .index(1), .field("title")])
            #expect(failure.errors[0].extensions?["code"] == .string("PERMISSION_DENIED"))
            #expect(failure.errors[1].errorType == "ServletError")
            #expect(failure.errors[1].details == "No suitable endpoint found.")
            #expect(failure.data(as: MoviesData.self)?.movies.first?.title == "Up")
            #expect(failure.partialData is MoviesData)
            let raw = failure.rawData.flatMap { try? AnyValue(jsonData: $0) }
            #expect(raw?["movies"] != nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("Partial data that does not decode is still kept raw")
    func rawOnlyPartialData() {
        let body = #"{"data":{"movies":null},"errors":[{"message":"boom"}]}"#
        do {
            _ = try ResponseDecoding.decodeResult(MoviesData.self, from: Data(body.utf8))
        } catch DataConnectError.graphQL(let failure) {
            #expect(failure.partialData == nil)
            #expect(failure.rawData.map { String(decoding: $0, as: UTF8.self) } == #"{"movies":null}"#)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
