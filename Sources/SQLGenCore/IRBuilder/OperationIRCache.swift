import SQLGenLanguage

/// Each operation's IR and rendered Swift file from earlier runs, for `GeneratorSession`.
///
/// Valid for one schema and one SDK's settings: the owner drops it when either changes.
final class OperationIRCache {
    /// What an operation's IR depends on besides the schema and settings: its printed text with
    /// the fragments it uses, and its names.
    struct Key: Hashable {
        var name: String
        var persistedName: String
        var document: String
    }

    struct Entry {
        var operation: OperationIR
        /// The enums and input objects this operation's variables and results use.
        var enums: [EnumIR]
        var inputObjects: [InputObjectIR]
        var file: GeneratedFile?
    }

    private var entries: [Key: Entry] = [:]
    /// The keys used by the current run, by operation name.
    private var used: [String: Key] = [:]

    /// Starts a run: entries the previous run did not use are dropped.
    func beginRun() {
        let keep = Set(used.values)
        entries = entries.filter { keep.contains($0.key) }
        used = [:]
    }

    func entry(for key: Key, build: () -> Entry) -> Entry {
        used[key.name] = key
        if let entry = entries[key] { return entry }
        let entry = build()
        entries[key] = entry
        return entry
    }

    /// The operation's rendered file, rendered once per key.
    func file(for operation: OperationIR, render: (OperationIR) -> GeneratedFile) -> GeneratedFile {
        guard let key = used[operation.name], let entry = entries[key] else { return render(operation) }
        if let file = entry.file { return file }
        let file = render(operation)
        entries[key]?.file = file
        return file
    }
}
