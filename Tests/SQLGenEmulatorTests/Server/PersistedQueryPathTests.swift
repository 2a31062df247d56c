@testable import SQLGenEmulator
import Testing

/// AEM-style persisted-query paths, read byte by byte.
@Suite("Persisted-query paths")
struct PersistedQueryPathTests {
    @Test func rawEncodedAndMixedPathsReadAlike() throws {
        let expected = ["genre=Sci-Fi", "limit=1"]
        for path in ["bench/listMovies;genre=Sci-Fi;limit=1", "bench/listMovies%3Bgenre%3DSci-Fi%3Blimit%3D1;",
                     "bench/listMovies;;genre=Sci-Fi;limit%3D1;", "bench%2FlistMovies;genre=Sci%2dFi;limit=1"] {
            let (connector, name, pairs) = try #require(PersistedQueryPath.parse(Substring(path)), "\(path)")
            #expect(connector == "bench")
            #expect(name == "listMovies")
            #expect(pairs.map { "\($0.0)=\($0.1)" } == expected, "\(path)")
        }
        let (_, _, pairs) = try #require(PersistedQueryPath.parse("c/op;title=caf%C3%A9 %E2%9C%93;expr=a=b;empty="))
        #expect(pairs.map(\.0) == ["title", "expr", "empty"])
        #expect(pairs.map(\.1) == ["café ✓", "a=b", ""])
        #expect(try #require(PersistedQueryPath.parse("c/op")).2.isEmpty)
    }

    @Test func malformedPathsAreRefused() {
        for path in ["", ";", "op", "/op", "c/", "c/op/extra", "c//op", "c/op;novalue", "c/op;x=%4", "c/op;x=%zz", "c/op;x=%C3%28", "c/op;x=%FF"] {
            #expect(PersistedQueryPath.parse(Substring(path)) == nil, "\(path)")
        }
        #expect(PersistedQueryPath.percentDecode("a%20b%2Fc") == "a b/c")
        #expect(PersistedQueryPath.percentDecode("100%") == nil)
        #expect(PersistedQueryPath.percentDecode("%E2%9C") == nil)
        #expect(PersistedQueryPath.percentDecode("plain") == "plain")
    }
    @Test("Values SQLConnect escaped once more (%253B, %2525 in either case) are decoded twice; others once")
    func doublyEscapedDelimitersAreDecodedAgain() throws {
        let (_, _, pairs) = try #require(PersistedQueryPath.parse("c/op;a=x%253By;b=100%2525;c=x%253by;d=50%25;e=%2541"))
        #expect(pairs.map(\.1) == ["x;y", "100%", "x;y", "50%", "%41"])
        for (text, holds) in [("%3B", true), ("%3b", true), ("%25", true), ("a%2", false), ("%3C", false), ("%", false), ("3B", false)] {
            #expect(PersistedQueryPath.holdsEscapedDelimiter(ArraySlice(text.utf8)) == holds, "\(text)")
        }
    }
}
