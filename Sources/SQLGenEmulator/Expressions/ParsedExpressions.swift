import Synchronization

/// CEL expressions parsed once per text: a table's `@default(expr:)` and an operation's checks
/// run on every request, and parsing them each time showed in an insert's profile.
enum ParsedExpressions {
    struct Entry: Sendable {
        let expression: CELExpression
        /// The bindings it reads (`auth`, `vars`, `request`, `response`, `this`): the others are not built.
        let roots: Set<String>
    }

    /// Ad-hoc documents may bring any number of texts: past this many the cache starts over.
    private static let limit = 4096
    private static let entries = Mutex<[String: Entry]>([:])

    static func parse(_ text: String) throws(CELError) -> Entry {
        if let kept = entries.withLock({ $0[text] }) { return kept }
        let expression = try CELParser.parse(text)
        let entry = Entry(expression: expression, roots: Set(["auth", "vars", "request", "response", "this"].filter(expression.references)))
        entries.withLock { cache in
            if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
            cache[text] = entry
        }
        return entry
    }
}
