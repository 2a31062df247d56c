import SQLGenLanguage

// Persisted operations' names differ by more than case and underscores
//
// A generated client names a type and a file after each operation (`getItem` → `GetItemQuery`),
// so `getItem` and `GetItem`, or `get_item` and `getItem`, would make one type twice, and
// `getitem` and `getItem` two files that file systems ignoring case (macOS, Windows) hold as one.
// Operations of different kinds get different types. Not part of the spec; opt in.
final class PersistedOperationsDistinctNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { .operation }

    private var known = FirstByName<Name>()

    override func enterOperation(_ operation: OperationDefinition) {
        guard let name = operation.name else { return }
        let key = operation.operation.rawValue + " " + Self.folded(name.value)
        if let previous = known.first(key, else: name), previous.value != name.value {
            report("Operations \"\(previous.value)\" and \"\(name.value)\" differ only in case or underscores: a generated client names a type "
                   + "and a file after each, and file systems that ignore case keep only one of the files. Rename one of them.", previous.range, name.range)
        }
    }

    /// The name without underscores, in lower case: equal for names a generated client cannot tell apart.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.compactMap { byte in
            byte == UInt8(ascii: "_") ? nil : (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
        }, as: UTF8.self)
    }
}
