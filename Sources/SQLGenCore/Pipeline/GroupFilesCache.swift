/// The operations' group files from earlier runs of a session. A group whose operations' files
/// are the strings it was joined from last run is the same file, the same string: the run's
/// comparison with what the package holds then needs no byte compared, and a one-operation change
/// joins one group again.
final class GroupFilesCache {
    private var joined: [String: (members: [String], file: GeneratedFile)] = [:]

    /// The group file of `files` (one group's operations, each rendered alone).
    func join(_ files: [GeneratedFile]) -> GeneratedFile? {
        guard let path = files.first?.path else { return nil }
        let members = files.map(\.contents)
        // Strings that share storage compare equal without reading it.
        if let known = joined[path], known.members == members { return known.file }
        guard let file = GeneratedFile.joining(files) else { return nil }
        joined[path] = (members, file)
        return file
    }
}
