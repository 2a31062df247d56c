// The prelude parsed once. It is our own constant text, so a parse failure is a bug in sqlgen,
// caught by the tests (`preludeParseError`); it never depends on user input.

import SQLGenLanguage
import SQLGenSchema

extension DataConnectDialect {
    /// The parsed prelude (`preludeSDL`), the first part of every expansion.
    public static var preludeDocument: Document { parsedPrelude.document }

    /// Non-nil only if the built-in prelude text failed to parse (a bug in sqlgen).
    public static var preludeParseError: GraphQLError? { parsedPrelude.error }
}

private let parsedPrelude: (document: Document, error: GraphQLError?) = {
    do throws(GraphQLError) {
        return (try Parser.parse(Source(DataConnectDialect.preludeSDL, name: "<data connect prelude>", id: SourceID(0x4443))), nil)
    } catch {
        return (Document(definitions: []), error)
    }
}()
