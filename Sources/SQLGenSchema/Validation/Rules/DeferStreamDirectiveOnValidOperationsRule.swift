import SQLGenLanguage

// Defer and stream directives are used on valid operations
//
// A GraphQL document is only valid if defer and stream directives are not used, unless they can
// be disabled, in subscription operations.
// https://github.com/graphql/graphql-spec/pull/742
final class DeferStreamDirectiveOnValidOperationsRule: RuleVisitor {
    override func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation == .subscription else { return }
        var visited: Set<String> = []
        forbidUnconditional(in: operation.selectionSet, parents: [], visited: &visited)
    }

    private func forbidUnconditional(in selectionSet: SelectionSet, parents: [SourceRange], visited: inout Set<String>) {
        for selection in selectionSet.selections {
            let directives = selection.directives
            if let skip = directives.first(where: { $0.name.value == "skip" }), Self.canSkip(skip, skipIf: true) { continue }
            if let include = directives.first(where: { $0.name.value == "include" }), Self.canSkip(include, skipIf: false) { continue }
            for directive in directives {
                let name = directive.name.value
                guard name == "defer" || name == "stream", !Self.ifArgumentCanBeFalse(directive) else { continue }
                let message = name == "defer"
                    ? "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
                    : "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."
                report(message, ranges: [directive.range] + parents)
            }
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visited.insert(name).inserted, let fragment = context.fragment(named: name) else { continue }
                forbidUnconditional(in: fragment.selectionSet, parents: [spread.range] + parents, visited: &visited)
            case .field(let field):
                if let nested = field.selectionSet { forbidUnconditional(in: nested, parents: parents, visited: &visited) }
            case .inlineFragment(let inline):
                forbidUnconditional(in: inline.selectionSet, parents: parents, visited: &visited)
            }
        }
    }

    /// `@skip`/`@include` that may leave the selection out: a variable, or the literal that skips
    /// (`true` for skip, `false` for include). A missing `if` counts as skipping for `@skip` only.
    private static func canSkip(_ directive: Directive, skipIf literal: Bool) -> Bool {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return literal }
        if case .boolean(let value, _) = argument.value { return value == literal }
        return true
    }

    private static func ifArgumentCanBeFalse(_ directive: Directive) -> Bool {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return false }
        switch argument.value {
        case .boolean(let value, _): return !value
        case .variable: return true
        default: return false
        }
    }
}
