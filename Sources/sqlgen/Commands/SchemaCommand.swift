import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenDialects
import SQLGenLanguage
import SQLGenSchema

/// `sqlgen schema print`: builds a schema from SDL files/folders or an introspection result and
/// prints it in graphql-js `printSchema` form.
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Build, check and print a GraphQL schema"
    static let usage = """
    USAGE: sqlgen schema print [--expanded] [--allow-invalid] SCHEMA...
           sqlgen schema print [--expanded] [--config PATH]

    Builds one schema from every SCHEMA input and prints it the way graphql-js's `printSchema`
    does: the schema definition when root names are not Query/Mutation/Subscription, directive
    definitions, then types in declaration order (built-in scalars, built-in directives and
    introspection types are left out). Problems are reported as file:line:column diagnostics.
    A Data Connect schema (@table, @view) or an AEM one (@model) is read in its dialect: its own
    types are printed (with the fields the dialect adds to them), or with --expanded the whole
    schema the server derives.
    With no SCHEMA, prints the schema of the connector of ./connector.yaml or ./dataconnect.yaml
    (or --config PATH), as `sqlgen generate` reads it (secondary schemas merged).

    ARGUMENTS:
      SCHEMA...        SDL files (.graphql, .graphqls, .gql), folders of them (read recursively,
                       in path order, as one schema), or one introspection result (.json)

    OPTIONS:
      --expanded       Print the whole schema the dialect derives (Data Connect's queries,
                       mutations and inputs; AEM's lists, filters and system fields)
      --allow-invalid  Print even when the schema breaks type-system or SDL rules (the problems
                       are reported as warnings); syntax errors still stop
      --config PATH    A connector.yaml, dataconnect.yaml or a folder holding one
      -h, --help       Show this help

    EXIT STATUS:
      0 printed; 1 syntax or schema errors; 2 bad arguments or unreadable inputs
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.first == "print" else {
            if let first = arguments.first {
                return usageError("unknown subcommand '\(first)' (expected 'print')")
            }
            return usageError("missing subcommand (expected 'print')")
        }
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(Array(arguments.dropFirst()), flags: ["--expanded", "--allow-invalid"], options: ["--config"])
        } catch {
            return usageError(error.message)
        }
        if parsed.operands.contains("-") { return usageError("standard input is not supported; give files or folders") }
        if let config = parsed.value("--config") ?? defaultConfig(parsed) {
            guard parsed.operands.isEmpty else { return usageError("--config prints a connector's schema; do not also give SCHEMA inputs") }
            return printConnectorSchema(config, expanded: parsed.has("--expanded"))
        }
        if parsed.operands.isEmpty { return usageError("no schema inputs (give SDL files, folders or a .json introspection result)") }
        let allowInvalid = parsed.has("--allow-invalid")
        let loaded: SchemaLoader.Result
        do {
            loaded = try SchemaLoader.load(paths: parsed.operands, makeSchema: dialectSchema)
        } catch {
            Output.error(error.message)
            return 2
        }
        let severity: Diagnostic.Severity = allowInvalid && loaded.schema != nil ? .warning : .error
        for error in loaded.errors {
            Output.diagnostics(Diagnostic.from(error, severity: severity, sources: loaded.sources))
        }
        guard let schema = loaded.schema, loaded.errors.isEmpty || allowInvalid else { return 1 }
        Output.stdoutLine(text(of: schema, ownTypes: parsed.has("--expanded") ? nil : dialectTypeNames(loaded.sources)))
        return 0
    }

    /// The connector's config in the current folder when no SCHEMA is given.
    private static func defaultConfig(_ parsed: CommandArguments) -> String? {
        guard parsed.operands.isEmpty else { return nil }
        let current = FileManager.default.currentDirectoryPath
        return ["connector.yaml", "dataconnect.yaml"].map { current + "/" + $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func printConnectorSchema(_ config: String, expanded: Bool) -> Int32 {
        let (schema, diagnostics) = GeneratorPipeline.schema(configPath: config)
        Output.diagnostics(diagnostics)
        guard let schema, !diagnostics.contains(where: { $0.severity == .error }) else { return 1 }
        let own = expanded ? nil : userTypeNames(configPath: config)
        Output.stdoutLine(text(of: schema, ownTypes: own))
        return 0
    }

    /// The user's own type names of a connector's schema files, when they are in a dialect.
    private static func userTypeNames(configPath: String) -> [String]? {
        guard let connector = try? ConnectorLocator.connectors(at: configPath).first else { return nil }
        let files = connector.project.map { project in project.schemaSources.flatMap { (try? SchemaLoader.files(at: [$0.absolutePath])) ?? [] } }
            ?? ((try? connector.config.discoverSchemaFiles().files) ?? [])
        let sources = files.compactMap { path in FileBytes.read(path).map { Source(bytes: $0, name: path) } }
        return dialectTypeNames(sources)
    }

    /// The schema in the dialect its documents use (Data Connect, AEM, or plain GraphQL).
    private static func dialectSchema(_ documents: [Document], options: SchemaBuildOptions) -> SchemaBuildResult {
        Dialect.of(documents).buildSchema(documents, options: options)
    }

    /// The types the sources declare, in order, when they are in a dialect; nil for plain SDL.
    private static func dialectTypeNames(_ sources: [Source]) -> [String]? {
        var options = ParseOptions()
        options.allowNoDefinitions = true
        let documents = sources.compactMap { try? Parser.parse($0, options: options) }
        guard Dialect.of(documents) != .graphQL else { return nil }
        return documents.flatMap(\.definitions).compactMap { definition in
            if case .type(let type) = definition { return type.name.value }
            return nil
        }
    }

    /// The whole schema, or only `ownTypes` (a dialect schema's own types, as the dialect reads them).
    private static func text(of schema: Schema, ownTypes: [String]?) -> String {
        guard let ownTypes else { return SchemaPrinter.printSchema(schema) }
        return ownTypes.compactMap { schema.type(named: $0).map(SchemaPrinter.printType) }.joined(separator: "\n\n")
    }

    private static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr("run 'sqlgen schema --help' for usage")
        return 2
    }
}
