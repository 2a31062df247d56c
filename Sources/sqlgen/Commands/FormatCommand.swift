import SQLGenCommandLine
import SQLGenLanguage

/// `sqlgen format`: rewrites GraphQL files in canonical form (graphql-js `print` plus one newline).
enum FormatCommand: Command {
    static let name = "format"
    static let summary = "Rewrite GraphQL files in canonical form"
    static let usage = """
    USAGE: sqlgen format [--check] FILE...
           sqlgen format -

    Prints each document the way graphql-js's `print` does (two-space indentation, one definition
    per block, long argument lists wrapped) followed by one newline. Comments are not kept: a
    warning says how many were removed from each file.

    ARGUMENTS:
      FILE...     GraphQL files to rewrite in place (only files whose text changes are written)
      -           Read standard input and write the formatted text to standard output

    OPTIONS:
      --check     Change nothing; list the files that would change ('PATH: would reformat')
                  and exit 1 if there are any
      -h, --help  Show this help

    EXIT STATUS:
      0 success (or, with --check, every file already canonical); 1 syntax errors or files that
      would change; 2 bad arguments or unreadable files
    """

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, flags: ["--check"])
        } catch {
            return usageError(error.message)
        }
        let check = parsed.has("--check")
        let paths = parsed.operands
        if paths.isEmpty {
            return usageError("no input files (give FILE... or '-' for standard input)")
        }
        if paths.contains("-") {
            guard paths.count == 1 else {
                return usageError("'-' (standard input) cannot be combined with files")
            }
            return formatStandardInput(check: check)
        }
        // Every path is checked before any file is touched.
        let problems = paths.compactMap(InputFiles.problem(with:))
        if !problems.isEmpty {
            for problem in problems { Output.error(problem) }
            return 2
        }
        var status: Int32 = 0
        for path in paths {
            status = max(status, formatFile(path, check: check))
        }
        return status
    }

    /// The canonical text of `source`, or nil after reporting its syntax error.
    static func canonicalBytes(of source: Source) -> [UInt8]? {
        do {
            let document = try Parser.parse(source)
            var bytes = Printer.printUTF8(document)
            bytes.append(0x0A)
            return bytes
        } catch {
            Output.report(error, in: source)
            return nil
        }
    }

    private static func formatFile(_ path: String, check: Bool) -> Int32 {
        let source: Source
        do {
            source = try InputFiles.read(path)
        } catch {
            Output.error(error.description)
            return 2
        }
        guard let formatted = canonicalBytes(of: source) else { return 1 }
        if formatted == source.bytes { return 0 }
        if check {
            Output.stdoutLine("\(path): would reformat")
            return 1
        }
        do {
            try AtomicFileWriter.write(formatted, to: path)
        } catch {
            Output.error(error.description)
            return 1
        }
        warnAboutComments(in: source)
        return 0
    }

    private static func formatStandardInput(check: Bool) -> Int32 {
        let source = InputFiles.readStandardInput()
        guard let formatted = canonicalBytes(of: source) else { return 1 }
        if check {
            if formatted == source.bytes { return 0 }
            Output.stdoutLine("\(InputFiles.standardInputName): would reformat")
            return 1
        }
        Output.stdout(bytes: formatted)
        warnAboutComments(in: source)
        return 0
    }

    /// graphql-js's printer keeps no comments, so say so when formatting dropped some: a warning
    /// at the first one, with the count.
    private static func warnAboutComments(in source: Source) {
        var lexer = Lexer(source, includeComments: true)
        var count = 0
        var first: Token?
        while let token = try? lexer.next(), token.kind != .endOfFile {
            guard token.kind == .comment else { continue }
            count += 1
            if first == nil { first = token }
        }
        guard let first else { return }
        let message = count == 1 ? "1 comment removed (the canonical form keeps no comments)"
            : "\(count) comments removed (the canonical form keeps no comments)"
        Output.diagnostics([Diagnostic(severity: .warning, message: message, source: source, offset: first.start)])
    }

    private static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr(usage.split(separator: "\n", maxSplits: 2).prefix(2).joined(separator: "\n"))
        return 2
    }
}
