// Root fields run as Data Connect's steps, in order. A failed `@check` replaces its step with an
// error and aborts the later steps ("(aborted)"). With `@transaction`, the first error of any kind
// does the same and rolls back: earlier steps become null with "(rolled back)". Each of those
// nulls is an error at its step, so a non-null step nulls `data` (spec §6.4.4).
// Mutations expose each finished step to later expressions as `response.<key>` (redacted included).

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension Executor {
    /// Executes the root selection step by step; `rollBack` asks the caller to undo the writes.
    func executeSteps(_ rootType: GraphQLObjectType, transactional: Bool) -> (data: JSONValue?, rollBack: Bool) {
        if let variable = nullCondition([operation.selectionSet]) {
            recordNullCondition(variable, path: nil)
            return (nil, false)
        }
        var steps: [CompletedField] = []
        var failedStep: Int?
        let rootFields = collectFields(rootType, [operation.selectionSet])
        // Steps that stay when a later one fails need the transaction to survive the failure.
        let isolatesSteps = operation.operation == .mutation && !transactional && rootFields.count > 1 && dialect.failedStatementAbortsTransaction
        // A lone mutation field without checks ends its transaction with its last statement.
        finalStatementCommits = operation.operation == .mutation && !transactional && rootFields.count == 1
            && rootFields.allSatisfy { $0.fields.allSatisfy(\.directives.isEmpty) }
        for (key, fields) in rootFields {
            let path = ResponsePath(parent: nil, .string(key))
            if failedStep != nil {
                record(FieldFailure("(aborted)", code: "ABORTED"), fields: fields, path: path)
                steps.append(CompletedField(key: key, values: [nil], isNonNull: isNonNullRoot(rootType, fields), redact: FieldChecks(fields).redact))
                continue
            }
            let errorCount = errors.count
            checkFailed = false
            reachedChecks = []
            let complete = { self.completeField(rootType, key: key, fields: fields, sources: [.root], paths: [nil]) }
            var step = isolatesSteps ? isolated(complete) : complete()
            if !checkFailed, let failure = unreachedCheck(fields) {
                // The error is at the step itself, so the step is null (and that null propagates).
                record(failure, fields: fields, path: path)
                step.values = [nil]
                checkFailed = true
            }
            if checkFailed || (transactional && errors.count > errorCount) {
                failedStep = steps.count
            }
            if operation.operation == .mutation {
                serverValues.response.append(JSONMember(key, step.values.first.flatMap { $0 } ?? .null))
            }
            steps.append(step)
        }
        checkFailed = false
        let rollBack = transactional && failedStep != nil
        if rollBack, let failedStep {
            for index in 0..<failedStep {
                record(FieldFailure("(rolled back)", code: "ABORTED"), fields: [], path: ResponsePath(parent: nil, .string(steps[index].key)))
                steps[index].values = [nil]
            }
        }
        var members: [JSONMember] = []
        var nulled = false
        for step in steps where !step.redact { step.add(0, to: &members, nulled: &nulled) }
        guard !nulled else { return (nil, rollBack) }
        let data = JSONValue.object(members)
        guard sawRedaction || redactsFragments() else { return (data, rollBack) }
        return (removingRedacted(data, type: .named(rootType.name), selectionSets: [operation.selectionSet]), rollBack)
    }

    private struct StepFailed: Error {}

    /// Runs one step in a savepoint, rolled back when the step failed: its failed statement then
    /// leaves the transaction usable for the other steps.
    private func isolated(_ step: () -> CompletedField) -> CompletedField {
        let before = errors.count
        var completed: CompletedField?
        _ = try? database.transaction {
            completed = step()
            if errors.count > before { throw StepFailed() }
        }
        return completed ?? step()
    }

    /// Whether the root field of `fields` is non-null: an error there nulls the whole `data`.
    private func isNonNullRoot(_ rootType: GraphQLObjectType, _ fields: [Field]) -> Bool {
        guard let name = fields.first?.name.value else { return false }
        return rootType.field(named: name)?.type.isNonNull ?? false
    }

    /// `value` without the members of `@redact` fields, walking the selection alongside it.
    func removingRedacted(_ value: JSONValue, type: GraphQLTypeRef, selectionSets: [SelectionSet]) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.map { removingRedacted($0, type: type, selectionSets: selectionSets) })
        case .object(let members):
            guard case .object(let objectType)? = schema.type(named: type.namedTypeName) else { return value }
            var groups: [String: [Field]] = [:]
            for (key, fields) in collectFields(objectType, selectionSets) { groups[key] = fields }
            let redacted = redactedKeys(objectType, selectionSets)
            var kept: [JSONMember] = []
            for member in members {
                guard let fields = groups[member.key], let field = fields.first else {
                    kept.append(member)
                    continue
                }
                if redacted.contains(member.key) { continue }
                guard let definition = objectType.field(named: field.name.value), field.selectionSet != nil else {
                    kept.append(member)
                    continue
                }
                kept.append(JSONMember(member.key, removingRedacted(member.value, type: definition.type, selectionSets: subSelections(fields))))
            }
            return .object(kept)
        default:
            return value
        }
    }

    /// Response keys whose every occurrence is redacted: the field has `@redact`, or it is reached
    /// only through fragments (spreads, inline fragments) that have it.
    private func redactedKeys(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) -> Set<String> {
        var redacted: Set<String> = []
        var visible: Set<String> = []
        var visited: Set<String> = []
        func applies(_ condition: NamedType?) -> Bool {
            guard let condition else { return true }
            if condition.name.value == type.name { return true }
            guard let conditionType = schema.type(named: condition.name.value) else { return false }
            return schema.possibleTypes(of: conditionType).contains { $0.name == type.name }
        }
        func hasRedact(_ directives: [Directive]) -> Bool { directives.contains { $0.name.value == "redact" } }
        func collect(_ set: SelectionSet, hidden: Bool) {
            for selection in set.selections where isIncluded(selection.directives) {
                switch selection {
                case .field(let field):
                    if hidden || hasRedact(field.directives) {
                        redacted.insert(field.responseKey)
                    } else {
                        visible.insert(field.responseKey)
                    }
                case .inlineFragment(let fragment):
                    if applies(fragment.typeCondition) { collect(fragment.selectionSet, hidden: hidden || hasRedact(fragment.directives)) }
                case .fragmentSpread(let spread):
                    guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value], applies(fragment.typeCondition) else { continue }
                    collect(fragment.selectionSet, hidden: hidden || hasRedact(spread.directives))
                }
            }
        }
        for set in selectionSets { collect(set, hidden: false) }
        return redacted.subtracting(visible)
    }

    /// Whether a fragment spread or inline fragment of the document has `@redact`.
    private func redactsFragments() -> Bool {
        func search(_ set: SelectionSet) -> Bool {
            set.selections.contains { selection in
                switch selection {
                case .field(let field): return field.selectionSet.map(search) ?? false
                case .inlineFragment(let fragment):
                    return fragment.directives.contains { $0.name.value == "redact" } || search(fragment.selectionSet)
                case .fragmentSpread(let spread): return spread.directives.contains { $0.name.value == "redact" }
                }
            }
        }
        return search(operation.selectionSet) || fragments.values.contains { search($0.selectionSet) }
    }

    /// A non-optional `@check` inside the step that never ran: every path to its field was null or
    /// `[]`, which Data Connect counts as a failure.
    private func unreachedCheck(_ fields: [Field]) -> FieldFailure? {
        var visited: Set<String> = []
        var found: FieldFailure?
        func visit(_ field: Field) {
            guard found == nil, isIncluded(field.directives) else { return }
            if let rule = CheckRule.rules(field.directives).first(where: { !$0.optional }), !reachedChecks.contains(field.range.start) {
                found = FieldFailure(rule.message, code: "PERMISSION_DENIED")
                return
            }
            if let set = field.selectionSet { visit(set) }
        }
        func visit(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field): visit(field)
                case .inlineFragment(let fragment):
                    if isIncluded(fragment.directives) { visit(fragment.selectionSet) }
                case .fragmentSpread(let spread):
                    guard isIncluded(spread.directives), visited.insert(spread.name.value).inserted,
                          let fragment = fragments[spread.name.value] else { continue }
                    visit(fragment.selectionSet)
                }
            }
        }
        for field in fields { visit(field) }
        return found
    }

    /// `@skip(if:)` / `@include(if:)` with literal or variable conditions: a skipped field is not required.
    private func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name.value == "skip" || directive.name.value == "include" {
            var flag = false
            switch directive.arguments.first(where: { $0.name.value == "if" })?.value {
            case .boolean(let value, _)?: flag = value
            case .variable(let variable)?: flag = variables[variable.name.value] == .bool(true)
            default: break
            }
            if (directive.name.value == "skip") == flag { return false }
        }
        return true
    }
}
