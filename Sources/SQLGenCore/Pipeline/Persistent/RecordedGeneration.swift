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
    }

    let directory: String
    let context: ContentHash
    let planned: [Planned]
    let builder: IRBuilder
    let info: IRBuilder.ConnectorInfo
    let endpoint: String?
    let operations: ValidatedOperations

    func run(record: PackageRecord?) -> Outcome {
        if let record, record.context == context, let outcome = incremental(record) { return outcome }
        return full()
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
        for (operation, section) in zip(connector.operations, sections) {
            let file = cache.file(for: operation, render: translator.operationFile)
            pending.add(name: operation.name, kind: operation.kind, signature: signatureByName[operation.name] ?? nil, file: file,
                        readmeSection: section, entry: cache.entry(named: operation.name))
        }
        let operationPaths = Set(pending.operationPaths)
        for file in files where !operationPaths.contains(file.path) { pending.sharedFiles.append((file.path, ContentHash(file.contents))) }
        return Outcome(files: files, unchanged: [], noStaleFiles: false, connector: connector, pending: pending)
    }

    /// The operations the record vouches for reused, the others built; nil when the record
    /// cannot vouch for a file that needs what was not built.
    private func incremental(_ record: PackageRecord) -> Outcome? {
        let recorded = Dictionary(record.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reused: [String: PackageRecord.Operation] = [:]
        var rebuilt: Set<String> = []
        for operation in planned {
            if let known = recorded[operation.name], let signature = operation.signature, known.signature == signature, known.kind == operation.kind,
               record.isTrusted(known.file, in: directory) {
                reused[operation.name] = known
            } else {
                rebuilt.insert(operation.name)
            }
        }
        let cache = OperationIRCache()
        var partial = builder.build(info, operations: operations, cache: cache, only: rebuilt)
        partial.endpoint = endpoint
        guard partial.operations.count == rebuilt.count else { return nil }
        // The enums and inputs files hold every one the package uses: unchanged sets, unchanged files.
        let enums = Set(reused.values.flatMap(\.enums)).union(partial.enums.map(\.name)).sorted()
        let inputs = Set(reused.values.flatMap(\.inputObjects)).union(partial.inputObjects.map(\.name)).sorted()
        guard enums == record.enums, inputs == record.inputObjects else { return nil }

        let translator = SDKTranslator(connector: partial)
        let rendered = Dictionary(zip(partial.operations.map(\.name), partial.operations.concurrentMap { translator.operationFile($0) }), uniquingKeysWith: { first, _ in first })
        var outcome = Outcome(files: [], unchanged: [], noStaleFiles: false, connector: nil,
                              pending: PendingRecord(context: context, enums: enums, inputObjects: inputs))
        let built = Dictionary(partial.operations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var readme = translator.readmeHeader()
        for operation in planned {
            if let known = reused[operation.name] {
                outcome.unchanged.append(known.file.path)
                readme += known.readmeSection
                outcome.pending.operations.append(known)
                outcome.pending.operationPaths.append(known.file.path)
                continue
            }
            guard let ir = built[operation.name], let file = rendered[operation.name] else { return nil }
            let entry = cache.entry(named: operation.name)
            let section = translator.readmeSection(ir)
            readme += section
            outcome.files.append(file)
            outcome.pending.add(name: ir.name, kind: ir.kind, signature: operation.signature, file: file, readmeSection: section, entry: entry)
        }
        guard sharedFiles(translator, readme: readme, record: record, into: &outcome) else { return nil }
        let paths = Set(outcome.pending.operationPaths + outcome.pending.sharedFiles.map(\.path))
        let recordedPaths = Set(record.operations.map(\.file.path) + record.sharedFiles.map(\.path))
        outcome.noStaleFiles = paths == recordedPaths && !record.folders.isEmpty
            && record.folders.allSatisfy { FileFingerprint(path: directory + "/" + $0.path) == $0.fingerprint }
        return outcome
    }

    /// The manifest, README, client and keys rendered (or vouched for), the enums and inputs
    /// vouched for; false when one of those cannot be.
    private func sharedFiles(_ translator: SDKTranslator, readme: String, record: PackageRecord, into outcome: inout Outcome) -> Bool {
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
        // Same sets as recorded (checked before): the same files, if they are still there.
        for (path, needed) in [(translator.enumsFilePath, !record.enums.isEmpty), (translator.inputsFilePath, !record.inputObjects.isEmpty)] where needed {
            guard let known = recorded[path], record.isTrusted(known, in: directory) else { return false }
            outcome.unchanged.append(path)
            outcome.pending.sharedFiles.append((path, known.hash))
        }
        return true
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

    /// An operation with no signature is left out: the next run builds it whatever it finds.
    mutating func add(name: String, kind: OperationIR.Kind, signature: ContentHash?, file: GeneratedFile, readmeSection: String, entry: OperationIRCache.Entry?) {
        operationPaths.append(file.path)
        guard let signature else { return }
        operations.append(PackageRecord.Operation(
            name: name, kind: kind, signature: signature, file: PackageRecord.RecordedFile(path: file.path, hash: ContentHash(file.contents), fingerprint: nil),
            readmeSection: readmeSection, enums: entry?.enums.map(\.name) ?? [], inputObjects: entry?.inputObjects.map(\.name) ?? []))
    }

    /// The record of the package as written to `directory`.
    func finish(in directory: String) -> PackageRecord {
        let now = Date().timeIntervalSince1970
        var operations = self.operations
        for index in operations.indices { operations[index].file.fingerprint = FileFingerprint(path: directory + "/" + operations[index].file.path) }
        let shared = sharedFiles.map { PackageRecord.RecordedFile(path: $0.path, hash: $0.hash, fingerprint: FileFingerprint(path: directory + "/" + $0.path)) }
        let folders = PackageWriter.sourceFolders(in: directory).compactMap { folder in FileFingerprint(path: directory + "/" + folder).map { (folder, $0) } }
        return PackageRecord(context: context, recordedAt: now, operations: operations, sharedFiles: shared,
                             enums: enums, inputObjects: inputObjects, folders: folders)
    }
}
