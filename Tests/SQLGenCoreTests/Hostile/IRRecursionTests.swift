import Foundation
import Testing
import SQLGenLanguage
import SQLGenSchema
@testable import SQLGenCore

/// The IR builder and the configuration's glob matcher on chains 100,000 long, cycles and
/// fragments spread again and again: they finish, with a stack of their own where they recurse.
@Suite struct IRRecursionTests {
    /// A variable whose input type reaches 100,000 more input objects, the last one back to the
    /// first: every one is registered, from a work list.
    @Test func longChainOfInputObjectsIsRegistered() throws {
        let count = 100_000
        var schema = "type Query { f(a: I0): Int }\n"
        for index in 0..<count { schema += "input I\(index) { next: I\((index + 1) % count) value: Int }\n" }
        let ir = try GeneratorEdgeCaseTests.connector(schema: schema, operations: "query q($a: I0) { f(a: $a) }")
        #expect(ir.inputObjects.count == count)
        #expect(ir.inputObjects.first { $0.name == "I99999" }?.fields.map(\.name) == ["next", "value"])
    }

    /// Each fragment spreads the next twice under `@include`: without a visited set per
    /// condition this is 2^40 visits.
    @Test func conditionalSpreadsAreVisitedOncePerCondition() throws {
        let count = 40
        var operations = "query q($on: Boolean!) { t { ...F0 } }\n"
        for index in 0..<count {
            let next = index + 1 < count ? "...F\(index + 1) @include(if: $on) ...F\(index + 1) @include(if: $on)" : "a"
            operations += "fragment F\(index) on T { a \(next) }\n"
        }
        let ir = try GeneratorEdgeCaseTests.connector(schema: "type Query { t: T } type T { a: Int t: T }", operations: operations)
        guard case .optional(.selection(let selection))? = ir.operations.first?.data.fields.first?.type else {
            Issue.record("no selection for t")
            return
        }
        #expect(selection.fields.map(\.responseKey) == ["a"])
    }

    /// Fragments nested as deep as validation allows, built on a small stack.
    @Test func deepFragmentChainIsBuiltOnASmallStack() throws {
        let count = 450
        var operations = "query q { t { ...F0 } }\n"
        for index in 0..<count {
            operations += "fragment F\(index) on T { a \(index + 1 < count ? "t { ...F\(index + 1) }" : "") }\n"
        }
        let schema = "type Query { t: T } type T { a: Int t: T }"
        let text = operations
        let ir = onSmallStack { try? GeneratorEdgeCaseTests.connector(schema: schema, operations: text) }
        #expect(ir?.operations.count == 1)
    }

    @Test(arguments: [
        String(repeating: "**/", count: 100_000) + "*.gql",
        String(repeating: "*/", count: 100_000) + "*.gql",
        String(repeating: "a*", count: 50_000) + "b",
    ])
    func hostileGlobsEnd(pattern: String) {
        #expect(!ConfigGlobPattern(pattern).matches(["a", "b", "c.graphql"]))
        #expect(ConfigGlobPattern(String(repeating: "**/", count: 100_000) + "*.gql").matches(["a", "b", "c.gql"]))
    }
}
