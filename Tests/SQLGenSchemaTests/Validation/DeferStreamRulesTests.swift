import SQLGenLanguage
import SQLGenSchema
import Testing

/// The `@defer`/`@stream` rules and SingleFieldSubscriptions on a schema with the incremental
/// delivery directives.
@Suite struct DeferStreamRulesTests {
    private let schema: Schema

    init() throws {
        let sdl = """
        schema { query: QueryRoot mutation: MutationRoot subscription: SubscriptionRoot }
        type Message { body: String sender: String }
        type QueryRoot { message: Message messages: [Message] }
        type MutationRoot { mutationField: Message mutationListField: [Message] }
        type SubscriptionRoot { subscriptionField: Message subscriptionListField: [Message] }
        """
        let document = try Parser.parse(Source(sdl))
        schema = SchemaBuilder.build(documents: [document], options: SchemaBuildOptions(includeDeferStreamDirectives: true)).schema
    }

    private func errors(_ document: String, _ rules: [ValidationRule] = specifiedRules) throws -> [String] {
        try ValidationHarness.validate(document, schema: schema, rules: rules)
    }

    @Test func deferAndStreamAreValidOnQueries() throws {
        let document = """
        { messages @stream(initialCount: 1, label: "a") { body } ... @defer(label: "b") { message { body } } }
        """
        #expect(try errors(document).isEmpty)
    }

    @Test func labelsMustBeUniqueAndStatic() throws {
        let document = """
        query Q($label: String) { messages @stream(label: "x") { body } ... @defer(label: "x") { message { body } } m: messages @stream(label: $label) { sender } }
        """
        #expect(try errors(document, [.deferStreamDirectiveLabel]) == [
            "Defer/Stream directive label argument must be unique. @ 1:36, 1:69",
            "Stream directive label argument must be a static string. @ 1:121",
        ])
    }

    @Test func streamNeedsAListField() throws {
        #expect(try errors("{ message @stream { body } }", [.streamDirectiveOnListField]) == [
            "Stream directive cannot be used on non-list field \"message\" on type \"QueryRoot\". @ 1:11",
        ])
    }

    @Test func notOnMutationRootFields() throws {
        let document = "mutation { ... @defer { mutationField { body } } mutationListField @stream { body } }"
        #expect(try errors(document, [.deferStreamDirectiveOnRootField]) == [
            "Defer directive cannot be used on root mutation type \"MutationRoot\". @ 1:16",
            "Stream directive cannot be used on root mutation type \"MutationRoot\". @ 1:68",
        ])
    }

    @Test func subscriptionsMayOnlyUseThemWhenTheyCanBeDisabled() throws {
        let document = """
        subscription S($on: Boolean!) { subscriptionField { ... @defer { body } ... @defer(if: $on) { sender } ... @defer(if: false) { body } } }
        """
        #expect(try errors(document, [.deferStreamDirectiveOnValidOperations]) == [
            "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`. @ 1:57",
        ])
    }

    @Test func subscriptionsSelectOneRootField() throws {
        #expect(try errors("subscription S { subscriptionField { body } subscriptionListField { body } }", [.singleFieldSubscriptions]) == [
            "Subscription \"S\" must select only one top level field. @ 1:45",
        ])
        #expect(try errors("subscription { __typename }", [.singleFieldSubscriptions]) == [
            "Anonymous Subscription must not select an introspection top level field. @ 1:16",
        ])
        #expect(try errors("subscription S { subscriptionField { body } }", [.singleFieldSubscriptions]).isEmpty)
    }
}
