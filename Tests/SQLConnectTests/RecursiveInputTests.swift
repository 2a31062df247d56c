import Foundation
import Testing
import SQLConnect

/// Input objects that hold themselves, as generated code declares them: Data Connect's
/// `Movie_Filter` (`_not`, `_and`, `_or`) and a mutually recursive pair.
struct MovieFilter: Encodable, Hashable, Sendable {
    @OptionalVariable var title: String?
    @OptionalVariable var _not: MovieFilter?
    @OptionalVariable var _and: [MovieFilter]?
    @OptionalVariable var reviews: ReviewFilter?

    init(_ optionalFields: ((inout MovieFilter) -> Void)? = nil) {
        optionalFields?(&self)
    }
}

struct ReviewFilter: Encodable, Hashable, Sendable {
    var rating: Int
    @OptionalVariable var movie: MovieFilter?

    init(rating: Int, _ optionalFields: ((inout ReviewFilter) -> Void)? = nil) {
        self.rating = rating
        optionalFields?(&self)
    }
}

@Suite struct RecursiveInputTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("A variable is one pointer whatever its type, so recursive inputs have a finite size")
    func finiteSize() {
        #expect(MemoryLayout<OptionalVariable<MovieFilter>>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<MovieFilter>.size == 4 * MemoryLayout<Int>.size)
    }

    @Test("Unset, null and a value stay apart at every level of a nested filter")
    func threeStatesAtEveryLevel() throws {
        let filter = MovieFilter {
            $0._not = MovieFilter { inner in
                inner.title = nil
                inner.reviews = ReviewFilter(rating: 5) { $0.movie = MovieFilter { $0.title = "Up" } }
            }
            $0._and = [MovieFilter(), MovieFilter { $0._not = nil }]
        }
        #expect(try json(filter) == #"{"_and":[{},{"_not":null}],"_not":{"reviews":{"movie":{"title":"Up"},"rating":5},"title":null}}"#)
    }

    @Test("Copies are independent values: changing one leaves the other as it was")
    func valueSemantics() throws {
        var first = MovieFilter { $0._not = MovieFilter { $0.title = "A" } }
        let second = first
        first._not?.title = "B"
        #expect(second._not?.title == "A")
        #expect(first._not?.title == "B")
        #expect(first != second)
        var unset = second
        unset.$_not.unset()
        #expect(try json(unset) == "{}")
        #expect(Set([first, second, unset]).count == 3)
    }
}
