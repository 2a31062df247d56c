/// What a file watcher saw change since a session's last run: a run told of them does not `stat`
/// the files and folders it knows in quiet watched folders, so its work follows the change rather
/// than the connector's size.
///
/// A watched folder is one whose entries the watcher reports (not its subfolders'). A file in it
/// is unchanged unless the watcher named it; its list of entries is unchanged unless the watcher
/// saw an entry created, removed or renamed. Paths are spelled as the session spells its files
/// (absolute, no trailing slash); any other spelling counts as unwatched, so it is checked.
public struct FileChanges: Sendable {
    private let watchedFolders: Set<String>
    private let changedPaths: Set<String>
    private let changedListings: Set<String>

    /// `changedPaths`: entries written, created, removed or renamed; `changedListings`: folders
    /// that gained, lost or renamed an entry.
    public init(watchedFolders: Set<String>, changedPaths: Set<String>, changedListings: Set<String>) {
        self.watchedFolders = watchedFolders
        self.changedPaths = changedPaths
        self.changedListings = changedListings
    }

    /// Whether the file (or folder) at `path`, in `folder`, may differ from what the last run saw.
    func mayHaveChanged(_ path: String, in folder: String) -> Bool {
        !watchedFolders.contains(folder) || changedPaths.contains(path)
    }

    /// The folder of `path` (what `mayHaveChanged` takes; kept with a file so no run makes it again).
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Whether the entries of `folder` may differ from what the last run listed.
    func listingMayHaveChanged(_ folder: String) -> Bool {
        !watchedFolders.contains(folder) || changedListings.contains(folder)
    }
}
