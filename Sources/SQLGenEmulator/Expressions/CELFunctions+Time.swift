// CEL's timestamp and duration accessors: `t.getFullYear()`, `t.getHours("Europe/Paris")`,
// `d.getMinutes()`... Timestamp fields are calendar fields in a zone (UTC by default); duration
// fields are totals, truncated toward zero (`duration('-90m').getHours()` is -1).

extension CELFunctions {
    static let timeAccessors: Set<String> = ["getFullYear", "getMonth", "getDayOfYear", "getDate", "getDayOfMonth",
                                             "getDayOfWeek", "getHours", "getMinutes", "getSeconds", "getMilliseconds"]

    /// `target.name()` or `target.name(zone)` for a timestamp (or RFC 3339 text, as stored values come back),
    /// `target.name()` for a duration.
    static func timeAccessor(_ name: String, _ values: [CELValue], isMethod: Bool, at: Int) throws(CELError) -> CELValue {
        func fail(_ message: String) -> CELError { CELError(message, at: at) }
        guard isMethod, let target = values.first else { throw fail("\(name) is a method: write time.\(name)()") }
        if case .duration(let micros) = target {
            guard values.count == 1 else { throw fail("\(name)() takes no time zone on a duration") }
            switch name {
            case "getHours": return .json(.int(micros / 3_600_000_000))
            case "getMinutes": return .json(.int(micros / 60_000_000))
            case "getSeconds": return .json(.int(micros / 1_000_000))
            case "getMilliseconds": return .json(.int(micros / 1_000))
            default: throw fail("\(name)() needs a timestamp, not google.protobuf.Duration")
            }
        }
        guard let micros = target.micros else { throw fail("\(name)() needs a timestamp or duration, not \(target.typeName)") }
        guard values.count <= 2 else { throw fail("\(name)() takes at most one argument, a time zone") }
        var offset = 0
        if values.count == 2 {
            guard let zone = values[1].string else { throw fail("The time zone of \(name)() must be a string, not \(values[1].typeName)") }
            guard let zoneOffset = CELTime.utcOffset(zone: zone, atMicros: micros) else {
                throw fail("Unknown time zone \"\(zone)\" (use \"UTC\", an offset such as \"+05:30\", or an IANA name such as \"America/Los_Angeles\")")
            }
            offset = zoneOffset
        }
        guard CELTime.isValidTimestamp(micros), let fields = CELTime.Fields(micros: micros, offset: offset) else {
            throw fail(timestampRangeMessage)
        }
        let result: Int
        switch name {
        case "getFullYear": result = fields.year
        case "getMonth": result = fields.month - 1
        case "getDayOfYear": result = fields.dayOfYear
        case "getDate": result = fields.day
        case "getDayOfMonth": result = fields.day - 1
        case "getDayOfWeek": result = fields.dayOfWeek
        case "getHours": result = fields.hour
        case "getMinutes": result = fields.minute
        case "getSeconds": result = fields.second
        default: result = fields.millisecond
        }
        return .json(.int(Int64(result)))
    }
}
