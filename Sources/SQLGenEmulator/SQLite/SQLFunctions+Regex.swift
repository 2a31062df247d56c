// `sqlgen_regexp(text, pattern, ignoreCase)`: PostgreSQL's `~` / `~*` for `pattern.regex` filters.

import CSQLite
import Foundation

extension SQLFunctions {
    static func compileRegex(_ pattern: String, ignoreCase: Bool) throws -> NSRegularExpression {
        try RegexPattern.compile(pattern, ignoreCase: ignoreCase)
    }

    /// A compiled pattern kept with the statement (SQLite auxiliary data) while the pattern argument is constant.
    private final class RegexBox {
        let regex: NSRegularExpression
        init(_ regex: NSRegularExpression) { self.regex = regex }
    }

    static func regexp(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard count == 3, let arguments else { return sqlite3_result_null(context) }
        guard let subject = text(arguments[0]) else { return sqlite3_result_null(context) }
        let regex: NSRegularExpression
        if let cached = sqlite3_get_auxdata(context, 1) {
            regex = Unmanaged<RegexBox>.fromOpaque(cached).takeUnretainedValue().regex
        } else {
            guard let pattern = text(arguments[1]) else { return sqlite3_result_null(context) }
            do {
                regex = try compileRegex(pattern, ignoreCase: sqlite3_value_int(arguments[2]) != 0)
            } catch {
                return sqlite3_result_error(context, "sqlgen: invalid regular expression", -1)
            }
            sqlite3_set_auxdata(context, 1, Unmanaged.passRetained(RegexBox(regex)).toOpaque()) { pointer in
                guard let pointer else { return }
                Unmanaged<RegexBox>.fromOpaque(pointer).release()
            }
        }
        let range = NSRange(subject.startIndex..., in: subject)
        sqlite3_result_int(context, regex.firstMatch(in: subject, options: [], range: range) == nil ? 0 : 1)
    }
}
