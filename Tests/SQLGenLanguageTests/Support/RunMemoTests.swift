import Testing
@testable import SQLGenLanguage

/// `RunMemo` finds what a dictionary of the last run's values would, whatever the order, the
/// additions, removals, renames and repeats of the keys from run to run.
@Suite struct RunMemoTests {
    /// A run's keys, each looked up, then kept, kept and forgotten, or forgotten unkept (as a
    /// file that vanished); a key may come twice.
    private struct Step {
        enum Action { case record, recordThenForget, forget }
        var key: String
        var action: Action
    }

    /// Runs of keys: reordered, with keys added, dropped, renamed and repeated.
    private static func runs() -> [[Step]] {
        // A fixed linear congruential sequence, so a failure repeats.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var keys = (0..<12).map { "/folder/file\($0).graphql" }
        var result: [[Step]] = [keys.map { Step(key: $0, action: .record) }, keys.map { Step(key: $0, action: .record) }]
        for round in 0..<60 {
            switch next() % 5 {
            case 0: keys.append("/folder/new\(round).graphql")
            case 1: if !keys.isEmpty { keys.remove(at: Int(next() % UInt64(keys.count))) }
            case 2: if !keys.isEmpty { keys[Int(next() % UInt64(keys.count))] = "/folder/renamed\(round).graphql" }
            case 3: keys = keys.count > 2 ? Array(keys[2...] + keys[..<2]).reversed() : keys.reversed()
            default: break
            }
            var steps = keys.map { key in
                switch next() % 12 {
                case 0: Step(key: key, action: .recordThenForget)
                case 1: Step(key: key, action: .forget)
                default: Step(key: key, action: .record)
                }
            }
            if !keys.isEmpty, next() % 3 == 0 { steps.append(Step(key: keys[Int(next() % UInt64(keys.count))], action: .record)) }
            result.append(steps)
        }
        return result
    }

    @Test func findsWhatADictionaryOfTheLastRunWould() {
        var memo = RunMemo<Int>()
        var previous: [String: Int] = [:]
        var value = 0
        for steps in Self.runs() {
            memo.beginRun()
            var current: [String: Int] = [:]
            for step in steps {
                #expect(memo.previous(step.key) == previous[step.key])
                value += 1
                if step.action != .forget {
                    memo.record(step.key, value)
                    current[step.key] = value
                }
                if step.action != .record {
                    memo.forget(step.key)
                    current[step.key] = nil
                }
            }
            #expect(memo.count == current.count)
            previous = current
        }
    }

    @Test func followsPreviousOrderOnlyForTheSameKeysInTheSameOrder() {
        var memo = RunMemo<Int>()
        func run(_ keys: [String]) -> Bool {
            memo.beginRun()
            for key in keys {
                _ = memo.previous(key)
                memo.record(key, 0)
            }
            return memo.followsPreviousOrder
        }
        #expect(!run(["a", "b", "c"]))
        #expect(run(["a", "b", "c"]))
        #expect(!run(["a", "c", "b"]))
        #expect(!run(["a", "c"]))
        #expect(!run(["a", "c", "d"]))
        #expect(run(["a", "c", "d"]))
        #expect(!run(["a", "c", "d", "a"]))
    }
}
