/// Why the emulator could not start or load something (schema, operations, database, seed file).
public struct EmulatorError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
