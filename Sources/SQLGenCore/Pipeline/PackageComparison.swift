import Foundation
import SQLGenLanguage

/// What a run would change in packages already on disk, for `sqlgen generate --check`.
public enum PackageComparison {
    /// The paths (relative to the package) that differ, are missing, or would be removed.
    public static func differences(_ files: [GeneratedFile], in directory: String) -> [String] {
        var result: [String] = []
        for file in files {
            let unchanged = FileBytes.read(directory + "/" + file.path)?.elementsEqual(file.contents.utf8) ?? false
            if !unchanged { result.append(file.path) }
        }
        return result + PackageWriter.staleFiles(in: directory, keeping: Set(files.map(\.path)))
    }
}
