// How PostgreSQL's text form of a result column becomes a `Cell` of the kinds the executor reads
// (SQLite's storage classes): numbers and booleans as integers and reals, `uuid` as 32 hex digits,
// `timestamptz` in the stored form (`2024-05-01T10:00:00.000000Z`), arrays as JSON text, and
// everything else (text, `date`, `jsonb`, `vector`) as its text. Decided once per column, from
// the column's type.

/// What a column's values are read as.
enum PostgreSQLCellForm: Equatable {
    /// The text form as it is.
    case text
    case integer
    case real
    /// `numeric`: an integer when it has no fraction and fits, else a real.
    case numeric
    case boolean
    case uuid
    case timestamp
    case bytea
    /// A one-dimensional array as a JSON array, its elements read as `element`.
    case array(PostgreSQLElementForm)

    /// The form of a column of type `oid` (`pg_type.oid`).
    init(type oid: UInt32) {
        switch oid {
        case 16: self = .boolean
        case 20, 21, 23, 26: self = .integer
        case 700, 701: self = .real
        case 1700: self = .numeric
        case 2950: self = .uuid
        case 1114, 1184: self = .timestamp
        case 17: self = .bytea
        default:
            if let element = PostgreSQLElementForm(arrayType: oid) {
                self = .array(element)
            } else {
                self = .text
            }
        }
    }
}

/// How an array's elements are written in JSON.
enum PostgreSQLElementForm: Equatable {
    /// Written as they are (a JSON number), or null when not finite.
    case number
    case boolean
    case text
    case uuid
    case timestamp
    /// `jsonb` elements: their text is JSON already.
    case json

    /// The element form of the array type `oid`, nil when it is not an array type the emulator stores.
    init?(arrayType oid: UInt32) {
        switch oid {
        case 1005, 1007, 1016, 1021, 1022, 1231: self = .number
        case 1000: self = .boolean
        case 1009, 1014, 1015, 1182: self = .text
        case 2951: self = .uuid
        case 1115, 1185: self = .timestamp
        case 199, 3807: self = .json
        default: return nil
        }
    }
}
