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

    /// By operation name: one lookup per operation and run, and one entry per name.
    private var entries: [String: (key: Key, entry: Entry, run: Int)] = [:]
    private var run = 0
    /// The package's other files.
    let sharedFiles = SharedFilesCache()

    /// Starts a run: entries the previous run did not use are dropped.
    func beginRun() {
        let previous = run
        if entries.contains(where: { $0.value.run != previous }) { entries = entries.filter { $0.value.run == previous } }
        run += 1
    }

    /// The entry of the operation named `name`, whatever its key.
    func entry(named name: String) -> Entry? {
        entries[name]?.entry
    }

    func contains(_ key: Key) -> Bool {
        entries[key.name]?.key == key
    }

    func entry(for key: Key, build: () -> Entry) -> Entry {
        if let index = entries.index(forKey: key.name), entries.values[index].key == key {
            entries.values[index].run = run
            return entries.values[index].entry
        }
        let entry = build()
        entries[key.name] = (key, entry, run)
        return entry
    }

    /// Renders, on every core, the files of `operations` not rendered yet.
    func renderMissingFiles(of operations: [OperationIR], render: @escaping @Sendable (OperationIR) -> GeneratedFile) {
        let missing = operations.filter { entries[$0.name]?.entry.file == nil }
        for (operation, file) in zip(missing, missing.concurrentMap(render)) { entries[operation.name]?.entry.file = file }
    }

    /// The operation's rendered file, rendered once per key.
    func file(for operation: OperationIR, render: (OperationIR) -> GeneratedFile) -> GeneratedFile {
        guard let known = entries[operation.name] else { return render(operation) }
        if let file = known.entry.file { return file }
        let file = render(operation)
        entries[operation.name]?.entry.file = file
        return file
    }
}
