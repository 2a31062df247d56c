import Foundation
import SQLGenCommandLine

// The plugins' tool, generation alone: `generate` is `sqlgen generate` (the command plugin) and
// `sources` writes the SDK as sources of the target that holds the connector (the build plugin).
let commands: [any Command.Type] = [GenerateCommand.self, SourcesCommand.self]
var arguments = Array(CommandLine.arguments.dropFirst())
// `--exit-with-input`: exit once standard input closes. The command plugin holds it open: SwiftPM
// stops the plugin on Ctrl-C but not the processes it started, and `--watch` would run on alone.
if arguments.first == "--exit-with-input" {
    arguments.removeFirst()
    Thread.detachNewThread {
        while !FileHandle.standardInput.availableData.isEmpty {}
        exit(0)
    }
}
guard let first = arguments.first, let command = commands.first(where: { $0.name == first }) else {
    Output.error("usage: sqlgen-generate [--exit-with-input] generate [--config PATH] [--watch] ... | sqlgen-generate sources --config PATH --output DIR [--inputs-under FOLDER ...]")
    exit(2)
}
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") {
    print(command.usage)
    exit(0)
}
exit(command.run(rest))
