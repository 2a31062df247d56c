// Loads the Data Connect example projects copied into Fixtures/dataconnect (verbatim copies of
// the public projects listed in /work/shared/dataconnect/NOTES.md §1).

import Foundation
import SQLGenLanguage

enum DataConnectFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("dataconnect")

    /// The published projects CI keeps in `Tests/RealProjects` (`realworld/compass-web`).
    static let realProjects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealProjects")

    /// A folder of `Fixtures/dataconnect`, or of `Tests/RealProjects` for a path with a slash.
    static func project(_ name: String) -> URL {
        name.contains("/") ? realProjects.appendingPathComponent(name) : root.appendingPathComponent(name)
    }

    /// The `.gql` files under `folder`, sorted by path; the generated `.dataconnect` folder is skipped.
    static func gqlFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".dataconnect" {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension == "gql" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    static func parse(_ url: URL, id: Int) throws -> Document {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try Parser.parse(Source(text, name: url.path, id: SourceID(UInt32(id))))
    }

    /// The user's schema: every `.gql` file in the project's `schema/` folder.
    static func schema(of project: String) throws -> [Document] {
        try gqlFiles(in: self.project(project).appendingPathComponent("schema")).enumerated().map { try parse($1, id: 100 + $0) }
    }

    /// The server's derived schema: `.dataconnect/schema/prelude.gql` and `main/*.gql`.
    static func serverSchema(of project: String) throws -> [Document] {
        let folder = self.project(project).appendingPathComponent(".dataconnect").appendingPathComponent("schema")
        let main = folder.appendingPathComponent("main")
        let names = (try FileManager.default.contentsOfDirectory(atPath: main.path)).filter { $0.hasSuffix(".gql") }.sorted()
        var documents = [try parse(folder.appendingPathComponent("prelude.gql"), id: 200)]
        for (index, name) in names.enumerated() {
            documents.append(try parse(main.appendingPathComponent(name), id: 201 + index))
        }
        return documents
    }
}
