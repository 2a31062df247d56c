import Testing
import SQLGenLanguage

/// `concurrentMap` gives `map`'s result for every count, whether or not the count divides into
/// its chunks (500 did not: the last chunk started past the end).
@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 63, 64, 65, 127, 500, 2_000, 4_097])
    func givesWhatMapGives(count: Int) {
        let values = Array(0..<count)
        #expect(values.concurrentMap { $0 * 3 + 1 } == values.map { $0 * 3 + 1 })
    }

    @Test func respectsTheMinimumCount() {
        let values = Array(0..<10)
        #expect(values.concurrentMap(minimumCount: 1) { String($0) } == values.map { String($0) })
    }
}
