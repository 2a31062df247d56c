import Foundation
import SQLGenLanguage
import SQLGenYAML

extension ConnectorConfig {
    /// Data Connect's SDK generators sqlgen does not implement; their settings are ignored quietly.
    static let otherDataConnectSDKs = ["javascriptSdk", "kotlinSdk", "dartSdk", "adminNodeSdk", "llmTools"]

    /// Reads `connector.yaml` at `path` (or in the folder `path`). Relative paths in the file are
    /// resolved against its folder. Throws every error found; warnings end up in `warnings`.
    public static func load(path: String) throws(ConfigurationError) -> ConnectorConfig {
        let file = try ConfigReader.readFile(path, defaultName: "connector.yaml")
        return try parse(bytes: file.bytes, path: file.path)
    }

    /// Checks the contents of a `connector.yaml` said to be at `path` (for relative paths and
    /// messages; the file is not read).
    public static func parse(bytes: [UInt8], path: String) throws(ConfigurationError) -> ConnectorConfig {
        var reader = ConfigReader(file: path, bytes: bytes)
        let absolutePath = ConfigPaths.absolute(path)
        let directory = ConfigPaths.parent(of: absolutePath)
        let config = read(&reader, path: absolutePath, directory: directory)
        guard let config, !reader.hasErrors else {
            throw ConfigurationError(diagnostics: reader.diagnostics)
        }
        return config
    }

    private static func read(_ reader: inout ConfigReader, path: String, directory: String) -> ConnectorConfig? {
        guard let root = reader.parseYAML() else { return nil }
        let fileName = ConfigPaths.fileName(path)
        if root.isNull {
            reader.error("\(fileName) is empty; it needs at least 'connectorId'", at: root)
            return nil
        }
        guard let pairs = root.pairs else {
            reader.error("\(fileName) must be a mapping of keys to values, found \(root.summary)", at: root)
            return nil
        }
        reader.checkKeys(pairs, in: fileName, known: ["connectorId", "generate", "sqlgen"], ignored: ["authMode"])

        var connectorId: String?
        if let node = root["connectorId"] {
            connectorId = reader.nonEmptyString(node, "connectorId")
            if let id = connectorId, !ConfigNameRules.isPlainName(id) {
                reader.error("'connectorId' must be letters, digits, '-' and '_', starting with a letter (it names the connector on the server "
                             + "and its Swift class), found \(node.summary)", at: node)
                connectorId = nil
            }
        } else {
            reader.error("missing required key 'connectorId' (the connector's name, such as movie-connector)", at: root)
        }

        let settings = SQLGenSettings.read(root["sqlgen"], reader: &reader, directory: directory)
        var sdks: [SwiftSDKConfig] = []
        if let generate = root["generate"], !generate.isNull, let generatePairs = reader.mapping(generate, "generate") {
            reader.checkKeys(generatePairs, in: "'generate'", known: ["swiftSdk"], ignored: otherDataConnectSDKs)
            if let swift = generate["swiftSdk"] {
                sdks = readSwiftSDKs(swift, reader: &reader, directory: directory)
            }
        }
        guard let connectorId else { return nil }
        return ConnectorConfig(path: path, directory: directory, connectorId: connectorId, swiftSDKs: sdks, sqlgen: settings, warnings: reader.diagnostics)
    }

    /// `swiftSdk`: one mapping or a list of mappings.
    private static func readSwiftSDKs(_ node: YAMLNode, reader: inout ConfigReader, directory: String) -> [SwiftSDKConfig] {
        if let items = node.items {
            return items.compactMap { readSwiftSDK($0, reader: &reader, directory: directory) }
        }
        guard node.pairs != nil else {
            reader.error("'swiftSdk' must be a mapping (with outputDir and package) or a list of them, found \(node.summary)", at: node)
            return []
        }
        return readSwiftSDK(node, reader: &reader, directory: directory).map { [$0] } ?? []
    }

    private static func readSwiftSDK(_ node: YAMLNode, reader: inout ConfigReader, directory: String) -> SwiftSDKConfig? {
        guard let pairs = reader.mapping(node, "swiftSdk") else { return nil }
        reader.checkKeys(pairs, in: "'swiftSdk'", known: ["outputDir", "package", "observablePublisher", "clientCache"], ignored: ["coreSdkPackageLocation"])
        var outputDir: ConfiguredPath?
        if let value = node["outputDir"] {
            if let text = reader.nonEmptyString(value, "outputDir") {
                outputDir = reader.configuredPath(text, node: value, directory: directory)
            }
        } else {
            reader.error("'swiftSdk' is missing the required key 'outputDir' (where the Swift package is written, relative to this file)", at: node)
        }
        var package: String?
        if let value = node["package"] {
            if let text = reader.nonEmptyString(value, "package") {
                if ConfigNameRules.isIdentifier(text) && ConfigNameRules.isFreeModuleName(text) {
                    package = text
                } else if ConfigNameRules.isIdentifier(text) {
                    reader.error("'package' names a module that Swift or the generated code already uses, or is a Swift keyword: choose another name, found \(value.summary)", at: value)
                } else {
                    reader.error("'package' must be a Swift module name (letters, digits and _, not starting with a digit), found \(value.summary)", at: value)
                }
            }
        } else {
            reader.error("'swiftSdk' is missing the required key 'package' (the Swift package name, such as MoviesSDK)", at: node)
        }
        var publisher = SwiftSDKConfig.ObservablePublisher.observableMacro
        if let value = node["observablePublisher"], let choice = reader.choice(value, "observablePublisher", as: SwiftSDKConfig.ObservablePublisher.self) {
            publisher = choice
        }
        var cache: ClientCacheConfig?
        if let value = node["clientCache"] {
            cache = readClientCache(value, reader: &reader)
        }
        guard let outputDir, let package else { return nil }
        return SwiftSDKConfig(outputDir: outputDir, package: package, observablePublisher: publisher, clientCache: cache, location: reader.location(of: node))
    }

    private static func readClientCache(_ node: YAMLNode, reader: inout ConfigReader) -> ClientCacheConfig? {
        guard let pairs = reader.mapping(node, "clientCache") else { return nil }
        reader.checkKeys(pairs, in: "'clientCache'", known: ["maxAge", "storage"], ignored: ["maxSize"])
        var cache = ClientCacheConfig(location: reader.location(of: node))
        if let value = node["maxAge"] {
            if let text = value.text, let duration = ConfigDuration.parse(text) {
                cache.maxAge = duration
            } else {
                reader.error("'maxAge' must be a duration such as 5s or 1h30m, found \(value.summary)", at: value)
            }
        }
        if let value = node["storage"], let storage = reader.choice(value, "storage", as: ClientCacheConfig.Storage.self) {
            cache.storage = storage
        }
        return cache
    }
}

extension ConfigReader {
    /// A path written at `node` in this file, resolved against `directory`.
    func configuredPath(_ text: String, node: YAMLNode, directory: String) -> ConfiguredPath {
        ConfiguredPath(
            text: text, absolutePath: ConfigPaths.resolve(text, relativeTo: directory), file: file,
            location: location(of: node), lineText: source.lineText(node.line))
    }
}

/// Checks on names that end up in Swift source.
enum ConfigNameRules {
    /// ASCII Swift identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetterOrUnderscore(first) else { return false }
        return bytes.allSatisfy { isLetterOrUnderscore($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// A name that servers put in URLs and the generator in Swift names: a connector ID as Data
    /// Connect takes it (`friendly-flix`, `Items`), an AEM persisted query's file name. An ASCII
    /// letter, then letters, digits, `-` and `_`.
    static func isPlainName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "_"), isLetterOrUnderscore(first) else { return false }
        return bytes.allSatisfy { isLetterOrUnderscore($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }

    /// Not a keyword (`import class` does not parse), nor a module the package or its apps import.
    static func isFreeModuleName(_ name: String) -> Bool {
        !SwiftNaming.keywords.contains(name) && !takenModuleNames.contains(name)
    }

    private static let takenModuleNames: Set<String> = [
        Runtime.module, "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "Combine", "Observation", "SwiftUI",
        "Dispatch", "Darwin", "Glibc", "Musl", "UIKit", "AppKit", "XCTest", "Testing", "_Concurrency",
    ]

    /// A type as written in Swift source: identifiers joined by `.`, with generic arguments,
    /// array/dictionary sugar and optionals (`Foundation.Date`, `[String: Int]`, `Set<UUID>?`).
    static func isTypeName(_ text: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.<>[]:?, ".utf8)
        let bytes = Array(text.utf8)
        guard let first = bytes.first, isLetterOrUnderscore(first) || first == UInt8(ascii: "[") else { return false }
        var balance = 0
        for byte in bytes {
            guard allowed.contains(byte) else { return false }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "[") { balance += 1 }
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "]") { balance -= 1 }
            if balance < 0 { return false }
        }
        return balance == 0
    }

    /// A GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    static func isGraphQLName(_ text: String) -> Bool { isIdentifier(text) }

    private static func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }
}
