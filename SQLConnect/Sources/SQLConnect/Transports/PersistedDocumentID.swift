/// The id of an operation's text in a persisted-query manifest and in automatic persisted
/// queries: the SHA-256 of the document, lowercase hex. `sqlgen generate --manifest` computes the
/// ids it registers with this same function, so they match what `GraphQLHTTPTransport` sends.
public enum PersistedDocumentID {
    public static func sha256(_ document: String) -> String {
        SHA256.hexDigest(document)
    }
}
