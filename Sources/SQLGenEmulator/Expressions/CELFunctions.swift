// CEL's standard functions the emulator supports, plus Data Connect's `uuidV4()`.

enum CELFunctions {
    /// Calls `name`; for methods (`x.size()`) the target is the first value.
    static func call(_ name: String, _ values: [CELValue], isMethod: Bool, at: Int) throws(CELError) -> CELValue {
        func fail(_ message: String) -> CELError { CELError(message, at: at) }
        func arity(_ count: Int) throws(CELError) {
            guard values.count == count else { throw arityError(name, count, isMethod: isMethod, at: at) }
        }
        switch name {
        case "size":
            try arity(1)
            let value = values[0]
            if let text = value.string { return .json(.int(Int64(text.unicodeScalars.count))) }
            if case .bytes(let octets) = value { return .json(.int(Int64(octets.count))) }
            if let items = value.items { return .json(.int(Int64(items.count))) }
            if let keys = value.keys { return .json(.int(Int64(keys.count))) }
            throw fail("size() needs a string, bytes, list or map, not \(value.typeName)")
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
        default:
            if let value = try conversion(name, values, isMethod: isMethod, at: at) { return value }
            if timeAccessors.contains(name) { return try timeAccessor(name, values, isMethod: isMethod, at: at) }
            throw fail("Unknown function \"\(name)\" (the emulator supports size, has, startsWith, endsWith, contains, matches, "
                + "all, exists, exists_one, filter, map, uuidV4, timestamp, duration, int, double, string, bytes, dyn, "
                + "getFullYear, getMonth, getDayOfYear, getDate, getDayOfMonth, getDayOfWeek, getHours, getMinutes, getSeconds, getMilliseconds)")
        }
    }

    /// `x.name() takes N arguments`, counting the arguments as written (a method's target is not one).
    static func arityError(_ name: String, _ count: Int, isMethod: Bool, at: Int) -> CELError {
        let written = isMethod ? "x.\(name)()" : "\(name)()"
        let shown = isMethod ? count - 1 : count
        return CELError("\(written) takes \(shown) argument\(shown == 1 ? "" : "s")", at: at)
    }
}
