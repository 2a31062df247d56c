import Foundation

/// What one run wrote into a generated package, kept on disk for the next process: enough to
/// know which operations' files are still right without building their IR, and to assemble the
/// shared files (client, README, enums, inputs) from the operations that did not change.
struct PackageRecord: Equatable {
    /// A file of the package as the run left it.
    struct RecordedFile: Equatable {
        /// Relative to the package.
        var path: String
        var hash: ContentHash
        /// What `stat` said after the write; trusted only when it was not recent (see `isTrusted`).
        var fingerprint: FileFingerprint?
    }

    struct Operation: Equatable {
        var name: String
        var kind: OperationIR.Kind
        /// The operation's name, persisted name and the contents of its file and of the files
        /// whose fragments it spreads.
        var signature: ContentHash
        var file: RecordedFile
        var readmeSection: String
        /// The enums and input objects its variables and results use.
        var enums: [String]
        var inputObjects: [String]
    }

    /// The tool, the schema and the settings the package was generated with.
    var context: ContentHash
    /// When the files were recorded (seconds since 1970): a fingerprint this close to it may
    /// hide a second write within the same clock tick.
    var recordedAt: Double
    /// Sorted by name, as the IR sorts them.
    var operations: [Operation]
    /// The package's other files.
    var sharedFiles: [RecordedFile]
    /// The names of the enums and input objects of the whole package (its operations' and its keys').
    var enums: [String]
    var inputObjects: [String]
    /// `Sources` and its folders, as `GeneratedFileSnapshots` keeps them: unchanged folders hold
    /// no stale file.
    var folders: [(path: String, fingerprint: FileFingerprint)]

    static func == (lhs: PackageRecord, rhs: PackageRecord) -> Bool {
        lhs.context == rhs.context && lhs.recordedAt == rhs.recordedAt && lhs.operations == rhs.operations && lhs.sharedFiles == rhs.sharedFiles
            && lhs.enums == rhs.enums && lhs.inputObjects == rhs.inputObjects
            && lhs.folders.map(\.path) == rhs.folders.map(\.path) && lhs.folders.map(\.fingerprint) == rhs.folders.map(\.fingerprint)
    }

    /// Whether the file at `path` still holds what was recorded: its fingerprint is unchanged and
    /// was not taken within a clock tick of the write, or else its bytes hash the same.
    func isTrusted(_ file: RecordedFile, in directory: String) -> Bool {
        let path = directory + "/" + file.path
        guard let recorded = file.fingerprint, let current = FileFingerprint(path: path) else { return false }
        if current == recorded, !recorded.isRecent(comparedTo: Date(timeIntervalSince1970: recordedAt)) { return true }
        guard current.size == recorded.size, let bytes = GenerationCache.read(path) else { return false }
        return ContentHash(bytes) == file.hash
    }
}
