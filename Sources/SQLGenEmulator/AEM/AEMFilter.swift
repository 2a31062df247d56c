// AEM's filter semantics on typed fragment values: `<Model>Filter` combines field filters with
// `_logOp`; each field filter combines its `_expressions`; array fields apply an expression
// with `_apply` (AT_LEAST_ONCE, ALL, ALL_OR_EMPTY, INSTANCES) or match `values` exactly; fragment
// references filter the referenced fragment with the nested model filter.

import SQLGenAEM
import SQLGenJSON
import SQLGenSchema

struct AEMFilter {
    let models: [String: AEMModel]
    /// Looks up a referenced fragment by path.
    let fragmentAt: (String) -> AEMFragment?

    /// Whether `fragment` passes `filter` (a coerced `<Model>Filter` object).
    func matches(_ fragment: AEMFragment, filter: JSONValue) -> Bool {
        guard case .object(let members) = filter, let model = models[fragment.typeName] else { return true }
        var results: [Bool] = []
        for member in members where member.key != "_logOp" && !member.value.isNull {
            switch member.key {
            case "_path": results.append(scalarFilter(.string(fragment.path), member.value, kind: .id))
            case "_id": results.append(scalarFilter(.string(fragment.id), member.value, kind: .id))
            case "_variation": results.append(scalarFilter(.string("master"), member.value, kind: .string))
            case "_tags": results.append(arrayFilter(fragment.tags.map(JSONValue.string), member.value, kind: .string))
            case "_variations": results.append(arrayFilter(fragment.variations.map(JSONValue.string), member.value, kind: .string))
            default:
                guard let field = model.fields.first(where: { $0.name == member.key }) else { continue }
                results.append(fieldFilter(fragment.values[field.name] ?? .null, field: field, filter: member.value))
            }
        }
        return Self.combine(results, filter["_logOp"])
    }

    static func combine(_ results: [Bool], _ logOp: JSONValue?) -> Bool {
        if logOp?.stringValue == "OR" { return results.isEmpty || results.contains(true) }
        return !results.contains(false)
    }

    private func fieldFilter(_ value: JSONValue, field: AEMField, filter: JSONValue) -> Bool {
        switch field.kind {
        case .fragmentReference:
            if field.isMultiple {
                let referenced = (value.arrayValue ?? []).compactMap { $0.stringValue.flatMap(fragmentAt) }
                let match = filter["_match"] ?? .object([])
                return Self.apply(referenced.map { matches($0, filter: match) }, mode: filter["_apply"]?.stringValue, instances: nil)
            }
            guard let path = value.stringValue, let target = fragmentAt(path) else { return false }
            return matches(target, filter: filter)
        case .multiLineText:
            let htmls = field.isMultiple ? (value.arrayValue ?? []) : [value]
            let results = htmls.map { html -> Bool in
                let stored = html.stringValue ?? ""
                let nodes = AEMRichText.parse(stored)
                let format = field.isMultiple ? (filter["_match"] ?? .object([])) : filter
                var formatResults: [Bool] = []
                if let html = format["html"], !html.isNull { formatResults.append(scalarFilter(.string(stored), html, kind: .string)) }
                if let plain = format["plaintext"], !plain.isNull { formatResults.append(scalarFilter(.string(AEMRichText.plaintext(nodes)), plain, kind: .string)) }
                if let markdown = format["markdown"], !markdown.isNull { formatResults.append(scalarFilter(.string(AEMRichText.markdown(nodes)), markdown, kind: .string)) }
                return Self.combine(formatResults, format["_logOp"])
            }
            if field.isMultiple { return Self.apply(results, mode: filter["_apply"]?.stringValue, instances: nil) }
            return results.first ?? false
        case .json, .contentReference:
            return true
        default:
            let kind = ValueKind(field.kind)
            return field.isMultiple ? arrayFilter(value.arrayValue ?? [], filter, kind: kind) : scalarFilter(value, filter, kind: kind)
        }
    }

    // MARK: Scalars

    enum ValueKind {
        case string, id, number, boolean, dateTime, date, time

        init(_ kind: AEMFieldKind) {
            switch kind {
            case .integer, .float: self = .number
            case .boolean: self = .boolean
            case .dateTime: self = .dateTime
            case .date: self = .date
            case .time: self = .time
            default: self = .string
            }
        }
    }

    /// `{_logOp, _expressions: [...]}` on one value.
    func scalarFilter(_ value: JSONValue, _ filter: JSONValue, kind: ValueKind) -> Bool {
        let expressions = filter["_expressions"]?.arrayValue ?? []
        return Self.combine(expressions.map { expression(value, $0, kind: kind) }, filter["_logOp"])
    }

    /// `{_logOp, _expressions: [{value | values, _apply, _instances, _operator}]}` on an array.
    func arrayFilter(_ values: [JSONValue], _ filter: JSONValue, kind: ValueKind) -> Bool {
        let expressions = filter["_expressions"]?.arrayValue ?? []
        let results = expressions.map { expression -> Bool in
            if case .array(let wanted)? = expression["values"] {
                let equal = wanted.count == values.count && zip(wanted, values).allSatisfy { self.expression($1, .object([JSONMember("value", $0)]), kind: kind) }
                let negated = ["EQUALS_NOT", "UNEQUAL", "NOT_AT"].contains(expression["_operator"]?.stringValue ?? "")
                return negated ? !equal : equal
            }
            var instances: Int?
            if case .int(let count)? = expression["_instances"] { instances = Int(count) }
            return Self.apply(values.map { self.expression($0, expression, kind: kind) }, mode: expression["_apply"]?.stringValue, instances: instances)
        }
        return Self.combine(results, filter["_logOp"])
    }

    /// How per-value results count for an array field.
    static func apply(_ results: [Bool], mode: String?, instances: Int?) -> Bool {
        switch mode ?? "AT_LEAST_ONCE" {
        case "ALL": return !results.isEmpty && !results.contains(false)
        case "ALL_OR_EMPTY": return !results.contains(false)
        case "INSTANCES": return results.filter { $0 }.count == (instances ?? 1)
        default: return results.contains(true)
        }
    }

    /// One expression `{value, _operator, _ignoreCase, _sensitiveness}` on one value.
    func expression(_ value: JSONValue, _ expression: JSONValue, kind: ValueKind) -> Bool {
        let wanted = expression["value"] ?? .null
        let op = expression["_operator"]?.stringValue
        switch kind {
        case .string, .id:
            let ignoreCase = expression["_ignoreCase"] == .bool(true)
            // A missing value matches only the negative operators.
            guard var actual = Self.text(value) else { return op == "EQUALS_NOT" || op == "CONTAINS_NOT" }
            guard var target = Self.text(wanted) else { return op == "EQUALS_NOT" }
            if ignoreCase {
                actual = actual.lowercased()
                target = target.lowercased()
            }
            switch op ?? "EQUALS" {
            case "EQUALS_NOT": return actual != target
            case "CONTAINS": return actual.contains(target)
            case "CONTAINS_NOT": return !actual.contains(target)
            case "STARTS_WITH": return actual.hasPrefix(target)
            default: return actual == target
            }
        case .boolean:
            return value == wanted
        case .number:
            guard let actual = Self.number(value), let target = Self.number(wanted) else {
                return op == "UNEQUAL" ? !(value.isNull && wanted.isNull) : value.isNull && wanted.isNull && (op ?? "EQUAL") == "EQUAL"
            }
            let sensitiveness = Self.number(expression["_sensitiveness"] ?? .null) ?? 0
            let equal = abs(actual - target) <= sensitiveness
            switch op ?? "EQUAL" {
            case "UNEQUAL": return !equal
            case "GREATER": return actual > target && !equal
            case "GREATER_EQUAL": return actual >= target || equal
            case "LOWER": return actual < target && !equal
            case "LOWER_EQUAL": return actual <= target || equal
            default: return equal
            }
        case .dateTime, .date, .time:
            guard let actualText = Self.text(value), let targetText = Self.text(wanted) else { return op == "NOT_AT" }
            let order = AEMTime.compare(actualText, targetText)
            switch op ?? "AT" {
            case "NOT_AT": return order != 0
            case "BEFORE": return order < 0
            case "AT_OR_BEFORE": return order <= 0
            case "AFTER": return order > 0
            case "AT_OR_AFTER": return order >= 0
            default: return order == 0
            }
        }
    }

    /// A scalar as text (how filters, sorting and multi-value fields read stored values); nil for null, arrays and objects.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return nil
        }
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text): return Double(text)
        default: return nil
        }
    }
}

/// ISO 8601 dates, times and date-times compared as instants (offsets applied); text that does
/// not parse compares as text.
enum AEMTime {
    static func compare(_ left: String, _ right: String) -> Int {
        if let a = seconds(left), let b = seconds(right) { return a < b ? -1 : a > b ? 1 : 0 }
        return left < right ? -1 : left > right ? 1 : 0
    }

    /// Seconds since 1970 (UTC) for `yyyy-MM-dd`, `HH:mm[:ss[.fff]]` or a date-time with an offset.
    static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ char: Character) -> Bool {
            guard index < bytes.count, bytes[index] == char.asciiValue else { return false }
            index += 1
            return true
        }
        var total = 0.0
        if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") {
            guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2) else { return nil }
            total = Double(ScalarFormats.days(year: year, month: month, day: day)) * 86_400
            guard index < bytes.count else { return total }
            guard expect("T") || expect(" ") else { return nil }
        }
        guard let hour = digits(2), expect(":"), let minute = digits(2) else { return nil }
        total += Double(hour * 3600 + minute * 60)
        if expect(":"), let second = digits(2) { total += Double(second) }
        if expect(".") {
            var scale = 0.1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                total += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        if expect("Z") || index == bytes.count { return total }
        let sign: Double = expect("+") ? 1 : expect("-") ? -1 : 0
        guard sign != 0, let offsetHours = digits(2) else { return nil }
        _ = expect(":")
        let offsetMinutes = digits(2) ?? 0
        return total - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }
}
