// Values the server computes: CEL expressions (`_expr` arguments, `@default(expr:)`, `@auth(expr:)`,
// `@check(expr:)`) over the request's bindings, and relative dates and times
// (`{today: true, sub: {days: 7}}`).

import SQLGenJSON

struct ServerValues {
    /// The caller's user id (from the bearer token), nil when signed out.
    var authUID: String?
    /// `auth.token`: the caller's claims.
    var claims: JSONValue = .object([])
    /// `request.time` in microseconds since the epoch, fixed for the whole request.
    var requestTime: Int64
    /// `request.operationName`: documented by Data Connect as the operation type (`query` / `mutation`).
    var operationName = ""
    /// `vars` / `request.variables`: the coerced variables (set once coercion is done).
    var variables: [String: JSONValue] = [:]
    /// `response`: the root fields a mutation has completed so far, redacted ones included.
    var response: [JSONMember] = []

    init(authUID: String?, claims: JSONValue = .object([]), requestTime: Int64) {
        self.authUID = authUID
        self.claims = claims
        self.requestTime = requestTime
    }

    /// The variables an expression reading `roots` sees; `this` only inside `@check`.
    private func bindings(this: JSONValue? = nil, roots: Set<String>) -> [String: CELValue] {
        let wanted = roots.contains
        var result: [String: CELValue] = [:]
        let auth: CELValue = authUID.map { .json(.object([JSONMember("uid", .string($0)), JSONMember("token", claims)])) } ?? .null
        let needsVars = wanted("vars") || wanted("request")
        let vars = needsVars ? CELValue.json(.object(variables.keys.sorted().map { JSONMember($0, variables[$0] ?? .null) })) : .null
        if wanted("auth") { result["auth"] = auth }
        if wanted("vars") { result["vars"] = vars }
        if wanted("request") {
            result["request"] = .map([("time", .timestamp(requestTime)), ("operationName", .json(.string(operationName))), ("variables", vars), ("auth", auth)])
        }
        if wanted("response") { result["response"] = .json(.object(response)) }
        if let this, wanted("this") { result["this"] = .json(this) }
        return result
    }

    /// Evaluates a boolean condition (`@auth(expr:)`, `@check(expr:)`); anything but `true` is false.
    func condition(_ expression: String, this: JSONValue? = nil) throws(CELError) -> Bool {
        try condition(try ParsedExpressions.parse(expression), this: this)
    }

    func condition(_ parsed: ParsedExpressions.Entry, this: JSONValue? = nil) throws(CELError) -> Bool {
        try CELEvaluator(bindings: bindings(this: this, roots: parsed.roots)).evaluate(parsed.expression).bool == true
    }

    /// Evaluates a server-value expression for a column of type `typeName`, in wire form.
    func evaluate(_ expression: String, typeName: String) throws(FieldFailure) -> JSONValue {
        let parsed: ParsedExpressions.Entry
        let value: CELValue
        do throws(CELError) {
            parsed = try ParsedExpressions.parse(expression)
            value = try CELEvaluator(bindings: bindings(roots: parsed.roots)).evaluate(parsed.expression)
        } catch {
            throw FieldFailure("The expression \"\(expression)\" failed: \(error.description).")
        }
        if value.isNull, authUID == nil, parsed.roots.contains("auth") {
            throw .unauthenticated("\"\(expression)\" needs a signed-in caller: send \"Authorization: Bearer <token>\".")
        }
        switch value {
        case .timestamp(let micros):
            if typeName == "Date" { return .string(ScalarFormats.formatDate(days: Int(micros >= 0 ? micros / 86_400_000_000 : (micros - 86_399_999_999) / 86_400_000_000))) }
            return .string(ScalarFormats.storedTimestamp(micros: micros))
        case .json(let json):
            try Self.checkType(json, typeName: typeName, expression: expression)
            return json
        default:
            return value.json
        }
    }

    /// A computed value must suit the column: text for String-like types, numbers, bools.
    private static func checkType(_ value: JSONValue, typeName: String, expression: String) throws(FieldFailure) {
        let fits: Bool
        switch (typeName, value) {
        case (_, .null): fits = true
        case ("String", .string), ("UUID", .string), ("Date", .string), ("Timestamp", .string), ("Int64", .string): fits = true
        case ("Int", .int), ("Int64", .int), ("Float", .int), ("Float", .double), ("Boolean", .bool): fits = true
        case ("Any", _), (_, .array): fits = true
        case (_, .string), (_, .int), (_, .double), (_, .bool): fits = !["String", "UUID", "Date", "Timestamp", "Int", "Int64", "Float", "Boolean"].contains(typeName)
        default: fits = false
        }
        guard fits else {
            throw FieldFailure("The expression \"\(expression)\" gives \(CELValue.json(value).typeName), not a \(typeName).")
        }
    }

    /// `Date_Relative`: `today` or `on`, shifted by `add` / `sub`, truncated to WEEK, MONTH or YEAR.
    func relativeDate(_ value: JSONValue) throws(FieldFailure) -> String {
        var days: Int
        if case .string(let on)? = value["on"], let parsed = ScalarFormats.parseDate(on) {
            days = parsed
        } else {
            days = Int(requestTime / 86_400_000_000)
        }
        days = Self.shift(days: days, value["add"], sign: 1)
        days = Self.shift(days: days, value["sub"], sign: -1)
        if case .string(let unit)? = value["truncateTo"] { days = Self.truncate(days: days, unit) }
        return ScalarFormats.formatDate(days: days)
    }

    /// `Timestamp_Relative`: `now` or `at`, shifted by `add` / `sub`, truncated to an interval.
    func relativeTime(_ value: JSONValue) throws(FieldFailure) -> String {
        var micros = requestTime
        if case .string(let at)? = value["at"], let parsed = ScalarFormats.parseTimestamp(at) { micros = parsed }
        for (key, sign) in [("add", Int64(1)), ("sub", Int64(-1))] {
            guard let duration = value[key] else { continue }
            func part(_ name: String) -> Int64 { if case .int(let n)? = duration[name] { return n } else { return 0 } }
            micros += sign * (part("milliseconds") * 1000 + part("seconds") * 1_000_000 + part("minutes") * 60_000_000
                + part("hours") * 3_600_000_000 + (part("days") + 7 * part("weeks")) * 86_400_000_000)
            let months = part("months") + 12 * part("years")
            if months != 0 {
                let day = Int(micros >= 0 ? micros / 86_400_000_000 : (micros - 86_399_999_999) / 86_400_000_000)
                let within = micros - Int64(day) * 86_400_000_000
                micros = Int64(Self.addMonths(days: day, Int(sign * months))) * 86_400_000_000 + within
            }
        }
        if case .string(let unit)? = value["truncateTo"] {
            let day = Int(micros >= 0 ? micros / 86_400_000_000 : (micros - 86_399_999_999) / 86_400_000_000)
            switch unit {
            case "SECOND": micros -= ((micros % 1_000_000) + 1_000_000) % 1_000_000
            case "MINUTE": micros -= ((micros % 60_000_000) + 60_000_000) % 60_000_000
            case "HOUR": micros -= ((micros % 3_600_000_000) + 3_600_000_000) % 3_600_000_000
            case "DAY": micros = Int64(day) * 86_400_000_000
            default: micros = Int64(Self.truncate(days: day, unit)) * 86_400_000_000
            }
        }
        return ScalarFormats.storedTimestamp(micros: micros)
    }

    private static func shift(days: Int, _ duration: JSONValue?, sign: Int) -> Int {
        guard let duration else { return days }
        func part(_ name: String) -> Int { if case .int(let n)? = duration[name] { return Int(n) } else { return 0 } }
        let shifted = days + sign * (part("days") + 7 * part("weeks"))
        return addMonths(days: shifted, sign * (part("months") + 12 * part("years")))
    }

    /// Adds calendar months, clamping the day to the target month's length.
    static func addMonths(days: Int, _ months: Int) -> Int {
        guard months != 0 else { return days }
        let (year, month, day) = ScalarFormats.civil(days: days)
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        return ScalarFormats.days(year: newYear, month: newMonth, day: min(day, ScalarFormats.daysInMonth(year: newYear, month: newMonth)))
    }

    static func truncate(days: Int, _ unit: String) -> Int {
        let (year, month, _) = ScalarFormats.civil(days: days)
        switch unit {
        case "WEEK":
            // Weeks start on Monday; 1970-01-01 was a Thursday.
            let weekday = ((days + 3) % 7 + 7) % 7
            return days - weekday
        case "MONTH": return ScalarFormats.days(year: year, month: month, day: 1)
        case "YEAR": return ScalarFormats.days(year: year, month: 1, day: 1)
        default: return days
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars = scalars.dropFirst() }
        while scalars.last?.isWhitespace == true { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
