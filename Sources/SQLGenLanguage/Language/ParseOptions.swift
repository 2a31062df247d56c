/// Options of `Parser`, with graphql-core 3.3.2's semantics and messages.
public struct ParseOptions: Sendable, Hashable {
    /// Give every node `SourceRange.none`, so ASTs compare equal whatever their layout.
    public var noLocation = false
    /// How deeply selection sets, list and object values and list types may nest before parsing
    /// fails with "Document is nested too deeply. Parsing aborted." (graphql-core's
    /// `MAX_NESTING_DEPTH`). It bounds the parser's recursion: keep it in the hundreds.
    public var maxDepth = 200
    /// graphql-core's deprecated `max_tokens`: at most this many tokens, comments included.
    public var maxTokens: Int?
    /// At most this many tokens, comments excluded.
    public var maxLexicalTokens: Int?
    /// At most this many comments.
    public var maxComments: Int?
    /// At most this many Unicode scalars of source text.
    public var maxSourceLength: Int?
    /// Accept `{}` (graphql-spec PR #1227; graphql-core's default). When false an empty selection
    /// set fails with `Expected Name, found "}".`
    public var allowEmptySelectionSets = true
    /// Accept a document with no definitions: a file of only comments or whitespace, which Data
    /// Connect reads as a file that defines nothing (the spec's `Document` needs one definition).
    public var allowNoDefinitions = false
    /// Accept variable definitions on fragments and arguments on fragment spreads.
    public var experimentalFragmentArguments = false

    public init() {}
}
