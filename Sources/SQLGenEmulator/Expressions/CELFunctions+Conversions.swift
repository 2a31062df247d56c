// CEL's type conversions: timestamp(), duration(), int(), double(), string(), bytes(), dyn().

extension CELFunctions {
    /// The converted value, or nil when `name` is not a conversion.
    static func conversion(_ name: String, _ values: [CELValue], isMethod: Bool, at: Int) throws(CELError) -> CELValue? {
        let convert: (CELValue, Int) throws(CELError) -> CELValue
        switch name {
        case "timestamp": convert = toTimestamp
        case "duration": convert = toDuration
        case "int": convert = toInt
        case "double": convert = toDouble
        case "string": convert = toString
        case "bytes": convert = toBytes
        case "dyn": convert = { value, _ in value }
        default: return nil
        }
        guard values.count == 1 else { throw arityError(name, 1, isMethod: isMethod, at: at) }
        return try convert(values[0], at)
    }

    private static func toTimestamp(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        switch value {
        case .timestamp: return value
        case .json(.string(let text)):
            guard let micros = ScalarFormats.parseTimestamp(text) else {
                throw CELError("timestamp() needs RFC 3339 text such as \"2024-01-01T00:00:00Z\"", at: at)
            }
            guard CELTime.isValidTimestamp(micros) else { throw CELError(timestampRangeMessage, at: at) }
            return .timestamp(micros)
        case .json(.int(let seconds)):
            // Checking the range first keeps the conversion to microseconds from overflowing.
            guard seconds >= CELTime.minSeconds, seconds <= CELTime.maxSeconds else { throw CELError(timestampRangeMessage, at: at) }
            return .timestamp(seconds * 1_000_000)
        default: throw CELError("timestamp() needs RFC 3339 text or Unix seconds, not \(value.typeName)", at: at)
        }
    }

    private static func toDuration(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        if case .duration = value { return value }
        guard let text = value.string, let micros = CELValue.parseDuration(text) else {
            throw CELError("duration() needs text such as \"1h30m\", \"90s\" or \"250ms\"", at: at)
        }
        return .duration(micros)
    }

    private static func toInt(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        switch value {
        case .json(.int): return value
        case .json(.double(let number)):
            guard number.isFinite, number >= -9.223372036854775e18, number <= 9.223372036854775e18 else { throw CELError("int() overflow", at: at) }
            return .json(.int(Int64(number)))
        case .json(.string(let text)):
            guard let number = Int64(text) else { throw CELError("int() cannot convert \"\(text)\"", at: at) }
            return .json(.int(number))
        case .timestamp(let micros):
            return .json(.int(CELTime.floorDivide(micros, 1_000_000)))
        default: throw CELError("int() cannot convert \(value.typeName)", at: at)
        }
    }

    private static func toDouble(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        if let number = value.number { return .json(.double(number)) }
        if let text = value.string, let number = Double(text) { return .json(.double(number)) }
        throw CELError("double() cannot convert \(value.typeName)", at: at)
    }

    private static func toString(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        switch value {
        case .json(.string): return value
        case .json(.int(let number)): return .json(.string(String(number)))
        case .json(.double(let number)): return .json(.string(String(number)))
        case .json(.bool(let flag)): return .json(.string(flag ? "true" : "false"))
        case .timestamp(let micros): return .json(.string(ScalarFormats.wireTimestamp(ScalarFormats.storedTimestamp(micros: micros))))
        case .duration(let micros): return .json(.string(CELValue.durationText(micros)))
        case .bytes(let octets):
            guard let text = String(validating: octets, as: UTF8.self) else { throw CELError("string() needs bytes that are valid UTF-8", at: at) }
            return .json(.string(text))
        default: throw CELError("string() cannot convert \(value.typeName)", at: at)
        }
    }

    private static func toBytes(_ value: CELValue, at: Int) throws(CELError) -> CELValue {
        switch value {
        case .bytes: return value
        case .json(.string(let text)): return .bytes(Array(text.utf8))
        default: throw CELError("bytes() cannot convert \(value.typeName)", at: at)
        }
    }

    static let timestampRangeMessage = "Timestamp out of range (CEL allows 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z)"
}
