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
        /// Set when another slot took this one's name: positional lookups then pass it by.
        fileprivate(set) var replaced = false

        init(key: Key, entry: Entry, run: Int) {
            (self.key, self.entry, self.run) = (key, entry, run)
        }
    }

    /// By operation name: one lookup per operation and run, and one entry per name.
    private var entries: [String: Slot] = [:]
    private var run = 0
    /// Entries the current run used: when all were, none is dropped and none need visiting.
    private var used = 0
    /// The slots by their operation's place in the build's order, this run's and the last run's:
    /// a run building the same operations finds each at its place, hashing no name.
    private var byPlace: [Slot?] = []
    private var previousByPlace: [Slot?] = []
    /// This run's slots in the IR's order, and how far `file(for:)` went through them.
    private var inOrder: [Slot] = []
    private var fileCursor = 0
    /// The package's other files.
    let sharedFiles = SharedFilesCache()
    /// The operations' group files, joined from the operations' files.
    private(set) var groupFiles = GroupFilesCache()
    /// The groups the operations' files were rendered for.
    private var groups: OperationFileGroups?

    /// Renders the operations' files for `groups` from now on: files rendered for other groups
    /// (another operation count) are at other paths, and are dropped.
    func useGroups(_ groups: OperationFileGroups) {
        guard groups != self.groups else { return }
        if self.groups != nil {
            for slot in entries.values { slot.entry.file = nil }
            groupFiles = GroupFilesCache()
        }
        self.groups = groups
    }

    /// An operation of the validated documents: its name and where it is.
    struct NamedOperation: Equatable {
        var name: String
        var document: Int
        var definition: Int
        /// Named and not a subscription: the builder makes IR of it.
        var buildable: Bool
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
        (previousByPlace, byPlace, inOrder, fileCursor) = (byPlace, [], [], 0)
        byPlace.reserveCapacity(previousByPlace.count)
        inOrder.reserveCapacity(previousByPlace.count)
    }

    /// How many operations are kept.
    var count: Int { entries.count }

    /// The entry of the operation named `name`, whatever its key.
    func entry(named name: String) -> Entry? {
        entries[name]?.entry
    }

    /// The slot kept for `name`: the one at `place` in the last run's order when it is that
    /// operation's, else the one found by name.
    private func known(_ name: String, at place: Int?) -> Slot? {
        if let place, place < previousByPlace.count, let slot = previousByPlace[place], !slot.replaced, slot.key.name == name { return slot }
        return entries[name]
    }

    /// Whether `key`'s entry is kept; `place` is the operation's in the build's order.
    func contains(_ key: Key, at place: Int? = nil) -> Bool {
        kept(key, at: place) != nil
    }

    /// The slot kept for `key`, if any, not yet taken for this run (`use` takes it).
    func kept(_ key: Key, at place: Int? = nil) -> Slot? {
        guard let slot = known(key.name, at: place), slot.key == key else { return nil }
        return slot
    }

    func entry(for key: Key, build: () -> Entry) -> Entry {
        slot(for: key, build: build).entry
    }

    /// The slot of `key`'s entry, built when missing: its IR is read in place, not copied out.
    /// `place` is the operation's in the build's order (the same from run to run while the
    /// operations are), and the IR's operations take their slots in the IR's order.
    func slot(for key: Key, at place: Int? = nil, build: () -> Entry) -> Slot {
        if let slot = kept(key, at: place) { return use(slot, at: place) }
        let known = known(key.name, at: place)
        if known?.run != run { used += 1 }
        let made = Slot(key: key, entry: build(), run: run)
        entries[key.name]?.replaced = true
        entries[key.name] = made
        return taken(made, at: place)
    }

    /// Takes `slot`, found by `kept` this run, as `slot(for:)` takes a kept one.
    func use(_ slot: Slot, at place: Int?) -> Slot {
        if slot.run != run {
            used += 1
            slot.run = run
        }
        return taken(slot, at: place)
    }

    private func taken(_ slot: Slot, at place: Int?) -> Slot {
        if let place {
            while byPlace.count <= place { byPlace.append(nil) }
            byPlace[place] = slot
        }
        inOrder.append(slot)
        return slot
    }

    /// This run's slot of the IR's operation number `index`.
    private func current(_ name: String, at index: Int) -> Slot? {
        if index < inOrder.count, !inOrder[index].replaced, inOrder[index].key.name == name { return inOrder[index] }
        return entries[name]
    }

    /// Renders, on every core, the files of `operations` (the IR's) not rendered yet.
    func renderMissingFiles(of operations: [OperationIR], render: @escaping @Sendable (OperationIR) -> GeneratedFile) {
        let missing = operations.indices.compactMap { index in
            current(operations[index].name, at: index).flatMap { $0.entry.file == nil ? $0 : nil }
        }
        for (slot, file) in zip(missing, missing.map(\.entry.operation).concurrentMap(render)) { slot.entry.file = file }
    }

    /// The operation's rendered file, rendered once per key; asked for in the IR's order, each
    /// is found at its place.
    func file(for operation: OperationIR, render: (OperationIR) -> GeneratedFile) -> GeneratedFile {
        let known = current(operation.name, at: fileCursor)
        fileCursor += 1
        guard let known else { return render(operation) }
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
