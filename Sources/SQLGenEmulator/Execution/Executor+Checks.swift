// Data Connect's access rules inside execution: `@check(expr:, message:, optional:)` on fields
// and operations, and `@redact` (`@auth` is the prelude's, `EmulatorEngine.admit`).

import SQLGenJSON
import SQLGenLanguage

/// One `@check` directive read from the operation text.
struct CheckRule {
    /// Data Connect's default rejects null and empty lists.
    static let defaultExpression = "!(this in [null, []])"

    var expression: String
    /// Parsed once per text (`ParsedExpressions`), not once per row.
    var parsed: Result<ParsedExpressions.Entry, CELError>
    var message: String
    /// `optional: true` passes when the field is never reached (every ancestor path is null or `[]`).
    var optional: Bool

    init(_ directive: Directive) {
        var expression = Self.defaultExpression
        var message = "permission denied"
        var optional = false
        for argument in directive.arguments {
            switch (argument.name.value, argument.value) {
            case ("expr", .string(let text)): expression = text.value
            case ("message", .string(let text)): message = text.value
            case ("optional", .boolean(let flag, _)): optional = flag
            default: break
            }
        }
        self.expression = expression
        do throws(CELError) {
            parsed = .success(try ParsedExpressions.parse(expression))
        } catch {
            parsed = .failure(error)
        }
        self.message = message
        self.optional = optional
    }

    static func rules(_ directives: [Directive]) -> [CheckRule] {
        directives.filter { $0.name.value == "check" }.map(CheckRule.init)
    }
}

/// The `@check`s and `@redact` of a response key (over all of its merged field nodes).
struct FieldChecks {
    var rules: [CheckRule] = []
    var redact = false

    init(_ fields: [Field]) {
        for field in fields where !field.directives.isEmpty {
            rules += CheckRule.rules(field.directives)
            if field.directives.contains(where: { $0.name.value == "redact" }) { redact = true }
        }
    }

    var isEmpty: Bool { rules.isEmpty && !redact }
}

extension Executor {
    /// Evaluates `@check`s with `this` bound to each occurrence of the field. A failure is a field
    /// error there (propagated like any other) and aborts the later steps (see Executor+Steps).
    func apply(_ checks: FieldChecks, to completed: inout [JSONValue?], fields: [Field], paths: [ResponsePath?]) {
        guard !completed.isEmpty else { return }
        for field in fields { reachedChecks.insert(field.range.start) }
        for index in completed.indices {
            // A value that already failed has its error; there is nothing to test.
            guard let value = completed[index] else { continue }
            if let failure = firstFailure(checks.rules, this: value) {
                record(failure, fields: fields, path: paths[index])
                completed[index] = nil
                checkFailed = true
            }
        }
    }

    /// The failure of the first rule that does not hold for `this`, nil when all hold.
    func firstFailure(_ rules: [CheckRule], this: JSONValue) -> FieldFailure? {
        for rule in rules {
            do throws(CELError) {
                if try !serverValues.condition(rule.parsed.get(), this: this) {
                    return FieldFailure(rule.message, code: "PERMISSION_DENIED")
                }
            } catch {
                return FieldFailure("@check(expr: \"\(rule.expression)\") could not be evaluated: \(error.description).", code: "FAILED_PRECONDITION")
            }
        }
        return nil
    }

    /// Operation-level `@check`s see the whole result as `this`; a failure records an error.
    func passesOperationChecks(_ data: JSONValue?) -> Bool {
        let rules = CheckRule.rules(operation.directives)
        guard !rules.isEmpty else { return true }
        guard let failure = firstFailure(rules, this: data ?? .null) else { return true }
        errors.append(ResponseError(message: failure.message, locations: locations(operation.range), code: failure.code))
        return false
    }
}
