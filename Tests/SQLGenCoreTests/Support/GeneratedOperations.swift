@testable import SQLGenCore

/// Finds an operation's generated code in the files of a package, where operations share files.
enum GeneratedOperations {
    /// The declarations of the operation class `name` (`FirstBitsQuery`), from its group's file.
    static func declarations(of name: String, in files: [GeneratedFile]) -> String? {
        for file in files where file.path.hasPrefix(OperationFileGroups.folder) {
            guard let start = file.contents.range(of: "public final class \(name):") else { continue }
            // Up to the next operation's documentation (`/// `query Next``).
            let end = file.contents.range(of: "\n/// `", range: start.upperBound..<file.contents.endIndex)?.lowerBound ?? file.contents.endIndex
            return String(file.contents[start.lowerBound..<end])
        }
        return nil
    }

    /// The path of the file that holds the operation named `name` (`FirstBits`) in the package
    /// `outcome` generated.
    static func path(of name: String, in outcome: GeneratorPipeline.Outcome) -> String {
        OperationFileGroups(operationCount: outcome.packages.first?.operationCount ?? 0).path(of: name)
    }
}
