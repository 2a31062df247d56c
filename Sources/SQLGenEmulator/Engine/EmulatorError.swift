import SQLGenLanguage

/// Why the emulator could not start or load something (schema, operations, database, seed file).
public struct EmulatorError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension EmulatorError {
    /// Parses schema files, failing with the first syntax error as `file: message`.
    static func parse(_ sources: [Source]) throws(EmulatorError) -> [Document] {
        var documents: [Document] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                throw EmulatorError("\(source.name): \(error.message)")
            }
        }
        return documents
    }
}
