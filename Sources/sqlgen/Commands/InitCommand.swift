import Foundation
import SQLGenCommandLine
import SQLGenCore

/// `sqlgen init`: adds a Swift SDK to an existing Data Connect project's connectors (as
/// `firebase init dataconnect:sdk` does), or writes a small working project. Never writes over
/// a file: it edits connector.yaml files in place and creates only files that do not exist.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Add a Swift SDK to a project, or start a new one"
    static let usage = """
    USAGE: sqlgen init [FOLDER] [--config PATH] [--connector ID] [--output-dir DIR] [--package NAME]
           sqlgen init --aem [FOLDER] [--configuration NAME]

    In a Data Connect project (a folder with dataconnect.yaml, or --config naming it or one of its
    connector.yaml files), adds a generate.swiftSdk entry to each connector that has none, keeping
    the rest of connector.yaml as it is. In a folder with neither file, writes a small Data Connect
    project (schema, connector, seed data) that `sqlgen generate` and `sqlgen emulator` run at once.
    With --aem, writes an AEM headless connector: a content fragment model, two persisted queries
    and content for the emulator.

    OPTIONS:
      FOLDER                The project folder (default: the current folder)
      --config PATH         A dataconnect.yaml or connector.yaml, or a folder holding one
      --connector ID        Only this connector (by connectorId)
      --output-dir DIR      Where the SDK is written, relative to connector.yaml
                            (default: the project's dataconnect-generated/swift)
      --package NAME        The Swift package (default: the connector id in UpperCamelCase + SDK)
      --aem                 Write an AEM headless connector
      --configuration NAME  The AEM persisted-query configuration (default: the folder's name)
      -h, --help            Show this help

    EXIT STATUS:
      0 written (or nothing to add); 1 a file already exists or a config cannot be edited;
      2 bad arguments
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard let parsed = CommandArguments.parsedOrReported(arguments, flags: ["--aem"], options: ["--config", "--connector", "--output-dir", "--package", "--configuration"],
                                                             maxOperands: 1) else { return 2 }
        let folder = absolute(parsed.operands.first ?? FileManager.default.currentDirectoryPath)
        do {
            let plan = try makePlan(parsed, folder: folder)
            try write(plan)
            for note in plan.notes { Output.stdoutLine(note) }
            return 0
        } catch {
            Output.error(error.description)
            return 1
        }
    }

    private static func makePlan(_ parsed: CommandArguments, folder: String) throws(ProjectInitializer.Failure) -> ProjectInitializer.Plan {
        if parsed.has("--aem") {
            let configuration = parsed.value("--configuration") ?? URL(fileURLWithPath: folder).lastPathComponent.lowercased()
            return ProjectInitializer.newAEMConnector(in: folder, configuration: configuration)
        }
        let config = parsed.value("--config").map(absolute) ?? folder
        guard let (connectors, projectDirectory) = try connectors(at: config) else {
            let serviceID = URL(fileURLWithPath: folder).lastPathComponent.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" }
            return ProjectInitializer.newDataConnectProject(in: folder, serviceID: serviceID.isEmpty ? "my-service" : serviceID)
        }
        return try ProjectInitializer.addSwiftSDK(
            connectors: connectors, projectDirectory: projectDirectory, connectorID: parsed.value("--connector"),
            outputDir: parsed.value("--output-dir"), package: parsed.value("--package"))
    }

    /// The connectors at `path` (a dataconnect.yaml, a connector.yaml, or a folder holding either)
    /// and their project's folder; nil when there is neither.
    private static func connectors(at path: String) throws(ProjectInitializer.Failure) -> ([ConnectorConfig], String)? {
        let hasConfig = path.hasSuffix(".yaml") || ["connector.yaml", "dataconnect.yaml"].contains { FileManager.default.fileExists(atPath: path + "/" + $0) }
        guard hasConfig else { return nil }
        do {
            let found = try ConnectorLocator.connectors(at: path)
            let directory = found.first?.project?.directory ?? found.first?.config.directory ?? path
            return (found.map(\.config), directory)
        } catch {
            throw ProjectInitializer.Failure(description: error.diagnostics.map { "\($0.file ?? ""): \($0.message)" }.joined(separator: "\n"))
        }
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }

    /// Every file or none: files to create must not exist yet.
    private static func write(_ plan: ProjectInitializer.Plan) throws(ProjectInitializer.Failure) {
        let existing = plan.files.filter { $0.kind == .create && FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            throw ProjectInitializer.Failure(description: "not writing over existing files: " + existing.map(\.path).joined(separator: ", "))
        }
        for file in plan.files {
            do {
                try AtomicFileWriter.writeIfChanged(Array(file.contents.utf8), to: file.path, createFolders: true)
            } catch {
                throw ProjectInitializer.Failure(description: error.description)
            }
        }
    }
}
