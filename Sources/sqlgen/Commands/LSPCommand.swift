import SQLGenCommandLine
import SQLGenLSP

/// `sqlgen lsp`: the language server for a connector's operation files.
enum LSPCommand: Command {
    static let name = "lsp"
    static let summary = "Run the language server (LSP over standard input and output)"
    static let usage = """
    USAGE: sqlgen lsp [--stdio]

    Speaks the Language Server Protocol (3.17) on standard input and output, for the .gql and
    .graphql files of connectors: each file's connector is found from its folder, as the other
    commands find connector.yaml or dataconnect.yaml, and several connectors may share a
    workspace. Editors start it themselves (see the README for Neovim, Helix, Emacs, Sublime
    and VS Code).

    It publishes the diagnostics `sqlgen validate` gives, on open and on every change, and
    answers completion, hover, go to definition (a derived type or field opens a read-only view
    of the schema the dialect derives, kept in the cache folder), references of a fragment,
    document symbols, formatting (`sqlgen format`'s output) and quick fixes for undeclared and
    unused variables.

    OPTIONS:
      --stdio     Accepted for clients that pass it (standard input and output are the only
                  transport)
      -h, --help  Show this help

    EXIT STATUS:
      0 after the client's shutdown and exit; 1 when the input ended without them
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard CommandArguments.parsedOrReported(arguments, flags: ["--stdio"], maxOperands: 0) != nil else { return 2 }
        return ServerLoop.run()
    }
}
