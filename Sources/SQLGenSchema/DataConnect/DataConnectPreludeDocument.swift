import SQLGenLanguage

extension DataConnectDialect {
    /// TEMPORARY until the parser lands.
    public static let preludeDocument = Document(definitions: [])
}
