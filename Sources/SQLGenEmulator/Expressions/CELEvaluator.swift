// Evaluates a parsed CEL expression against named bindings (`auth`, `vars`, `request`, `response`,
// `this`). Follows CEL where the emulator needs it, with one deliberate leniency (as Data Connect
// behaves): selecting a missing map key, or any field of null, gives null instead of an error, so
// `auth.uid != nil` is false when signed out and `auth.token.isAdmin == true` is false without
// the claim. `has()` still tells a missing key from a null one.

/// Evaluates CEL expressions over a fixed set of variables.
struct CELEvaluator {
    var bindings: [String: CELValue]

    init(bindings: [String: CELValue]) { self.bindings = bindings }

    /// Parses and evaluates `text` in one step.
    func evaluate(_ text: String) throws(CELError) -> CELValue {
        try evaluate(try CELParser.parse(text))
    }

    func evaluate(_ expression: CELExpression) throws(CELError) -> CELValue {
        let at = expression.position
        switch expression.kind {
        case .literal(let value):
            return .json(value)
        case .bytes(let octets):
            return .bytes(octets)
        case .identifier(let name):
            if let value = bindings[name] { return value }
            // Data Connect's examples write `nil` for null (`auth.uid != nil`).
            if name == "nil" { return .null }
            throw CELError("Unknown variable \"\(name)\"", at: at)
        case .select(let operand, let field):
            let value = try evaluate(operand)
            if value.isNull { return .null }
            guard value.isMap else { throw CELError("Cannot select \"\(field)\" from a value of type \(value.typeName)", at: at) }
            return value.member(field) ?? .null
        case .index(let operand, let indexExpression):
            return try index(try evaluate(operand), try evaluate(indexExpression), at: at)
        case .call(let target, let name, let arguments):
            return try call(target: target, name: name, arguments: arguments, at: at)
        case .list(let items):
            var values: [CELValue] = []
            for item in items { values.append(try evaluate(item)) }
            return .list(values)
        case .map(let entries):
            var values: [(key: String, value: CELValue)] = []
            for entry in entries {
                guard let key = try evaluate(entry.key).string else { throw CELError("Map keys must be strings", at: entry.key.position) }
                if values.contains(where: { $0.key == key }) { throw CELError("Repeated map key \"\(key)\"", at: entry.key.position) }
                values.append((key, try evaluate(entry.value)))
            }
            return .map(values)
        case .unary(let op, let operand):
            let value = try evaluate(operand)
            if op == "!" {
                guard let flag = value.bool else { throw CELError("\"!\" needs a bool, not \(value.typeName)", at: at) }
                return .json(.bool(!flag))
            }
            switch value {
            case .json(.int(let number)):
                guard number != .min else { throw CELError("Integer overflow", at: at) }
                return .json(.int(-number))
            case .json(.double(let number)): return .json(.double(-number))
            default: throw CELError("\"-\" needs a number, not \(value.typeName)", at: at)
            }
        case .binary(let op, let left, let right):
            if op == "&&" || op == "||" { return try logical(op == "&&", left, right, at: at) }
            return try binary(op, try evaluate(left), try evaluate(right), at: at)
        case .conditional(let condition, let then, let otherwise):
            let value = try evaluate(condition)
            guard let flag = value.bool else { throw CELError("The condition of \"?:\" must be a bool, not \(value.typeName)", at: at) }
            return try evaluate(flag ? then : otherwise)
        }
    }

    /// `&&` / `||` with CEL's commutative short-circuit: a deciding operand wins even when the
    /// other side is an error (`false && error` and `error && false` are both false).
    private func logical(_ isAnd: Bool, _ left: CELExpression, _ right: CELExpression, at: Int) throws(CELError) -> CELValue {
        let decisive = !isAnd
        let symbol = isAnd ? "&&" : "||"
        var firstError: CELError?
        do throws(CELError) {
            let value = try evaluate(left)
            guard let flag = value.bool else { throw CELError("\"\(symbol)\" needs bool operands, not \(value.typeName)", at: left.position) }
            if flag == decisive { return .json(.bool(decisive)) }
        } catch {
            firstError = error
        }
        let value = try evaluate(right)
        guard let flag = value.bool else {
            throw firstError ?? CELError("\"\(symbol)\" needs bool operands, not \(value.typeName)", at: right.position)
        }
        if flag == decisive { return .json(.bool(decisive)) }
        if let firstError { throw firstError }
        return .json(.bool(!decisive))
    }

    private func index(_ value: CELValue, _ key: CELValue, at: Int) throws(CELError) -> CELValue {
        if value.isNull { return .null }
        if let items = value.items {
            guard case .json(.int(let position)) = key else { throw CELError("List indices must be ints, not \(key.typeName)", at: at) }
            guard position >= 0, position < items.count else { throw CELError("Index \(position) is out of range (size \(items.count))", at: at) }
            return items[Int(position)]
        }
        if value.isMap {
            guard let name = key.string else { throw CELError("Map keys must be strings, not \(key.typeName)", at: at) }
            return value.member(name) ?? .null
        }
        throw CELError("Cannot index a value of type \(value.typeName)", at: at)
    }

    // MARK: Operators

    private func binary(_ op: String, _ left: CELValue, _ right: CELValue, at: Int) throws(CELError) -> CELValue {
        switch op {
        case "==": return .json(.bool(left.equals(right)))
        case "!=": return .json(.bool(!left.equals(right)))
        case "<", "<=", ">", ">=":
            let order = try compare(left, right, op: op, at: at)
            switch op {
            case "<": return .json(.bool(order < 0))
            case "<=": return .json(.bool(order <= 0))
            case ">": return .json(.bool(order > 0))
            default: return .json(.bool(order >= 0))
            }
        case "in":
            if let items = right.items { return .json(.bool(items.contains { left.equals($0) })) }
            if right.isMap {
                guard let key = left.string else { return .json(.bool(false)) }
                return .json(.bool(right.member(key) != nil))
            }
            throw CELError("\"in\" needs a list or map on the right, not \(right.typeName)", at: at)
        default:
            return try arithmetic(op, left, right, at: at)
        }
    }

    /// -1, 0 or 1; numbers, strings, bools, bytes, timestamps and durations compare among themselves.
    private func compare(_ left: CELValue, _ right: CELValue, op: String, at: Int) throws(CELError) -> Int {
        switch (left, right) {
        case (.json(.int(let a)), .json(.int(let b))): return a < b ? -1 : (a == b ? 0 : 1)
        case (.json(.string(let a)), .json(.string(let b))):
            // Byte order of UTF-8 is code point order, as CEL specifies.
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a == b ? 0 : 1)
        case (.json(.bool(let a)), .json(.bool(let b))): return a == b ? 0 : (a ? 1 : -1)
        case (.bytes(let a), .bytes(let b)): return a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
        default: break
        }
        if let a = left.number, let b = right.number { return a < b ? -1 : (a == b ? 0 : 1) }
        if case .duration(let a) = left, case .duration(let b) = right { return a < b ? -1 : (a == b ? 0 : 1) }
        if case .timestamp = left, let a = left.micros, let b = right.micros { return a < b ? -1 : (a == b ? 0 : 1) }
        if case .timestamp = right, let a = left.micros, let b = right.micros { return a < b ? -1 : (a == b ? 0 : 1) }
        throw CELError("Cannot compare \(left.typeName) \(op) \(right.typeName)", at: at)
    }

    private func arithmetic(_ op: String, _ left: CELValue, _ right: CELValue, at: Int) throws(CELError) -> CELValue {
        if let result = try Self.timeArithmetic(op, left, right, at: at) { return result }
        if case .json(.int(let a)) = left, case .json(.int(let b)) = right {
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case "+": result = a.addingReportingOverflow(b)
            case "-": result = a.subtractingReportingOverflow(b)
            case "*": result = a.multipliedReportingOverflow(by: b)
            case "/", "%":
                guard b != 0 else { throw CELError(op == "/" ? "Division by zero" : "Modulus by zero", at: at) }
                result = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            default: throw CELError("Unknown operator \"\(op)\"", at: at)
            }
            guard !result.overflow else { throw CELError("Integer overflow", at: at) }
            return .json(.int(result.partialValue))
        }
        if op == "+" {
            if let a = left.string, let b = right.string { return .json(.string(a + b)) }
            if let a = left.items, let b = right.items { return .list(a + b) }
            if case .bytes(let a) = left, case .bytes(let b) = right { return .bytes(a + b) }
        }
        if let a = left.number, let b = right.number, op != "%" {
            switch op {
            case "+": return .json(.double(a + b))
            case "-": return .json(.double(a - b))
            case "*": return .json(.double(a * b))
            default: return .json(.double(a / b))
            }
        }
        throw CELError("No operator \"\(op)\" for \(left.typeName) and \(right.typeName)", at: at)
    }

    /// Timestamps and durations: `t ± d`, `d + t`, `t - t`, `d ± d`; nil when neither side is one.
    /// Results must stay within CEL's ranges (years 1 to 9999, durations of ±10,000 years).
    private static func timeArithmetic(_ op: String, _ left: CELValue, _ right: CELValue, at: Int) throws(CELError) -> CELValue? {
        func sum(_ a: Int64, _ b: Int64, _ subtract: Bool) throws(CELError) -> Int64 {
            let result = subtract ? a.subtractingReportingOverflow(b) : a.addingReportingOverflow(b)
            guard !result.overflow else { throw CELError("Time arithmetic overflow", at: at) }
            return result.partialValue
        }
        func timestamp(_ micros: Int64) throws(CELError) -> CELValue {
            guard CELTime.isValidTimestamp(micros) else { throw CELError(CELFunctions.timestampRangeMessage, at: at) }
            return .timestamp(micros)
        }
        func duration(_ micros: Int64) throws(CELError) -> CELValue {
            guard CELTime.isValidDuration(micros) else { throw CELError("Duration out of range (CEL allows ±315576000000s, about 10,000 years)", at: at) }
            return .duration(micros)
        }
        switch (op, left, right) {
        case ("+", .timestamp(let t), .duration(let d)), ("+", .duration(let d), .timestamp(let t)): return try timestamp(try sum(t, d, false))
        case ("-", .timestamp(let t), .duration(let d)): return try timestamp(try sum(t, d, true))
        case ("-", .timestamp(let a), .timestamp(let b)): return try duration(try sum(a, b, true))
        case ("+", .duration(let a), .duration(let b)): return try duration(try sum(a, b, false))
        case ("-", .duration(let a), .duration(let b)): return try duration(try sum(a, b, true))
        default: return nil
        }
    }

    // MARK: Functions and macros

    private func call(target: CELExpression?, name: String, arguments: [CELExpression], at: Int) throws(CELError) -> CELValue {
        if let target, ["all", "exists", "exists_one", "map", "filter"].contains(name) {
            return try comprehension(name, over: try evaluate(target), arguments, at: at)
        }
        if target == nil, name == "has" {
            guard arguments.count == 1, case .select(let operand, let field) = arguments[0].kind else {
                throw CELError("has() needs a field selection such as has(vars.status)", at: at)
            }
            let value = try evaluate(operand)
            if value.isNull { return .json(.bool(false)) }
            guard value.isMap else { throw CELError("has() cannot test a field of \(value.typeName)", at: at) }
            return .json(.bool(value.member(field) != nil))
        }
        var values: [CELValue] = []
        if let target { values.append(try evaluate(target)) }
        for argument in arguments { values.append(try evaluate(argument)) }
        return try CELFunctions.call(name, values, isMethod: target != nil, at: at)
    }

    /// `list.all(x, p)`, `exists`, `exists_one`, `filter(x, p)`, `map(x, e)` / `map(x, p, e)`; maps iterate their keys.
    private func comprehension(_ name: String, over range: CELValue, _ arguments: [CELExpression], at: Int) throws(CELError) -> CELValue {
        let expected = name == "map" ? [2, 3] : [2]
        guard expected.contains(arguments.count), case .identifier(let variable) = arguments[0].kind else {
            throw CELError("\(name)() needs a variable name and \(name == "map" ? "an expression" : "a condition")", at: at)
        }
        let elements: [CELValue]
        if let items = range.items {
            elements = items
        } else if let keys = range.keys {
            elements = keys.map { .json(.string($0)) }
        } else {
            throw CELError("\(name)() needs a list or map, not \(range.typeName)", at: at)
        }
        var scope = self
        func test(_ element: CELValue, _ expression: CELExpression) throws(CELError) -> Bool {
            scope.bindings[variable] = element
            let value = try scope.evaluate(expression)
            guard let flag = value.bool else { throw CELError("The condition of \(name)() must be a bool, not \(value.typeName)", at: expression.position) }
            return flag
        }
        switch name {
        case "all":
            for element in elements where try !test(element, arguments[1]) { return .json(.bool(false)) }
            return .json(.bool(true))
        case "exists":
            for element in elements where try test(element, arguments[1]) { return .json(.bool(true)) }
            return .json(.bool(false))
        case "exists_one":
            var count = 0
            for element in elements where try test(element, arguments[1]) { count += 1 }
            return .json(.bool(count == 1))
        case "filter":
            var kept: [CELValue] = []
            for element in elements where try test(element, arguments[1]) { kept.append(element) }
            return .list(kept)
        default:
            var mapped: [CELValue] = []
            for element in elements {
                if arguments.count == 3, try !test(element, arguments[1]) { continue }
                scope.bindings[variable] = element
                mapped.append(try scope.evaluate(arguments[arguments.count - 1]))
            }
            return .list(mapped)
        }
    }
}
