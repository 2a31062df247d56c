import Foundation
import SQLGenLanguage

extension Output {
    /// Writes bytes to standard output unchanged (no added newline).
    static func stdout(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A line on standard output, written directly so it is not reordered with `stdout(bytes:)`.
    static func stdoutLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Compiler-style diagnostics on standard error, one block each.
    static func diagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { stderr(diagnostic.rendered()) }
    }

    /// The diagnostics of a `GraphQLError` raised while reading `source`.
    static func report(_ error: GraphQLError, in source: Source) {
        diagnostics(Diagnostic.from(error, sources: [source]))
    }
}
