import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenDialects
import SQLGenLanguage
import SQLGenSchema

/// `sqlgen validate`: checks operation files against a schema (GraphQL spec section 5, with
/// graphql-js 17's rules and messages) and prints compiler-style diagnostics or JSON.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Validate operations against a schema"
    static let usage = """
    USAGE: sqlgen validate --schema PATH [--schema PATH ...] [options] FILE...
           sqlgen validate [--config PATH] [--json]

    With no files, validates the connector of ./connector.yaml (or --config PATH, or a
    dataconnect.yaml project) exactly as `sqlgen generate` does, without writing anything.

    Validates the operations in FILE... against the schema with every rule of graphql-js 17's
    specifiedRules. The files are validated together, like a connector's files: a fragment
    defined in one file may be spread in another, and names must be unique across them.

    ARGUMENTS:
      FILE...                 Operation files (.graphql, .gql) or folders of them

    OPTIONS:
      --schema PATH           Schema SDL file, folder of SDL files, or introspection result
                              (.json); repeat for several files
      --persisted             Also require every operation to have a name (persisted operations)
      --separate              Validate each file on its own instead of together
      --assume-valid-schema   Do not check the schema itself (e.g. a large published schema
                              with known type-system errors)
      --config PATH           A connector.yaml, dataconnect.yaml or a folder holding one
      --json                  Print a JSON array of {file, line, column, message, rule}
      -h, --help              Show this help

    EXIT STATUS:
      0 every operation is valid; 1 syntax, schema or validation errors; 2 bad arguments or
      unreadable files
    """

    /// One problem found, for the output.
    struct Problem: Encodable {
        var file: String?
        var line: Int?
        var column: Int?
        var message: String
        var rule: String?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, flags: ["--json", "--persisted", "--separate", "--assume-valid-schema"], options: ["--schema", "--config"])
        } catch {
            return usageError(error.message)
        }
        let schemaPaths = parsed.values("--schema")
        let operationPaths = parsed.operands
        if let config = parsed.value("--config") {
            guard operationPaths.isEmpty && schemaPaths.isEmpty else {
                return usageError("--config validates a connector; do not also give --schema or files")
            }
            return validateConnector(config, json: parsed.has("--json"))
        }
        if operationPaths.isEmpty && schemaPaths.isEmpty {
            // Connector mode: the connector.yaml (or dataconnect.yaml) of the current folder.
            let current = FileManager.default.currentDirectoryPath
            for name in ["connector.yaml", "dataconnect.yaml"] where FileManager.default.fileExists(atPath: current + "/" + name) {
                return validateConnector(current + "/" + name, json: parsed.has("--json"))
            }
            return usageError("no input files (give --schema PATH and FILE..., or run in a folder with connector.yaml)")
        }
        if schemaPaths.isEmpty { return usageError("no schema (give --schema PATH)") }
        if operationPaths.isEmpty { return usageError("no operation files") }
        return validateFiles(schemaPaths: schemaPaths, operationPaths: operationPaths, parsed)
    }

    /// Files mode: the operation files against the schema files.
    private static func validateFiles(schemaPaths: [String], operationPaths: [String], _ parsed: CommandArguments) -> Int32 {
        let schemaFiles: [String]
        let operationFiles: [String]
        do {
            schemaFiles = try expand(schemaPaths, extensions: ["graphql", "graphqls", "gql"])
            operationFiles = try expand(operationPaths, extensions: ["graphql", "gql"])
        } catch {
            Output.error(error.message)
            return 2
        }
        let json = parsed.has("--json")
        var sources: [Source] = []
        var problems: [GraphQLError] = []
        guard let (schema, dialect) = loadSchema(schemaFiles, assumeValid: parsed.has("--assume-valid-schema"), sources: &sources, problems: &problems),
              problems.isEmpty else {
            return finish(problems, sources: sources, json: json, summary: "")
        }
        guard let documents = parseOperations(operationFiles, sources: &sources, problems: &problems) else { return 2 }
        let rules = dialect.rules(from: parsed.has("--persisted") ? persistedOperationRules : specifiedRules)
        if parsed.has("--separate") {
            for document in documents { problems += validate(schema: schema, document: document, rules: rules) }
        } else {
            problems += validate(schema: schema, documents: documents, rules: rules)
        }
        let operations = documents.reduce(0) { count, document in
            count + document.definitions.filter { if case .operation = $0 { return true } else { return false } }.count
        }
        let summary = "\(operations) operation\(operations == 1 ? "" : "s") in \(operationFiles.count) file\(operationFiles.count == 1 ? "" : "s") valid against \(schemaFiles.count == 1 ? schemaFiles[0] : "\(schemaFiles.count) schema files")"
        return finish(problems, sources: sources, json: json, summary: summary)
    }

    /// The operation files parsed (syntax errors go to `problems`); nil, with the error
    /// printed, when a file cannot be read.
    private static func parseOperations(_ files: [String], sources: inout [Source], problems: inout [GraphQLError]) -> [Document]? {
        var documents: [Document] = []
        for path in files {
            let source: Source
            do {
                source = try InputFiles.read(path, id: SourceID(UInt32(sources.count + 1)))
            } catch {
                Output.error(error.description)
                return nil
            }
            sources.append(source)
            do {
                documents.append(try Parser.parse(source))
            } catch {
                problems.append(error)
            }
        }
        return documents
    }

    /// Validates a connector through the generator's own pipeline (config, schema dialects,
    /// persisted-operation rules), so `validate` and `generate` can never disagree.
    static func validateConnector(_ configPath: String, json: Bool) -> Int32 {
        let outcome = GeneratorPipeline.run(configPath: configPath, write: false)
        if json {
            let problems = outcome.diagnostics.filter { $0.severity != .note }.map {
                Problem(file: $0.file, line: $0.location?.line, column: $0.location?.column, message: $0.message, rule: $0.rule)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Output.stdoutLine(String(decoding: (try? encoder.encode(problems)) ?? Data("[]".utf8), as: UTF8.self))
            return outcome.hasErrors ? 1 : 0
        }
        Output.diagnostics(outcome.diagnostics)
        let errors = outcome.diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            Output.stderr("\(errors) error\(errors == 1 ? "" : "s")")
            return 1
        }
        let count = outcome.validatedOperationCount
        Output.stdoutLine("\(count) operation\(count == 1 ? "" : "s") valid (\(configPath))")
        return 0
    }

    /// Builds the schema from SDL files (as one document set) or one introspection result.
    private static func loadSchema(_ files: [String], assumeValid: Bool, sources: inout [Source], problems: inout [GraphQLError]) -> (schema: Schema, dialect: Dialect)? {
        let options = SchemaBuildOptions(assumeValidSDL: assumeValid, assumeValid: assumeValid)
        if files.count == 1, files[0].hasSuffix(".json") {
            guard let bytes = FileBytes.read(files[0]) else {
                problems.append(GraphQLError("cannot read '\(files[0])'"))
                return nil
            }
            sources.append(Source(bytes: bytes, name: files[0], id: SourceID(1)))
            do {
                let result = try IntrospectionSchemaBuilder.build(json: Data(bytes), options: options)
                problems += result.errors
                return (result.schema, .graphQL)
            } catch {
                problems.append(error)
                return nil
            }
        }
        var documents: [Document] = []
        for path in files {
            if path.hasSuffix(".json") {
                problems.append(GraphQLError("an introspection result (\(path)) must be the only schema file"))
                return nil
            }
            let id = SourceID(UInt32(sources.count + 1))
            guard let bytes = FileBytes.read(path) else {
                problems.append(GraphQLError("cannot read '\(path)'"))
                return nil
            }
            let source = Source(bytes: bytes, name: path, id: id)
            sources.append(source)
            do {
                documents.append(try Parser.parse(source))
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty { return nil }
        // Schemas in a dialect are validated against what the server derives from them.
        let dialect = Dialect.of(documents)
        let result = dialect.buildSchema(documents, options: options)
        problems += result.errors
        return (result.schema, dialect)
    }

    /// Files named directly, and the files with one of `extensions` inside named folders (sorted).
    private static func expand(_ paths: [String], extensions: Set<String>) throws(ArgumentError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ArgumentError("no such file '\(path)'")
            }
            if !isDirectory.boolValue {
                if let problem = InputFiles.problem(with: path) { throw ArgumentError(problem) }
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                if extensions.contains((relative as NSString).pathExtension) {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            if found.isEmpty { throw ArgumentError("no GraphQL files in '\(path)'") }
            files += found.sorted()
        }
        return files
    }

    /// Prints the problems (diagnostics on standard error, or JSON on standard output) or the
    /// summary, and returns the exit status.
    private static func finish(_ errors: [GraphQLError], sources: [Source], json: Bool, summary: String) -> Int32 {
        if json {
            var problems: [Problem] = []
            for error in errors {
                let diagnostic = Diagnostic.from(error, sources: sources)[0]
                problems.append(Problem(file: diagnostic.file, line: diagnostic.location?.line, column: diagnostic.location?.column, message: error.message, rule: error.rule))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(problems)) ?? Data("[]".utf8)
            Output.stdoutLine(String(decoding: data, as: UTF8.self))
            return errors.isEmpty ? 0 : 1
        }
        if errors.isEmpty {
            Output.stdoutLine(summary)
            return 0
        }
        for error in errors { Output.diagnostics(Diagnostic.from(error, sources: sources)) }
        Output.stderr("\(errors.count) error\(errors.count == 1 ? "" : "s")")
        return 1
    }

    private static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr(usage.split(separator: "\n", maxSplits: 2).prefix(2).joined(separator: "\n"))
        return 2
    }
}
