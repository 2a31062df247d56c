// The native SQL root fields of Data Connect (`_select`, `_selectFirst` on Query; `_execute`,
// `_executeReturning`, `_executeReturningFirst` on Mutation) and the documented rules for their
// SQL: a string literal in the operation, positional parameters `$1..$n` matching `params`, block
// comments only, one statement, no DDL; queries read only; the RETURNING fields take no
// data-modifying CTE. https://firebase.google.com/docs/data-connect/native-sql

import SQLGenLanguage
import SQLGenSchema

/// One of the native SQL root fields.
public enum NativeSQLField: String, Sendable, CaseIterable {
    case select = "_select"
    case selectFirst = "_selectFirst"
    case execute = "_execute"
    case executeReturning = "_executeReturning"
    case executeReturningFirst = "_executeReturningFirst"

    /// The internal directive marking these fields in the prelude.
    public static let directiveName = "fdc_nativeSQL"

    /// The native SQL field `definition` stands for: named like one and marked with `@fdc_nativeSQL`.
    public init?(definitionName name: String, directives: [Directive]) {
        // Most fields do not start with "_": skip them before comparing names.
        guard name.utf8.first == UInt8(ascii: "_"), let field = NativeSQLField(rawValue: name), directives.contains(where: { $0.name.value == Self.directiveName }) else { return nil }
        self = field
    }

    /// `_select` and `_selectFirst` read; the others change data.
    public var isReadOnly: Bool { self == .select || self == .selectFirst }

    /// Whether the result is one row (or null) rather than a list.
    public var returnsOneRow: Bool { self == .selectFirst || self == .executeReturningFirst }

    private static let ddl: Set<String> = ["CREATE", "ALTER", "DROP", "TRUNCATE", "GRANT", "REVOKE", "COMMENT", "REINDEX", "VACUUM", "CLUSTER", "ATTACH", "DETACH"]
    private static let dml: Set<String> = ["INSERT", "UPDATE", "DELETE", "MERGE"]

    /// The problems with `sql` for this field, as messages; `parameterCount` is the number of
    /// `params` values when known (a list literal, or the values at run time).
    public func problems(_ sql: NativeSQLText, parameterCount: Int?) -> [String] {
        var problems: [String] = []
        let field = "\"\(rawValue)\""
        if sql.isUnterminated {
            problems.append("The SQL of \(field) has an unterminated string, quoted identifier or comment.")
        }
        if sql.hasLineComment {
            problems.append("The SQL of \(field) has a line comment (\"--\"), which Data Connect forbids; use a block comment /* ... */.")
        }
        if let named = sql.namedParameters.first {
            problems.append("The SQL of \(field) uses the named parameter \"\(named)\"; use positional parameters $1, $2, ... in the order of \"params\".")
        }
        if sql.hasSeveralStatements {
            problems.append("The SQL of \(field) must hold one statement.")
        }
        guard let first = sql.firstWord else {
            problems.append("The SQL of \(field) is empty.")
            return problems
        }
        if Self.ddl.contains(first) {
            problems.append("The SQL of \(field) is a DDL statement (\"\(first)\"); change the schema in GraphQL (schema.gql) instead.")
            return problems
        }
        switch self {
        case .select, .selectFirst:
            if !["SELECT", "TABLE", "WITH", "VALUES"].contains(first) {
                problems.append("\(field) runs read-only SQL, which must start with SELECT, TABLE or WITH, not \"\(first)\"; change data with a mutation's \"_execute\".")
            } else if let write = Self.dataModifyingWord(in: sql) {
                problems.append("\(field) runs read-only SQL, but this SQL holds \"\(write)\"; change data with a mutation's \"_execute\".")
            }
        case .execute:
            break
        case .executeReturning, .executeReturningFirst:
            if first == "WITH", let write = Self.dataModifyingWord(in: sql, nestedOnly: true) {
                problems.append("\(field) does not support data-modifying CTEs (\"WITH ... \(write)\"); use \"_execute\".")
            }
            if !sql.words.contains(where: { $0.text == "RETURNING" }) {
                problems.append("\(field) returns the rows of a RETURNING clause, and this SQL has none; add one, or use \"_execute\" for a row count.")
            }
        }
        problems += parameterProblems(sql, parameterCount: parameterCount)
        return problems
    }

    private func parameterProblems(_ sql: NativeSQLText, parameterCount: Int?) -> [String] {
        var problems: [String] = []
        let field = "\"\(rawValue)\""
        let used = Set(sql.parameters.map(\.number))
        if used.contains(0) {
            problems.append("The SQL of \(field) uses $0; positional parameters start at $1.")
        }
        guard let parameterCount else { return problems }
        if let highest = used.max(), highest > parameterCount {
            let values = parameterCount == 1 ? "1 value" : "\(parameterCount) values"
            problems.append("The SQL of \(field) uses $\(highest), but \"params\" has \(values).")
        }
        if parameterCount > 0 {
            for number in 1...parameterCount where !used.contains(number) {
                problems.append("The SQL of \(field) never uses $\(number) (unused parameter: $\(number)); remove it from \"params\" or use it.")
            }
        }
        return problems
    }

    /// `INSERT`, `UPDATE`, `DELETE` or `MERGE` used as a statement (not `FOR UPDATE` / `FOR NO KEY UPDATE` locking).
    /// With `nestedOnly`, only inside parentheses (a CTE's body).
    private static func dataModifyingWord(in sql: NativeSQLText, nestedOnly: Bool = false) -> String? {
        let words = sql.words
        for (index, word) in words.enumerated() where dml.contains(word.text) && (!nestedOnly || word.depth > 0) {
            if word.text == "UPDATE", index > 0, ["FOR", "KEY"].contains(words[index - 1].text) { continue }
            return word.text
        }
        return nil
    }
}
