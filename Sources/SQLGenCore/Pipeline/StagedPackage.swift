import Foundation

/// One package's changed files, written to a staging folder beside it (`PackageWriter.stage`),
/// and the swap that puts them in place, journaled so that it can be undone until `finish`.
final class StagedPackage {
    let directory: String
    let summary: PackageWriter.Summary
    private let disk: PackageDisk
    private let parent: String
    private let staging: String?
    /// Folders created above the package for it, outermost first (removed again if it fails).
    private let createdParents: [String]
    private var backup: String?
    /// What the swap did, to undo in reverse.
    private var journal: [Step] = []

    private enum Step {
        case moved(from: String, to: String)
        case createdFolder(String)
    }

    init(directory: String, changed: [GeneratedFile], summary: PackageWriter.Summary, disk: PackageDisk) throws(PackageWriter.WriteError) {
        self.directory = directory
        self.summary = summary
        self.disk = disk
        parent = (directory as NSString).deletingLastPathComponent
        guard !changed.isEmpty || !summary.removed.isEmpty else {
            (staging, createdParents) = (nil, [])
            return
        }
        let staging = parent + "/.sqlgen-staging-" + UUID().uuidString
        var created: [String] = []
        var current = directory
        do throws(PackageDisk.Failure) {
            created = try disk.createFolders(parent)
            try disk.createDirectory(staging)
            for file in changed {
                current = directory + "/" + file.path
                let path = staging + "/" + file.path
                _ = try disk.createFolders((path as NSString).deletingLastPathComponent)
                try disk.write(Array(file.contents.utf8), to: path)
            }
        } catch {
            disk.removeTree(staging)
            for folder in created.reversed() { disk.removeFolder(folder) }
            throw .cannotWrite(path: current, reason: error.reason)
        }
        (self.staging, createdParents) = (staging, created)
    }

    /// Puts every staged file in place and moves stale files out; on a failure, undoes what it did.
    func commit() throws(PackageWriter.WriteError) {
        guard let staging else { return }
        var current = directory
        do throws(PackageDisk.Failure) {
            guard disk.exists(directory) else {
                // A new package appears whole, in one rename.
                try disk.rename(staging, directory)
                journal.append(.moved(from: staging, to: directory))
                return
            }
            let backup = parent + "/.sqlgen-backup-" + UUID().uuidString
            try disk.createDirectory(backup)
            self.backup = backup
            for path in summary.written {
                current = directory + "/" + path
                try createFolders(of: current)
                if disk.exists(current) { try move(current, to: backup + "/" + path) }
                try move(staging + "/" + path, to: current)
            }
            for path in summary.removed {
                current = directory + "/" + path
                try move(current, to: backup + "/" + path)
            }
        } catch {
            rollBack()
            discard()
            throw .cannotWrite(path: current, reason: error.reason)
        }
    }

    /// Undoes a commit that has not been finished: the package is as it was before.
    func rollBack() {
        for step in journal.reversed() {
            switch step {
            case .moved(let from, let to): disk.renameBack(to, from)
            case .createdFolder(let folder): disk.removeFolder(folder)
            }
        }
        journal = []
    }

    /// Removes what staging made (after a failure, or instead of committing).
    func discard() {
        finish()
        for folder in createdParents.reversed() { disk.removeFolder(folder) }
    }

    /// Drops the staging folder and the replaced files once every package is in place.
    func finish() {
        if let staging { disk.removeTree(staging) }
        if let backup { disk.removeTree(backup) }
        journal = []
    }

    private func move(_ source: String, to destination: String) throws(PackageDisk.Failure) {
        _ = try disk.createFolders((destination as NSString).deletingLastPathComponent)
        try disk.rename(source, destination)
        journal.append(.moved(from: source, to: destination))
    }

    /// Creates the missing folders of a target inside the package, journaled.
    private func createFolders(of target: String) throws(PackageDisk.Failure) {
        for folder in try disk.createFolders((target as NSString).deletingLastPathComponent) {
            journal.append(.createdFolder(folder))
        }
    }
}
