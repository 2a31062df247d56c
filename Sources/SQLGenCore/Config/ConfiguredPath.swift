import SQLGenLanguage

/// A path written in a configuration file: the text as written, the absolute path it resolves to
/// (relative paths are relative to the folder of the file that names them), and where it was
/// written (nil for defaults), so later problems with it can point at the line.
public struct ConfiguredPath: Sendable, Hashable {
    public var text: String
    public var absolutePath: String
    /// The configuration file that names the path.
    public var file: String?
    public var location: SourceLocation?
    /// The text of the line, for the caret of a diagnostic.
    public var lineText: String?

    public init(text: String, absolutePath: String, file: String? = nil, location: SourceLocation? = nil, lineText: String? = nil) {
        self.text = text
        self.absolutePath = absolutePath
        self.file = file
        self.location = location
        self.lineText = lineText
    }

    /// A diagnostic pointing at where this path was written.
    func diagnostic(_ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
        Diagnostic(severity: severity, message: message, file: file, location: location, lineText: lineText)
    }
}
