import SQLGenLanguage
import SQLGenSchema

/// `sqlgen schema print`: builds a schema from SDL files/folders or an introspection result and
/// prints it in graphql-js `printSchema` form.
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Build, check and print a GraphQL schema"
    static let usage = """
    USAGE: sqlgen schema print [--expanded] [--allow-invalid] SCHEMA...

    Builds one schema from every SCHEMA input and prints it the way graphql-js's `printSchema`
    does: the schema definition when root names are not Query/Mutation/Subscription, directive
    definitions, then types in declaration order (built-in scalars, built-in directives and
    introspection types are left out). Problems are reported as file:line:column diagnostics.

    ARGUMENTS:
      SCHEMA...        SDL files (.graphql, .graphqls, .gql), folders of them (read recursively,
                       in path order, as one schema), or one introspection result (.json)

    OPTIONS:
      --expanded       Print the schema after the Data Connect dialect expansion
                       (not available yet: exits 2)
      --allow-invalid  Print even when the schema breaks type-system or SDL rules (the problems
                       are reported as warnings); syntax errors still stop
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
            parsed = try CommandArguments(Array(arguments.dropFirst()), flags: ["--expanded", "--allow-invalid"])
        } catch {
            return usageError(error.message)
        }
        if parsed.operands.isEmpty { return usageError("no schema inputs (give SDL files, folders or a .json introspection result)") }
        if parsed.operands.contains("-") { return usageError("standard input is not supported; give files or folders") }
        if parsed.has("--expanded") {
            // TODO(dataconnect): run the Data Connect dialect expansion on the parsed documents
            // before building, once SQLGenSchema/DataConnect provides it.
            Output.error("--expanded is not available yet: the Data Connect dialect expansion is not built in")
            return 2
        }
        let allowInvalid = parsed.has("--allow-invalid")
        let loaded: SchemaLoader.Result
        do {
            loaded = try SchemaLoader.load(paths: parsed.operands)
        } catch {
            Output.error(error.message)
            return 2
        }
        let severity: Diagnostic.Severity = allowInvalid && loaded.schema != nil ? .warning : .error
        for error in loaded.errors {
            Output.diagnostics(Diagnostic.from(error, severity: severity, sources: loaded.sources))
        }
        guard let schema = loaded.schema, loaded.errors.isEmpty || allowInvalid else { return 1 }
        Output.stdoutLine(SchemaPrinter.printSchema(schema))
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr("run 'sqlgen schema --help' for usage")
        return 2
    }
}
