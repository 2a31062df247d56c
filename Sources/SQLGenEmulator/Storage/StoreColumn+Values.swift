import SQLGenJSON

extension StoreColumn {
    /// What PostgreSQL's column type refuses, nil when `value` fits: a `Vector @col(size: n)` value
    /// must have n dimensions (a shorter one would make every later similarity query on the table
    /// fail), a `varchar(n)` or `char(n)` string at most n characters.
    func typeProblem(_ value: JSONValue) -> String? {
        if let size = vectorSize, case .array(let items) = value, items.count != size {
            return "\"\(name)\" is a Vector @col(size: \(size)): expected \(size) dimensions, not \(items.count)."
        }
        guard let limit = characterLimit else { return nil }
        // PostgreSQL counts code points, not grapheme clusters.
        for case .string(let text) in isList ? (value.arrayValue ?? []) : [value] where text.unicodeScalars.count > limit {
            return "\"\(name)\" holds at most \(limit) characters (@col(dataType:)), not \(text.unicodeScalars.count): value too long for type character varying(\(limit))."
        }
        return nil
    }

    /// A default the database fills itself (`@default(sql:)`); the others are filled by mutations.
    var hasDatabaseDefault: Bool {
        if case .sql? = defaultValue { return true }
        return false
    }
}
