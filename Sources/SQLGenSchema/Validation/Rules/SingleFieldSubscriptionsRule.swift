import SQLGenLanguage

// Single field subscriptions
//
// A GraphQL subscription is valid only if it contains a single root field, and that field is not
// an introspection field.
// https://spec.graphql.org/September2025/#sec-Single-Root-Field
final class SingleFieldSubscriptionsRule: RuleVisitor {
    override func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation == .subscription, let subscriptionType = context.schema.subscriptionType else { return }
        let subject = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        let groups = collectFields(schema: context.schema, fragments: context.fragments, objectType: subscriptionType, selectionSet: operation.selectionSet)
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
