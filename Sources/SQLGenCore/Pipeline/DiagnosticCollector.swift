import SQLGenLanguage

/// Collects diagnostics across the pipeline's stages; any error stops before writing.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every source read so far, to turn error ranges into file:line:column.
    public private(set) var sources: [Source] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func add(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public mutating func add(_ more: [Diagnostic]) { diagnostics += more }

    public mutating func add(_ error: GraphQLError, severity: Diagnostic.Severity = .error) {
        diagnostics += Diagnostic.from(error, severity: severity, sources: sources)
    }

    /// Registers a source and returns the id its ranges will carry.
    public mutating func register(text bytes: [UInt8], name: String) -> Source {
        let source = Source(bytes: bytes, name: name, id: SourceID(UInt32(sources.count)))
        sources.append(source)
        return source
    }
}
