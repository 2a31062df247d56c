import SQLGenLanguage

/// Why the emulator could not start or load something (schema, operations, database, seed file).
public struct EmulatorError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// One connector of a service: its id (`/graphql/execute.json/<id>/...`) and operation files.
public struct HostedConnector: Sendable {
    public var id: String
    public var operationSources: [Source]

    public init(id: String, operationSources: [Source]) {
        self.id = id
        self.operationSources = operationSources
    }
}

extension EmulatorError {
    /// Schema and operation files: one of only comments defines nothing, as Data Connect reads it.
    static let fileOptions: ParseOptions = {
        var options = ParseOptions()
        options.allowNoDefinitions = true
        return options
    }()

    /// Parses schema files, failing with the first syntax error as `file: message`.
    static func parse(_ sources: [Source]) throws(EmulatorError) -> [Document] {
        var documents: [Document] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source, options: fileOptions))
            } catch {
                throw EmulatorError("\(source.name): \(error.message)")
            }
        }
        return documents
    }
}
