import Foundation
import SQLGenLanguage

/// Loads a schema from files the way the CLI and the generator take it: SDL files and folders
/// (all `.graphql`, `.graphqls` and `.gql` files below a folder, in path order, read as one
/// schema), or a single introspection result `.json`.
public enum SchemaLoader {
    /// The file extensions read from folders.
    public static let sdlExtensions: Set<String> = ["graphql", "graphqls", "gql"]

    /// The outcome of loading: the sources read (for diagnostics), the schema when it could be
    /// built, and every problem (syntax errors, SDL rule errors, type-system errors).
    public struct Result: Sendable {
        public let sources: [Source]
        /// Nil when a file could not be read or parsed.
        public let schema: Schema?
        public let errors: [GraphQLError]
    }

    /// A path that cannot be used (missing, unreadable, or JSON mixed with other inputs).
    public struct PathError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The SDL or JSON files named by `paths`: files as given, folders expanded recursively.
    public static func files(at paths: [String]) throws(PathError) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw PathError(message: "no such file or folder '\(path)'")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw PathError(message: "cannot read folder '\(path)'")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let ext = (relative as NSString).pathExtension.lowercased()
                if sdlExtensions.contains(ext) {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            if found.isEmpty { throw PathError(message: "no .graphql, .graphqls or .gql files in '\(path)'") }
            files += found.sorted()
        }
        if files.count > 1, files.contains(where: { $0.lowercased().hasSuffix(".json") }) {
            throw PathError(message: "an introspection result (.json) must be the only schema input")
        }
        return files
    }

    /// How SDL documents become a schema: `SchemaBuilder.build` by default; a dialect (such as the
    /// Data Connect expansion) can stand in.
    public typealias SchemaMaker = @Sendable ([Document], SchemaBuildOptions) -> SchemaBuildResult

    /// Reads, parses and builds the schema at `paths` (`makeSchema` is used for SDL only).
    public static func load(paths: [String], options: SchemaBuildOptions = SchemaBuildOptions(), makeSchema: SchemaMaker = { SchemaBuilder.build(documents: $0, options: $1) }) throws(PathError) -> Result {
        let files = try files(at: paths)
        if files.count == 1, files[0].lowercased().hasSuffix(".json") {
            guard let bytes = FileBytes.read(files[0]) else {
                throw PathError(message: "cannot read '\(files[0])'")
            }
            let source = Source("", name: files[0])
            do {
                let built = try IntrospectionSchemaBuilder.build(json: Data(bytes), options: options)
                return Result(sources: [source], schema: built.schema, errors: built.errors)
            } catch {
                return Result(sources: [source], schema: nil, errors: [error])
            }
        }
        var sources: [Source] = []
        for (index, file) in files.enumerated() {
            guard let bytes = FileBytes.read(file) else {
                throw PathError(message: "cannot read '\(file)'")
            }
            sources.append(Source(bytes: bytes, name: file, id: SourceID(UInt32(index))))
        }
        return build(sources: sources, options: options, makeSchema: makeSchema)
    }

    /// Parses and builds SDL sources (give each a distinct `id`); syntax errors stop before building.
    public static func build(sources: [Source], options: SchemaBuildOptions = SchemaBuildOptions(), makeSchema: SchemaMaker = { SchemaBuilder.build(documents: $0, options: $1) }) -> Result {
        var documents: [Document] = []
        var syntaxErrors: [GraphQLError] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                syntaxErrors.append(error)
            }
        }
        if !syntaxErrors.isEmpty {
            return Result(sources: sources, schema: nil, errors: syntaxErrors)
        }
        let built = makeSchema(documents, options)
        return Result(sources: sources, schema: built.schema, errors: built.errors)
    }
}
