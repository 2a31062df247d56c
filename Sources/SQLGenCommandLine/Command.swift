/// A subcommand of `sqlgen`.
public protocol Command: Sendable {
    /// The word after `sqlgen`, e.g. `format`.
    static var name: String { get }
    /// One line for `sqlgen --help`.
    static var summary: String { get }
    /// The full `sqlgen <command> --help` text.
    static var usage: String { get }
    /// Runs with the arguments after the command word; returns the exit status
    /// (0 success, 1 problems in the input, 2 bad arguments).
    static func run(_ arguments: [String]) -> Int32
}
