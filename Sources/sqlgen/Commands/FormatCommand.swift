/// `sqlgen format`: rewrites GraphQL files in canonical form (to be implemented with the printer).
enum FormatCommand: Command {
    static let name = "format"
    static let summary = "Rewrite GraphQL files in canonical form"
    static let usage = """
    USAGE: sqlgen format [--check] FILE...
           sqlgen format -
    """

    static func run(_ arguments: [String]) -> Int32 {
        Output.error("format is not implemented yet")
        return 2
    }
}
