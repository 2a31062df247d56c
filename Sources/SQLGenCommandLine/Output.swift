import Foundation
import SQLGenLanguage

/// Writing to standard output and standard error.
public enum Output {
    public static func error(_ message: String) {
        FileHandle.standardError.write(Data(("sqlgen: error: " + TerminalText.escaped(message) + "\n").utf8))
    }

    public static func stderr(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes bytes to standard output unchanged (no added newline).
    public static func stdout(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A line on standard output, written directly so it is not reordered with `stdout(bytes:)`.
    public static func stdoutLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Compiler-style diagnostics on standard error, one block each.
    public static func diagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { stderr(diagnostic.rendered()) }
    }

    /// The diagnostics of a `GraphQLError` raised while reading `source`.
    public static func report(_ error: GraphQLError, in source: Source) {
        diagnostics(Diagnostic.from(error, sources: [source]))
    }
}
