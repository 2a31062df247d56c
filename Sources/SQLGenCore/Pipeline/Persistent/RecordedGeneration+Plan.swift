import Foundation
import SQLGenLanguage
import SQLGenSchema

extension RecordedGeneration {
    /// The operations of `loaded`, sorted by name as the IR is, each signed with its names and
    /// the contents of its file and of the files `reached` says its fragments come from.
    static func plan(_ loaded: ValidatedOperations, reached: (String) -> [String]?) -> [Planned] {
        var fileHashes: [String: ContentHash] = [:]
        for source in loaded.sources { fileHashes[source.name] = ContentHash(source.bytes) }
        var planned: [Planned] = []
        for (source, document) in zip(loaded.sources, loaded.documents) {
            let files = reached(source.name).map { [source.name] + $0.sorted() }
            for case .operation(let operation) in document.definitions {
                guard operation.operation != .subscription, let name = operation.name?.value else { continue }
                var signature: ContentHash?
                if let files {
                    var hasher = ContentHasher()
                    hasher.combine(name)
                    hasher.combine(loaded.persistedNames[name] ?? name)
                    for file in files {
                        guard let hash = fileHashes[file] else { continue }
                        hasher.combine(file)
                        hasher.combine(hash)
                    }
                    signature = hasher.finalize()
                }
                planned.append(Planned(name: name, kind: operation.operation == .mutation ? .mutation : .query, signature: signature))
            }
        }
        return planned.sorted { $0.name < $1.name }
    }

    /// What every file of the package depends on besides the operations: this build of the
    /// tool, the schema's bytes and the settings.
    static func context(schemaFiles: [String], read: (String) -> [UInt8]?, settings: [String]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(PackageRecord.formatMagic)
        hasher.combine(toolIdentity)
        for file in schemaFiles {
            hasher.combine(file)
            hasher.combine(read(file) ?? [])
        }
        for setting in settings { hasher.combine(setting) }
        return hasher.finalize()
    }

    /// The executable's path and fingerprint: another build generates other code. Without one,
    /// a value no record holds.
    static let toolIdentity: String = {
        guard let path = Bundle.main.executablePath, let tool = FileFingerprint(path: path) else { return UUID().uuidString }
        return "\(path) \(tool.device) \(tool.inode) \(tool.size) \(tool.modifiedSeconds).\(tool.modifiedNanoseconds)"
    }()
}
