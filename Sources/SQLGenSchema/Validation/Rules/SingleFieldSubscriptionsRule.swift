import SQLGenLanguage

// Single field subscriptions
//
// A GraphQL subscription is valid only if it contains a single root field, that field is not an
// introspection field, and its root selection set does not use `@skip` or `@include`.
// https://spec.graphql.org/September2025/#sec-Single-Root-Field
final class SingleFieldSubscriptionsRule: RuleVisitor {
    override class var hooks: RuleHooks { .operation }

    override func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation == .subscription, let subscriptionType = context.schema.subscriptionType else { return }
        let subject = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        let root = SubscriptionRootFields(schema: context.schema, fragments: context.fragments, rootType: subscriptionType, selectionSet: operation.selectionSet)
        // Which root field runs would depend on the variables: the other checks would guess.
        if !root.conditionalDirectives.isEmpty {
            report("\(subject) must not use `@skip` or `@include` directives in the top level selection.", ranges: root.conditionalDirectives.map(\.range))
            return
        }
        let groups = root.groups
        if groups.isEmpty {
            report("\(subject) must select one top level field.", operation.selectionSet.range)
        } else if groups.count > 1 {
            let extra = groups.dropFirst().flatMap { $0.fields.map(\.range) }
            report("\(subject) must select only one top level field.", ranges: extra)
        }
        for group in groups where group.fields[0].name.value.hasPrefix("__") {
            report("\(subject) must not select an introspection top level field.", ranges: group.fields.map(\.range))
        }
    }
}
