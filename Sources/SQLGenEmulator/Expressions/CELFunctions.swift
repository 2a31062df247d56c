// CEL's standard functions the emulator supports, plus Data Connect's `uuidV4()`.

enum CELFunctions {
    /// Calls `name`; for methods (`x.size()`) the target is the first value.
    static func call(_ name: String, _ values: [CELValue], isMethod: Bool, at: Int) throws(CELError) -> CELValue {
        func fail(_ message: String) -> CELError { CELError(message, at: at) }
        func arity(_ count: Int) throws(CELError) {
            guard values.count == count else {
                let written = isMethod ? "x.\(name)()" : "\(name)()"
                throw fail("\(written) takes \(isMethod ? count - 1 : count) argument\((isMethod ? count - 1 : count) == 1 ? "" : "s")")
            }
        }
        switch name {
        case "size":
            try arity(1)
            let value = values[0]
            if let text = value.string { return .json(.int(Int64(text.unicodeScalars.count))) }
            if let items = value.items { return .json(.int(Int64(items.count))) }
            if let keys = value.keys { return .json(.int(Int64(keys.count))) }
            throw fail("size() needs a string, list or map, not \(value.typeName)")
        case "startsWith", "endsWith", "contains", "matches":
            guard isMethod else { throw fail("\(name) is a method: write text.\(name)(...)") }
            try arity(2)
            guard let text = values[0].string, let argument = values[1].string else {
                throw fail("\(name)() works on strings, not \(values[0].typeName) and \(values[1].typeName)")
            }
            switch name {
            case "startsWith": return .json(.bool(text.utf8.starts(with: argument.utf8)))
            case "endsWith": return .json(.bool(text.utf8.reversed().starts(with: argument.utf8.reversed())))
            case "contains": return .json(.bool(argument.isEmpty || text.contains(argument)))
            default:
                let pattern: Regex<AnyRegexOutput>
                do {
                    pattern = try Regex(argument)
                } catch {
                    throw fail("Invalid regular expression \"\(argument)\"")
                }
                return .json(.bool(text.contains(pattern)))
            }
        case "uuidV4":
            try arity(0)
            return .json(.string(ScalarFormats.newUUID()))
        case "timestamp":
            try arity(1)
            if case .timestamp = values[0] { return values[0] }
            guard let text = values[0].string, let micros = ScalarFormats.parseTimestamp(text) else {
                throw fail("timestamp() needs RFC 3339 text such as \"2024-01-01T00:00:00Z\"")
            }
            return .timestamp(micros)
        case "duration":
            try arity(1)
            if case .duration = values[0] { return values[0] }
            guard let text = values[0].string, let micros = CELValue.parseDuration(text) else {
                throw fail("duration() needs text such as \"1h30m\", \"90s\" or \"250ms\"")
            }
            return .duration(micros)
        case "int":
            try arity(1)
            switch values[0] {
            case .json(.int): return values[0]
            case .json(.double(let number)):
                guard number.isFinite, number >= -9.223372036854775e18, number <= 9.223372036854775e18 else { throw fail("int() overflow") }
                return .json(.int(Int64(number)))
            case .json(.string(let text)):
                guard let number = Int64(text) else { throw fail("int() cannot convert \"\(text)\"") }
                return .json(.int(number))
            case .timestamp(let micros):
                return .json(.int(micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000))
            default: throw fail("int() cannot convert \(values[0].typeName)")
            }
        case "double":
            try arity(1)
            if let number = values[0].number { return .json(.double(number)) }
            if let text = values[0].string, let number = Double(text) { return .json(.double(number)) }
            throw fail("double() cannot convert \(values[0].typeName)")
        case "string":
            try arity(1)
            switch values[0] {
            case .json(.string): return values[0]
            case .json(.int(let number)): return .json(.string(String(number)))
            case .json(.double(let number)): return .json(.string(String(number)))
            case .json(.bool(let flag)): return .json(.string(flag ? "true" : "false"))
            case .timestamp(let micros): return .json(.string(ScalarFormats.wireTimestamp(ScalarFormats.storedTimestamp(micros: micros))))
            case .duration(let micros): return .json(.string(CELValue.durationText(micros)))
            default: throw fail("string() cannot convert \(values[0].typeName)")
            }
        case "dyn":
            try arity(1)
            return values[0]
        default:
            throw fail("Unknown function \"\(name)\" (the emulator supports size, has, startsWith, endsWith, contains, matches, "
                + "all, exists, exists_one, filter, map, uuidV4, timestamp, duration, int, double, string)")
        }
    }
}
