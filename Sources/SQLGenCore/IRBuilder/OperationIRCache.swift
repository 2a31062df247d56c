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

    /// One operation's entry, by reference: a run's lookups copy no IR.
    final class Slot {
        let key: Key
        var entry: Entry
        fileprivate(set) var run: Int

        init(key: Key, entry: Entry, run: Int) {
            (self.key, self.entry, self.run) = (key, entry, run)
        }
    }

    /// By operation name: one lookup per operation and run, and one entry per name.
    private var entries: [String: Slot] = [:]
    private var run = 0
    /// Entries the current run used: when all were, none is dropped and none need visiting.
    private var used = 0
    /// The package's other files.
    let sharedFiles = SharedFilesCache()

    /// An operation of the validated documents: its name and where it is.
    struct NamedOperation: Equatable {
        var name: String
        var document: Int
        var definition: Int
    }

    /// The operations of the last build, in document order and sorted by name: a run whose
    /// operations are the same, in the same places, sorts nothing.
    var lastOrder: (unsorted: [NamedOperation], sorted: [NamedOperation])?

    /// Starts a run: entries the previous run did not use are dropped.
    func beginRun() {
        let previous = run
        if used != entries.count { entries = entries.filter { $0.value.run == previous } }
        run += 1
        used = 0
    }

    /// How many operations are kept.
    var count: Int { entries.count }

    /// The entry of the operation named `name`, whatever its key.
    func entry(named name: String) -> Entry? {
        entries[name]?.entry
    }

    func contains(_ key: Key) -> Bool {
        entries[key.name]?.key == key
    }

    func entry(for key: Key, build: () -> Entry) -> Entry {
        slot(for: key, build: build).entry
    }

    /// The slot of `key`'s entry, built when missing: its IR is read in place, not copied out.
    func slot(for key: Key, build: () -> Entry) -> Slot {
        let known = entries[key.name]
        if let known, known.key == key {
            if known.run != run {
                used += 1
                known.run = run
            }
            return known
        }
        if known?.run != run { used += 1 }
        let made = Slot(key: key, entry: build(), run: run)
        entries[key.name] = made
        return made
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
        known.entry.file = file
        return file
    }
}

/// What operations' IR depends on besides the schema and settings, when known without printing
/// them: by document (every operation of a document depends on the same files) or by name.
struct OperationSignatures {
    var byName: [String: String] = [:]
    /// Indexed as the validated documents; used instead of `byName` when not empty.
    var byDocument: [String?] = []

    func of(_ name: String, document: Int) -> String? {
        byDocument.isEmpty ? (byName.isEmpty ? nil : byName[name]) : byDocument[document]
    }
}
