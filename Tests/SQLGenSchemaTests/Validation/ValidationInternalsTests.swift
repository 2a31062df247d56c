import SQLGenLanguage
@testable import SQLGenSchema
import Testing

/// The helpers behind validation's speed: the walk's frame stacks, the name checks that avoid
/// hashing short lists, and deep documents that grow the stacks past their first capacity.
@Suite struct ValidationInternalsTests {
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func frameStackGrowsAndKeepsItsElements() {
        let stack = FrameStack<Box>(capacity: 2)
        #expect(stack.top == nil && stack.belowTop == nil)
        for value in 0..<100 { stack.push(Box(value)) }
        #expect(stack.count == 100)
        #expect(stack.top?.pointee.value == 99)
        #expect(stack.belowTop?.pointee.value == 98)
        for _ in 0..<99 { stack.pop() }
        #expect(stack.top?.pointee.value == 0)
        #expect(stack.belowTop == nil)
        stack.pop()
        stack.pop()
        #expect(stack.count == 0)
    }

    @Test func repeatedNamesAreFoundInShortAndLongLists() {
        #expect(!hasRepeatedName(["a"], name: { $0 }))
        #expect(!hasRepeatedName(["a", "b", "c"], name: { $0 }))
        #expect(hasRepeatedName(["a", "b", "a"], name: { $0 }))
        let long = (0..<40).map { "name\($0)" }
        #expect(!hasRepeatedName(long, name: { $0 }))
        #expect(hasRepeatedName(long + ["name7"], name: { $0 }))
    }

    @Test func firstByNameKeepsTheFirstAndRecordsTheLast() {
        var first = FirstByName<Int>()
        for index in 0..<30 { #expect(first.first("n\(index)", else: index) == nil) }
        #expect(first.first("n3", else: 99) == 3)
        #expect(first.first("n25", else: 99) == 25)

        var last = FirstByName<Int>()
        for index in 0..<30 { last.record("n\(index % 20)", index) }
        #expect(last.last("n5") == 25)
        #expect(last.last("n19") == 19)
        #expect(last.last("missing") == nil)
    }

    @Test func nameMembershipInShortAndLongLists() {
        let short = NameMembership(["x", "y"]) { $0 }
        #expect(short.contains("y") && !short.contains("z"))
        let long = NameMembership((0..<40).map { "v\($0)" }) { $0 }
        #expect(long.contains("v39") && !long.contains("v40"))
    }

    /// Forty nested selection sets and a list value twenty deep: the type stacks grow past their
    /// first capacity, and an error at the bottom is still found and placed.
    @Test func deeplyNestedDocumentsValidate() throws {
        let schema = try #require(ValidationHarness.harnessSchema)
        let depth = 40
        let fields = String(repeating: "relatives { ", count: depth) + "name" + String(repeating: " }", count: depth)
        #expect(try ValidationHarness.validate("{ human { \(fields) } }", schema: schema).isEmpty)
        let wrong = String(repeating: "relatives { ", count: depth) + "zzzz" + String(repeating: " }", count: depth)
        let errors = try ValidationHarness.validate("{ human { \(wrong) } }", schema: schema)
        #expect(errors == ["Cannot query field \"zzzz\" on type \"Human\". @ 1:\(11 + 12 * depth)"])
        // The list's one item, itself a list, is not a String (20 deep: printed on one line).
        let item = String(repeating: "[", count: 19) + "\"a\"" + String(repeating: "]", count: 19)
        #expect(try ValidationHarness.validate("{ complicatedArgs { stringListArgField(stringListArg: [\(item)]) } }", schema: schema) == [
            "String cannot represent a non string value: \(item) @ 1:56",
        ])
    }
}
