/// Which file of the package holds each operation.
///
/// Operations share files because every Swift file costs the compiler on its own: it is its own
/// LLVM module and object file, and repeats what its operations share (`benchmarks/README.md`,
/// "Files, not jobs"). An operation's group depends only on its name and the number of groups,
/// which doubles as the connector grows, so adding an operation rewrites its group's file and the
/// client, and editing one rewrites its group's file alone.
struct OperationFileGroups: Sendable, Equatable {
    /// About this many operations share a file: small enough that editing one recompiles little.
    static let operationsPerGroup = 16
    static let folder = "Sources/Operations/"

    /// A power of two; zero with no operations.
    let count: Int

    init(operationCount: Int) {
        var count = operationCount > 0 ? 1 : 0
        while count * Self.operationsPerGroup < operationCount { count *= 2 }
        self.count = count
    }

    /// The path of the file that holds the operation named `name`.
    func path(of name: String) -> String {
        path(ofGroup: group(of: name))
    }

    /// `Sources/Operations/Operations.swift` for one group, else `Operations03.swift`: numbers as
    /// wide as the largest, so the files sort in group order.
    func path(ofGroup group: Int) -> String {
        guard count > 1 else { return Self.folder + "Operations.swift" }
        let number = String(group)
        let width = String(count - 1).count
        return Self.folder + "Operations" + String(repeating: "0", count: width - number.count) + number + ".swift"
    }

    /// FNV-1a of the name's UTF-8: the same group on every machine and in every process, where
    /// Swift's `Hasher` is seeded per process.
    func group(of name: String) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}

extension GeneratedFile {
    /// Rendered files that start with the same header and imports as one file: those once, then
    /// each file's declarations, in the order given. The path is the first file's.
    /// Byte-wise (`utf8`), since a first run joins every operation of the connector.
    static func joining(_ files: [GeneratedFile]) -> GeneratedFile? {
        guard let first = files.first else { return nil }
        guard files.count > 1 else { return first }
        let shared = preamble(of: first.contents).utf8
        var text = ""
        text.reserveCapacity(files.reduce(0) { $0 + $1.contents.utf8.count + 1 })
        text += first.contents
        for file in files.dropFirst() {
            let contents = file.contents
            text += "\n"
            guard contents.utf8.starts(with: shared) else {
                text += contents
                continue
            }
            text += contents[contents.utf8.index(contents.startIndex, offsetBy: shared.count)...]
        }
        return GeneratedFile(path: first.path, contents: text)
    }

    /// The leading comment lines (not documentation), imports and blank lines of a Swift file.
    static func preamble(of text: String) -> Substring {
        let utf8 = text.utf8
        var end = utf8.startIndex
        while end < utf8.endIndex {
            let lineEnd = utf8[end...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = text[end..<lineEnd]
            guard line.isEmpty || line.hasPrefix("import ") || (line.hasPrefix("//") && !line.hasPrefix("///")) else { break }
            end = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }
        return text[..<end]
    }
}
