import SQLGenCore

/// What `sqlgen generate --watch`'s inotify watcher reports to its session between runs, for a
/// benchmark that edits files itself: the edited file, and the generated files the last run moved
/// into place (the watcher records the package folders too).
struct SimulatedWatcher {
    private let folders: Set<String>
    private var written: [String] = []

    init(session: GeneratorSession, outcome: GeneratorPipeline.Outcome) {
        folders = Set(session.inputFolders() + session.outputFolders())
        ran(outcome)
    }

    /// Notes the files a run wrote: each was renamed into its folder.
    mutating func ran(_ outcome: GeneratorPipeline.Outcome) {
        written = outcome.packages.flatMap { package in package.summary.written.map { package.directory + "/" + $0 } }
    }

    func changes(edited: String) -> FileChanges {
        let paths = [edited] + written
        let listings = written.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }
        return FileChanges(watchedFolders: folders, changedPaths: Set(paths), changedListings: Set(listings))
    }
}
