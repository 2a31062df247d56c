// AEM's `sort` argument: "price DESC, title" — comma-separated field paths (dots follow fragment
// references: "authorFragment.lastName"), each ASC (default) or DESC. Missing values sort last;
// the fragment path breaks ties (AEM's default order).

import SQLGenJSON

struct AEMSortKey: Equatable {
    var path: [String]
    var descending: Bool

    /// Parses a sort string; the error names the bad part.
    static func parse(_ text: String) -> Result<[AEMSortKey], AEMSortError> {
        var keys: [AEMSortKey] = []
        for part in text.split(separator: ",") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let field = words.first, words.count <= 2 else { return .failure(AEMSortError(part: String(part))) }
            var descending = false
            if words.count == 2 {
                switch words[1].uppercased() {
                case "ASC": descending = false
                case "DESC": descending = true
                default: return .failure(AEMSortError(part: String(part)))
                }
            }
            keys.append(AEMSortKey(path: field.split(separator: ".").map(String.init), descending: descending))
        }
        return .success(keys)
    }
}

struct AEMSortError: Error {
    var part: String
}

enum AEMSort {
    /// Sorts fragments by the keys; `value` reads a key path of a fragment.
    static func sort(_ fragments: [AEMFragment], by keys: [AEMSortKey], value: (AEMFragment, [String]) -> JSONValue) -> [AEMFragment] {
        guard !keys.isEmpty else { return fragments }
        let decorated = fragments.map { fragment in (fragment, keys.map { value(fragment, $0.path) }) }
        return decorated.sorted { left, right in
            for (index, key) in keys.enumerated() {
                let order = compare(left.1[index], right.1[index])
                if order != 0 { return key.descending ? order > 0 : order < 0 }
            }
            return left.0.path < right.0.path
        }.map(\.0)
    }

    /// Numbers numerically, text as text, null after everything.
    static func compare(_ left: JSONValue, _ right: JSONValue) -> Int {
        switch (left, right) {
        case (.null, .null): return 0
        case (.null, _): return 1
        case (_, .null): return -1
        default: break
        }
        if let a = AEMFilter.number(left), let b = AEMFilter.number(right), !isText(left) || !isText(right) {
            return a < b ? -1 : a > b ? 1 : 0
        }
        if case .bool(let a) = left, case .bool(let b) = right { return a == b ? 0 : (a ? 1 : -1) }
        let a = AEMFilter.text(left) ?? left.jsonText
        let b = AEMFilter.text(right) ?? right.jsonText
        return a < b ? -1 : a > b ? 1 : 0
    }

    private static func isText(_ value: JSONValue) -> Bool {
        if case .string = value { return true }
        return false
    }
}
