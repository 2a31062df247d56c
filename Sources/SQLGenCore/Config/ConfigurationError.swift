import SQLGenLanguage

/// A configuration file that cannot be used: every error found (and the warnings seen so far),
/// each with its file, line and column.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Errors and warnings in the order they were found; at least one is an error.
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Only the errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Every diagnostic rendered compiler-style, one after the other.
    public var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}
