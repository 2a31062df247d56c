import SQLGenLanguage
import SQLGenSchema
import Testing

/// OverlappingFieldsCanBeMergedRule beyond the corpus cases: reasons, nested conflicts,
/// fragments, mutually exclusive parents, and documents that would be exponential without the
/// pair caches.
@Suite struct OverlappingFieldsTests {
    private let schema: Schema

    init() throws {
        schema = try #require(ValidationHarness.harnessSchema)
    }

    private func errors(_ document: String) throws -> [String] {
        try ValidationHarness.validate(document, schema: schema, rules: [.overlappingFieldsCanBeMerged])
    }

    @Test func identicalFieldsMerge() throws {
        #expect(try errors("fragment F on Dog { name name otherName: name doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }").isEmpty)
    }

    @Test func differingArgumentsConflict() throws {
        #expect(try errors("fragment F on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: HEEL) }") == [
            "Fields \"doesKnowCommand\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional. @ 1:21, 1:54",
        ])
    }

    @Test func objectArgumentsCompareWithoutFieldOrder() throws {
        let document = """
        { complicatedArgs {
          complexArgField(complexArg: { requiredField: true, intField: 1 })
          complexArgField(complexArg: { intField: 1, requiredField: true })
        } }
        """
        #expect(try errors(document).isEmpty)
    }

    @Test func nestedConflictsListEverySubfield() throws {
        let document = """
        { dog { mother { name: nickname } } dog { mother { name } } }
        """
        #expect(try errors(document) == [
            "Fields \"dog\" conflict because subfields \"mother\" conflict because subfields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 1:3, 1:9, 1:18, 1:37, 1:43, 1:52",
        ])
    }

    @Test func conflictsThroughFragmentsAreFound() throws {
        let document = """
        { dog { ...A ...B } }
        fragment A on Dog { x: name }
        fragment B on Dog { x: nickname }
        """
        #expect(try errors(document) == [
            "Fields \"x\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 2:21, 3:21",
        ])
    }

    @Test func differentObjectTypesMayUseOneNameForDifferentFields() throws {
        let document = "{ pet { ... on Dog { x: name } ... on Cat { x: nickname } } }"
        #expect(try errors(document).isEmpty)
        let conflicting = "{ pet { ... on Dog { x: barkVolume } ... on Cat { x: nickname } } }"
        #expect(try errors(conflicting) == [
            "Fields \"x\" conflict because they return conflicting types \"Int\" and \"String\". Use different aliases on the fields to fetch both if this was intentional. @ 1:22, 1:51",
        ])
    }

    @Test func conflictsInsideInlineFragmentsAreReportedOnce() throws {
        #expect(try errors("{ pet { ... on Dog { x: nickname x: name } } }") == [
            "Fields \"x\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional. @ 1:22, 1:34",
        ])
    }

    @Test func manyFragmentsStayFast() throws {
        // 40 fragments each spreading the next and selecting the same fields: without the
        // memoized fragment pairs this is exponential.
        var document = "{ dog { ...F0 } }\n"
        for index in 0..<40 {
            let next = index < 39 ? "...F\(index + 1) ...F\(min(index + 2, 39))" : ""
            document += "fragment F\(index) on Dog { name mother { name } \(next) }\n"
        }
        let start = ContinuousClock.now
        #expect(try errors(document).isEmpty)
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
