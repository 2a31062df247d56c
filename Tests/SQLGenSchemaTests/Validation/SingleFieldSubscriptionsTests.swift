import SQLGenLanguage
import SQLGenSchema
import Testing

/// SingleFieldSubscriptionsRule's `@skip`/`@include` check (the spec's CollectSubscriptionFields),
/// on graphql-js 17's test schema; the documents keep graphql-js's layout so the locations match.
@Suite struct SingleFieldSubscriptionsTests {
    private let schema: Schema

    init() throws {
        schema = try ValidationHarness.buildSchema("""
        type Message { body: String sender: String }
        type SubscriptionRoot {
          importantEmails: [String]
          notImportantEmails: [String]
          moreImportantEmails: [String]
          spamEmails: [String]
          deletedEmails: [String]
          newMessage: Message
        }
        type QueryRoot { dummy: String }
        schema { query: QueryRoot subscription: SubscriptionRoot }
        """)
    }

    private func errors(_ document: String, _ rules: [ValidationRule] = [.singleFieldSubscriptions]) throws -> [String] {
        try ValidationHarness.validate(document, schema: schema, rules: rules)
    }

    /// graphql-js's two cases: a named and an anonymous subscription.
    @Test(arguments: [
        ("subscription RequiredRuntimeValidation($bool: Boolean!) {", "Subscription \"RequiredRuntimeValidation\""),
        ("subscription ($bool: Boolean!) {", "Anonymous Subscription"),
    ])
    func skipAndIncludeAtTheTopLevelAreReported(head: String, subject: String) throws {
        let document = """

              \(head)
                newMessage @include(if: $bool) {
                  body
                  sender
                }
                disallowedSecondRootField @skip(if: $bool)
              }

        """
        #expect(try errors(document) == [
            "\(subject) must not use `@skip` or `@include` directives in the top level selection. @ 3:20, 7:35",
        ])
    }

    /// The root selection set includes what inline fragments and fragment spreads bring, and the
    /// spreads themselves; a constant condition is forbidden as much as a variable one.
    @Test func conditionsThroughFragmentsAreReported() throws {
        let document = """
        subscription S($v: Boolean!) { ... @include(if: $v) { importantEmails } ...F @skip(if: false) ...G }
        fragment F on SubscriptionRoot { importantEmails }
        fragment G on SubscriptionRoot { ... { importantEmails @skip(if: true) @include(if: true) } }
        """
        #expect(try errors(document) == [
            "Subscription \"S\" must not use `@skip` or `@include` directives in the top level selection. @ 1:36, 1:78, 3:56, 3:72",
        ])
    }

    /// Only the top level is restricted (apollo-rs's subscription_conditions_not_at_root).
    @Test func conditionsBelowTheTopLevelAreValid() throws {
        let document = """
        subscription ConditionalSub($includeContent: Boolean = true, $small: Boolean = true) {
          newMessage { body @include(if: $includeContent) sender @skip(if: $small) }
        }
        """
        #expect(try errors(document, specifiedRules).isEmpty)
    }

    /// A fragment that spreads itself is followed once: the cycle is NoFragmentCyclesRule's error.
    @Test func fragmentCyclesEndTheWalk() throws {
        let cycle = "subscription S { ...A } fragment A on SubscriptionRoot { ...A }"
        let all = try errors(cycle, specifiedRules)
        #expect(all.contains("Cannot spread fragment \"A\" within itself. @ 1:58"))
        #expect(!all.contains { $0.contains("must not use") })
        let conditional = "subscription S { ...A } fragment A on SubscriptionRoot { importantEmails ...A @skip(if: $x) }"
        #expect(try errors(conditional) == [
            "Subscription \"S\" must not use `@skip` or `@include` directives in the top level selection. @ 1:79",
        ])
    }
}
