import Foundation
import SQLGenLanguage

/// Reading GraphQL inputs named on the command line: files, or standard input for `-`.
enum InputFiles {
    /// The name diagnostics use for standard input.
    static let standardInputName = "<stdin>"

    struct ReadError: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot read '\(path)': \(reason)" }
    }

    /// Why `path` cannot be read as an input file, or nil if it looks fine (checked before any work,
    /// so a bad path is an argument error and nothing is touched).
    static func problem(with path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "no such file '\(path)'"
        }
        if isDirectory.boolValue { return "'\(path)' is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "cannot read '\(path)'" }
        return FileBytes.isRegularFile(path) ? nil : "'\(path)' is not a regular file"
    }

    /// The file's bytes as a `Source` named by `path`.
    static func read(_ path: String, id: SourceID = SourceID(0)) throws(ReadError) -> Source {
        guard let bytes = FileBytes.read(path) else {
            throw ReadError(path: path, reason: problem(with: path) ?? "unreadable")
        }
        return Source(bytes: bytes, name: path, id: id)
    }

    /// Everything on standard input as a `Source` named `<stdin>`.
    static func readStandardInput() -> Source {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return Source(bytes: [UInt8](data), name: standardInputName)
    }
}
