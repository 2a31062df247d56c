import Foundation
import SQLGenLanguage

/// One SDK's generation in a process that has the record of the previous one: operations whose
/// inputs and generated file are as recorded are neither built nor rendered, and the shared
/// files are assembled from what was recorded of them. Whatever the record cannot vouch for
/// (a changed schema or setting, a new enum or input object, a shared file edited by hand) is
/// done as in a full run, so the package written is always the one a full run writes.
struct RecordedGeneration {
    /// An operation of the validated documents, as the record knows operations.
    struct Planned {
        var name: String
        var kind: OperationIR.Kind
        /// Nil when what the operation depends on is unknown: it is then always built.
        var signature: ContentHash?
    }

    /// What to stage, and what to record once it is written.
    struct Outcome {
        var files: [GeneratedFile]
        /// Package files that hold their contents already.
        var unchanged: [String]
        var noStaleFiles: Bool
        /// The whole connector's IR, when it was built.
        var connector: ConnectorIR?
        var pending: PendingRecord
        /// Operations built, a given-up incremental attempt's included.
        var builtOperationCount = 0
    }

    let directory: String
    let context: ContentHash
    let planned: [Planned]
    let builder: IRBuilder
    let info: IRBuilder.ConnectorInfo
    let endpoint: String?
    let operations: ValidatedOperations

    func run(record: PackageRecord?) -> Outcome {
        var attempted = 0
        if let record, record.context == context, let outcome = incremental(record, built: &attempted) { return outcome }
        var outcome = full()
        outcome.builtOperationCount += attempted
        return outcome
    }

    /// Every operation built and rendered, and recorded with what it uses.
    private func full() -> Outcome {
        let cache = OperationIRCache()
        var signatures: [String: String] = [:]
        for operation in planned { if let signature = operation.signature { signatures[operation.name] = "\(signature)" } }
        var connector = builder.build(info, operations: operations, cache: cache, signatures: OperationSignatures(byName: signatures))
        connector.endpoint = endpoint
        let translator = SDKTranslator(connector: connector)
        cache.renderMissingFiles(of: connector.operations) { translator.operationFile($0) }
        // Each README section is made once: for the record and for the README itself.
        let sections = connector.operations.map(translator.readmeSection)
        let readme = sections.reduce(into: translator.readmeHeader()) { $0 += $1 }
        let files = translator.files(operationFile: { cache.file(for: $0, render: translator.operationFile) },
                                     sharedFiles: { translator.sharedFiles(readme: readme) })
        var pending = PendingRecord(context: context, enums: connector.enums.map(\.name), inputObjects: connector.inputObjects.map(\.name))
        let signatureByName = Dictionary(planned.map { ($0.name, $0.signature) }, uniquingKeysWith: { first, _ in first })
        let groups = translator.operationGroups
        let hashes = Dictionary(files.map { ($0.path, ContentHash($0.contents)) }, uniquingKeysWith: { first, _ in first })
        for (operation, section) in zip(connector.operations, sections) {
            let path = groups.path(of: operation.name)
            pending.add(name: operation.name, kind: operation.kind, signature: signatureByName[operation.name] ?? nil,
                        file: PackageRecord.RecordedFile(path: path, hash: hashes[path] ?? ContentHash(""), fingerprint: nil),
                        readmeSection: section, entry: cache.entry(named: operation.name))
        }
        let operationPaths = Set(pending.operationPaths)
        for file in files where !operationPaths.contains(file.path) { pending.sharedFiles.append((file.path, hashes[file.path] ?? ContentHash(file.contents))) }
        return Outcome(files: files, unchanged: [], noStaleFiles: false, connector: connector, pending: pending,
                       builtOperationCount: connector.operations.count)
    }

    /// The operations the record vouches for reused, the others built; nil when the record
    /// cannot vouch for a file that needs what was not built.
    private func incremental(_ record: PackageRecord, built: inout Int) -> Outcome? {
        let groups = OperationFileGroups(operationCount: planned.count)
        let (reused, rebuilt) = reusable(record, groups: groups)
        // Nothing to reuse, or shared files it would need gone (the package deleted, say): a
        // full run now, not after building every operation once for nothing.
        guard !reused.isEmpty, let enumsAndInputs = trustedEnumsAndInputs(record) else { return nil }
        let cache = OperationIRCache()
        var partial = builder.build(info, operations: operations, cache: cache, only: rebuilt)
        partial.endpoint = endpoint
        built = partial.operations.count
        guard partial.operations.count == rebuilt.count else { return nil }
        // The enums and inputs files hold every one the package uses: unchanged sets, unchanged files.
        let enums = Set(reused.values.flatMap(\.enums)).union(partial.enums.map(\.name)).sorted()
        let inputs = Set(reused.values.flatMap(\.inputObjects)).union(partial.inputObjects.map(\.name)).sorted()
        guard enums == record.enums, inputs == record.inputObjects else { return nil }

        let translator = SDKTranslator(connector: partial)
        // The rebuilt groups hold every operation of theirs, in the IR's order, as in a full run.
        let groupFiles = translator.groupFiles(partial.operations.concurrentMap { translator.operationFile($0, groups: groups) }, join: GeneratedFile.joining)
        let hashes = Dictionary(groupFiles.map { ($0.path, ContentHash($0.contents)) }, uniquingKeysWith: { first, _ in first })
        var outcome = Outcome(files: groupFiles, unchanged: [], noStaleFiles: false, connector: nil,
                              pending: PendingRecord(context: context, enums: enums, inputObjects: inputs), builtOperationCount: built)
        let built = Dictionary(partial.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var readme = translator.readmeHeader()
        var unchanged: Set<String> = []
        for operation in planned {
            if let known = reused[operation.name] {
                if unchanged.insert(known.file.path).inserted { outcome.unchanged.append(known.file.path) }
                readme += known.readmeSection
                outcome.pending.operations.append(known)
                outcome.pending.operationPaths.append(known.file.path)
                continue
            }
            let path = groups.path(of: operation.name)
            guard let ir = built[operation.name], let hash = hashes[path] else { return nil }
            let section = translator.readmeSection(ir)
            readme += section
            outcome.pending.add(name: ir.name, kind: ir.kind, signature: operation.signature, file: PackageRecord.RecordedFile(path: path, hash: hash, fingerprint: nil),
                                readmeSection: section, entry: cache.entry(named: operation.name))
        }
        sharedFiles(translator, readme: readme, record: record, enumsAndInputs: enumsAndInputs, into: &outcome)
        let paths = Set(outcome.pending.operationPaths + outcome.pending.sharedFiles.map(\.path))
        let recordedPaths = Set(record.operations.map(\.file.path) + record.sharedFiles.map(\.path))
        outcome.noStaleFiles = paths == recordedPaths && !record.folders.isEmpty
            && record.folders.allSatisfy { FileFingerprint(path: directory + "/" + $0.path) == $0.fingerprint }
        return outcome
    }

    /// The operations the record vouches for, and those to build: an operation is built when it
    /// changed, when its file is not as recorded or when another of its group is built (its
    /// group's file is written whole).
    private func reusable(_ record: PackageRecord, groups: OperationFileGroups) -> (reused: [String: PackageRecord.Operation], rebuilt: Set<String>) {
        let recorded = Dictionary(record.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reused: [String: PackageRecord.Operation] = [:]
        var rebuilt: Set<String> = []
        // A group's operations share a file: it is looked at once.
        var trusted: [String: Bool] = [:]
        func trusts(_ file: PackageRecord.RecordedFile) -> Bool {
            if let verdict = trusted[file.path] { return verdict }
            let verdict = record.isTrusted(file, in: directory)
            trusted[file.path] = verdict
            return verdict
        }
        for operation in planned {
            if let known = recorded[operation.name], let signature = operation.signature, known.signature == signature, known.kind == operation.kind,
               known.file.path == groups.path(of: operation.name), trusts(known.file) {
                reused[operation.name] = known
            } else {
                rebuilt.insert(operation.name)
            }
        }
        // A group is written whole when one of its operations is built, or when its operations
        // are not the recorded ones (one was added or removed).
        var recordedNames: [String: Set<String>] = [:]
        for known in record.operations { recordedNames[known.file.path, default: []].insert(known.name) }
        var plannedNames: [String: Set<String>] = [:]
        for operation in planned { plannedNames[groups.path(of: operation.name), default: []].insert(operation.name) }
        var rebuiltGroups = Set(rebuilt.map(groups.path(of:)))
        for (path, names) in plannedNames where recordedNames[path] != names { rebuiltGroups.insert(path) }
        for (name, known) in reused where rebuiltGroups.contains(known.file.path) {
            reused[name] = nil
            rebuilt.insert(name)
        }
        return (reused, rebuilt)
    }

    /// The record's enums and inputs files, when each one the package needs is still as written
    /// (same sets, checked after building: the same files); nil when one is not. An incremental
    /// run cannot render them: they need every operation's IR.
    private func trustedEnumsAndInputs(_ record: PackageRecord) -> [PackageRecord.RecordedFile]? {
        let paths = SDKTranslator(connector: ConnectorIR(info: info, operations: []))
        let recorded = Dictionary(record.sharedFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [PackageRecord.RecordedFile] = []
        for (path, needed) in [(paths.enumsFilePath, !record.enums.isEmpty), (paths.inputsFilePath, !record.inputObjects.isEmpty)] where needed {
            guard let known = recorded[path], record.isTrusted(known, in: directory) else { return nil }
            files.append(known)
        }
        return files
    }

    /// The manifest, README, client and keys rendered (or vouched for), and the enums and inputs
    /// files the record vouched for.
    private func sharedFiles(_ translator: SDKTranslator, readme: String, record: PackageRecord, enumsAndInputs: [PackageRecord.RecordedFile],
                             into outcome: inout Outcome) {
        let recorded = Dictionary(record.sharedFiles.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var candidates = [translator.manifestFile(), GeneratedFile(path: "README.md", contents: readme)]
        let names = planned.map { "\($0.kind):\($0.name)" }
        let client = recorded[translator.clientFilePath]
        if let client, names == record.operations.map({ "\($0.kind):\($0.name)" }), record.isTrusted(client, in: directory) {
            outcome.unchanged.append(client.path)
            outcome.pending.sharedFiles.append((client.path, client.hash))
        } else {
            candidates.append(translator.clientFile(operations: planned.map { ($0.name, $0.kind) }))
        }
        if let keys = translator.keysFile() { candidates.append(keys) }
        for file in candidates {
            let hash = ContentHash(file.contents)
            if let known = recorded[file.path], known.hash == hash, record.isTrusted(known, in: directory) {
                outcome.unchanged.append(file.path)
            } else {
                outcome.files.append(file)
            }
            outcome.pending.sharedFiles.append((file.path, hash))
        }
        for known in enumsAndInputs {
            outcome.unchanged.append(known.path)
            outcome.pending.sharedFiles.append((known.path, known.hash))
        }
    }
}

/// A record still to be completed with what the disk says once the package is written.
struct PendingRecord {
    var context: ContentHash
    var enums: [String]
    var inputObjects: [String]
    /// The operations to record (with no fingerprints yet): those with a signature.
    var operations: [PackageRecord.Operation] = []
    /// The files of every operation, recorded or not.
    var operationPaths: [String] = []
    var sharedFiles: [(path: String, hash: ContentHash)] = []

    /// Set when an operation had no signature.
    var hasUnsignedOperations = false

    /// An operation with no signature is left out, and the record keeps no operation at all: the
    /// next run builds them all, since a group's file holding one it cannot vouch for cannot be
    /// vouched for either. `file` is the operation's group file, with no fingerprint yet.
    mutating func add(name: String, kind: OperationIR.Kind, signature: ContentHash?, file: PackageRecord.RecordedFile, readmeSection: String, entry: OperationIRCache.Entry?) {
        operationPaths.append(file.path)
        guard let signature else {
            hasUnsignedOperations = true
            return
        }
        operations.append(PackageRecord.Operation(
            name: name, kind: kind, signature: signature, file: file,
            readmeSection: readmeSection, enums: entry?.enums.map(\.name) ?? [], inputObjects: entry?.inputObjects.map(\.name) ?? []))
    }

    /// The record of the package as written to `directory`.
    func finish(in directory: String) -> PackageRecord {
        let now = Date().timeIntervalSince1970
        var operations = hasUnsignedOperations ? [] : self.operations
        var fingerprints: [String: FileFingerprint?] = [:]
        for index in operations.indices {
            let path = operations[index].file.path
            let fingerprint = fingerprints[path] ?? FileFingerprint(path: directory + "/" + path)
            fingerprints[path] = fingerprint
            operations[index].file.fingerprint = fingerprint
        }
        let shared = sharedFiles.map { PackageRecord.RecordedFile(path: $0.path, hash: $0.hash, fingerprint: FileFingerprint(path: directory + "/" + $0.path)) }
        let folders = PackageWriter.sourceFolders(in: directory).compactMap { folder in FileFingerprint(path: directory + "/" + folder).map { (folder, $0) } }
        return PackageRecord(context: context, recordedAt: now, operations: operations, sharedFiles: shared,
                             enums: enums, inputObjects: inputObjects, folders: folders)
    }
}
