// SQL functions registered on every emulator connection, for what SQLite lacks and Data Connect
// (PostgreSQL) has: regular-expression matching (`~`, `~*`) and pgvector distances.

import CSQLite
import Foundation

enum SQLFunctions {
    /// Registers `sqlgen_regexp(text, pattern, ignoreCase)` and `sqlgen_vector_distance(a, b, method)`.
    static func register(_ handle: OpaquePointer) -> Int32 {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        let code = sqlite3_create_function_v2(handle, "sqlgen_regexp", 3, flags, nil, { context, count, arguments in
            SQLFunctions.regexp(context, count, arguments)
        }, nil, nil, nil)
        guard code == SQLITE_OK else { return code }
        return sqlite3_create_function_v2(handle, "sqlgen_vector_distance", 3, flags, nil, { context, count, arguments in
            SQLFunctions.vectorDistance(context, count, arguments)
        }, nil, nil, nil)
    }

    /// A text argument, nil when NULL.
    static func text(_ value: OpaquePointer?) -> String? {
        guard sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }
}
