import Foundation
import SQLGenCommandLine

enum CommandRunner {
    static let version = "0.1.0"

    /// Every command, in the order `--help` lists them. Add new commands here.
    static let commands: [any Command.Type] = [
        InitCommand.self,
        GenerateCommand.self,
        FormatCommand.self,
        SchemaCommand.self,
        ValidateCommand.self,
        EmulatorCommand.self,
        PersistCommand.self,
        LSPCommand.self,
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            print(help)
            return 0
        }
        switch first {
        case "--help", "-h", "help":
            print(help)
            return 0
        case "--version":
            print("sqlgen \(version)")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            Output.error("unknown command '\(first)'; run 'sqlgen --help' for the list")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(command.usage)
            return 0
        }
        return command.run(rest)
    }

    static var help: String {
        var text = """
        sqlgen \(version): typed Swift SDKs for GraphQL persisted operations

        USAGE: sqlgen <command> [options]

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun 'sqlgen <command> --help' for a command's options."
        return text
    }
}
