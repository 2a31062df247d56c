@testable import SQLGenCore

/// Finds an operation's generated code in the files of a package, where operations share files.
enum GeneratedOperations {
    /// The declarations of the operation class `name` (`FirstBitsQuery`), from its group's file.
    static func declarations(of name: String, in files: [GeneratedFile]) -> String? {
        files.lazy.filter { $0.path.hasPrefix(OperationFileGroups.folder) }.compactMap { operationDeclarations(of: name, inFileText: $0.contents) }.first
    }

    /// The path of the file that holds the operation named `name` (`FirstBits`) in the package
    /// `outcome` generated.
    static func path(of name: String, in outcome: GeneratorPipeline.Outcome) -> String {
        OperationFileGroups(operationCount: outcome.packages.first?.operationCount ?? 0).path(of: name)
    }
}
