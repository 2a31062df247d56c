import Foundation
import SQLGenLanguage

/// What `sqlgen init` writes: a `swiftSdk` entry in an existing project's connectors, or the files
/// of a small working project. It only plans; the command writes, and never over a file.
public enum ProjectInitializer {
    /// A file to create, or an existing file's new text.
    public struct PlannedFile: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case create, edit }
        public var path: String
        public var contents: String
        public var kind: Kind
    }

    public struct Plan: Sendable {
        public var files: [PlannedFile] = []
        /// Lines for the user: what is added, what is left as it was.
        public var notes: [String] = []
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(description: String) {
            self.description = description
        }
    }

    /// The default package of a connector: `friendly-flix` → `FriendlyFlixSDK`.
    public static func packageName(connectorID: String) -> String {
        SwiftNaming.upperCamel(connectorID) + "SDK"
    }

    /// A `swiftSdk` entry for each of `connectors` that has none (only `connectorID` when given).
    /// `outputDir` is relative to each connector's folder; by default `projectDirectory`'s
    /// `dataconnect-generated/swift`.
    public static func addSwiftSDK(connectors all: [ConnectorConfig], projectDirectory: String, connectorID: String?, outputDir: String?, package: String?) throws(Failure) -> Plan {
        let connectors = all.filter { connectorID == nil || $0.connectorId == connectorID }
        guard !connectors.isEmpty else {
            let known = all.map(\.connectorId).joined(separator: ", ")
            throw Failure(description: "no connector '\(connectorID ?? "")' in \(projectDirectory) (its connectors: \(known.isEmpty ? "none" : known))")
        }
        if package != nil, connectors.count > 1 {
            throw Failure(description: "--package names one package; the project has \(connectors.count) connectors, so also give --connector")
        }
        var plan = Plan()
        for connector in connectors {
            guard connector.swiftSDKs.isEmpty else {
                plan.notes.append("\(connector.path): connector '\(connector.connectorId)' already has a swiftSdk; left as it is")
                continue
            }
            let output = outputDir ?? relativePath(from: connector.directory, to: projectDirectory + "/dataconnect-generated/swift")
            let name = package ?? packageName(connectorID: connector.connectorId)
            plan.files.append(try edit(connector, outputDir: output, package: name))
            plan.notes.append("\(connector.path): added swiftSdk (outputDir: \(output), package: \(name))")
        }
        return plan
    }

    private static func edit(_ connector: ConnectorConfig, outputDir: String, package: String) throws(Failure) -> PlannedFile {
        let path = connector.directory + "/connector.yaml"
        guard let data = FileBytes.read(path) else {
            throw Failure(description: "cannot read \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let edited: String
        do {
            edited = try SwiftSDKEntry.adding(to: text, outputDir: outputDir, package: package)
        } catch {
            throw Failure(description: "\(path): \(error.description)")
        }
        // Read back what would be written: the entry must be there and nothing else broken.
        guard let reread = try? ConnectorConfig.parse(bytes: Array(edited.utf8), path: path),
              reread.swiftSDKs.map(\.package) == [package], reread.connectorId == connector.connectorId else {
            throw Failure(description: "\(path): could not add the entry safely; add it by hand under 'generate:':\n  swiftSdk:\n    outputDir: \(outputDir)\n    package: \(package)")
        }
        return PlannedFile(path: path, contents: edited, kind: .edit)
    }

    /// `to` relative to the folder `from` (both absolute).
    static func relativePath(from: String, to: String) -> String {
        GeneratorPipeline.relativePath(from: from, to: to)
    }
}
