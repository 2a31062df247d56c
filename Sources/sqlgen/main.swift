import Foundation

// Entry point: dispatch to a subcommand. Each command lives in Commands/ and returns an exit status.
let status = CommandRunner.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
