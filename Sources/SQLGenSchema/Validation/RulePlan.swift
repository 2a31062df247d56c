import Synchronization

/// Which rules the walker calls for each kind of node, worked out once per list of rules.
///
/// Validating a small operation takes microseconds, so the per-document setup matters: the plan
/// for a list of rules (the specified ones, a dialect's) is made once and kept, and a validation
/// only creates the rules' visitors and one flat dispatch list (`slots`: rule indices, one run per
/// node kind).
final class RulePlan: Sendable {
    /// The rules to run: the list given, a rule listed twice kept once.
    let rules: [ValidationRule]
    /// Indices into `rules`; each range below selects a run of them, in rule order.
    let slots: [Int]
    /// The classes of the list the plan was made for, to recognise it again.
    private let listed: [ObjectIdentifier]
    private let callsEveryRule: Bool

    let document: Range<Int>
    let operation: Range<Int>
    let fragment: Range<Int>
    let typeSystem: Range<Int>
    let directiveList: Range<Int>
    let variableDefinition: Range<Int>
    let selectionSet: Range<Int>
    let field: Range<Int>
    let fragmentSpread: Range<Int>
    let inlineFragment: Range<Int>
    let directive: Range<Int>
    let argument: Range<Int>
    let namedType: Range<Int>
    let values: Range<Int>
    // Nodes that carry directives: the rules of the node kind or of directive lists, in rule
    // order, called instead of the node kind's run when the node has directives.
    let operationWithDirectives: Range<Int>
    let fragmentWithDirectives: Range<Int>
    let variableDefinitionWithDirectives: Range<Int>
    let fieldWithDirectives: Range<Int>
    let fragmentSpreadWithDirectives: Range<Int>
    let inlineFragmentWithDirectives: Range<Int>

    /// `callsEveryRule` ignores the rules' hooks (tests use it to check that they are complete).
    init(_ list: [ValidationRule], callsEveryRule: Bool) {
        var rules: [ValidationRule] = []
        for rule in list where !rules.contains(where: { $0.visitorType == rule.visitorType }) {
            rules.append(rule)
        }
        var slots: [Int] = []
        func run(_ kinds: RuleHooks) -> Range<Int> {
            let start = slots.count
            for (index, rule) in rules.enumerated() where callsEveryRule || !rule.hooks.isDisjoint(with: kinds) {
                slots.append(index)
            }
            return start..<slots.count
        }
        document = run(.document)
        operation = run(.operation)
        fragment = run(.fragment)
        typeSystem = run(.typeSystem)
        directiveList = run(.directives)
        variableDefinition = run(.variableDefinition)
        selectionSet = run(.selectionSet)
        field = run(.field)
        fragmentSpread = run(.fragmentSpread)
        inlineFragment = run(.inlineFragment)
        directive = run(.directive)
        argument = run(.argument)
        namedType = run(.namedType)
        values = run(.values)
        operationWithDirectives = run([.operation, .directives])
        fragmentWithDirectives = run([.fragment, .directives])
        variableDefinitionWithDirectives = run([.variableDefinition, .directives])
        fieldWithDirectives = run([.field, .directives])
        fragmentSpreadWithDirectives = run([.fragmentSpread, .directives])
        inlineFragmentWithDirectives = run([.inlineFragment, .directives])
        self.rules = rules
        self.slots = slots
        self.listed = list.map(\.visitorType)
        self.callsEveryRule = callsEveryRule
    }

    /// No rules (a walk that only records variable usages).
    static let none = RulePlan([], callsEveryRule: false)
    private static let specified = RulePlan(specifiedRules, callsEveryRule: false)
    /// Plans of other lists (a dialect's); programs use a handful of lists.
    private static let prepared = Mutex<[RulePlan]>([])
    private static let preparedLimit = 16

    /// The plan for a list of rules: a prepared one when the list was seen before, else a new one.
    /// Called once per validated document, so finding the plan allocates nothing.
    static func plan(for list: [ValidationRule], callsEveryRule: Bool) -> RulePlan {
        if callsEveryRule { return RulePlan(list, callsEveryRule: true) }
        if specified.isPlan(for: list) { return specified }
        return prepared.withLock { plans in
            if let plan = plans.first(where: { $0.isPlan(for: list) }) { return plan }
            let plan = RulePlan(list, callsEveryRule: false)
            if plans.count < preparedLimit { plans.append(plan) }
            return plan
        }
    }

    private func isPlan(for list: [ValidationRule]) -> Bool {
        guard list.count == listed.count else { return false }
        for index in list.indices where list[index].visitorType != listed[index] { return false }
        return true
    }
}
