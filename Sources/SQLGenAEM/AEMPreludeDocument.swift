// The prelude parsed once. It is our own constant text, so a parse failure is a bug in sqlgen,
// caught by the tests (`preludeParseError`); it never depends on user input.

import SQLGenLanguage
import SQLGenSchema

extension AEMDialect {
    /// The parsed prelude (`preludeSDL`), the first part of every expansion.
    public static var preludeDocument: Document { parsedAEMPrelude.document }

    /// Non-nil only if the built-in prelude text failed to parse (a bug in sqlgen).
    public static var preludeParseError: GraphQLError? { parsedAEMPrelude.error }
}

private let parsedAEMPrelude: (document: Document, error: GraphQLError?) = {
    do throws(GraphQLError) {
        return (try Parser.parse(Source(AEMDialect.preludeSDL, name: "<aem prelude>", id: SourceID(0x4145))), nil)
    } catch {
        return (Document(definitions: []), error)
    }
}()
