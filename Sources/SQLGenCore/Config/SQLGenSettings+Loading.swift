import Foundation
import SQLGenYAML

extension SQLGenSettings {
    /// The defaults for a `connector.yaml` in `directory`.
    static func defaults(directory: String) -> SQLGenSettings {
        SQLGenSettings(schema: [ConfiguredPath(text: "schema", absolutePath: ConfigPaths.resolve("schema", relativeTo: directory))], schemaIsDefault: true)
    }

    /// Reads the `sqlgen:` mapping (absent or empty means all defaults).
    static func read(_ node: YAMLNode?, reader: inout ConfigReader, directory: String) -> SQLGenSettings {
        var settings = defaults(directory: directory)
        guard let node, !node.isNull, let pairs = reader.mapping(node, "sqlgen") else { return settings }
        reader.checkKeys(pairs, in: "'sqlgen'", known: ["schema", "operations", "backend", "endpoint", "headers", "auth", "aem", "scalars", "sqlConnect", "assumeValidSchema"])

        if let value = node["schema"], let entries = reader.stringList(value, "schema") {
            settings.schema = entries.map { reader.configuredPath($0.0, node: $0.1, directory: directory) }
            settings.schemaIsDefault = false
        }
        if let value = node["operations"], let entries = reader.stringList(value, "operations") {
            settings.operations = entries.map { reader.configuredPath($0.0, node: $0.1, directory: directory) }
        }
        if let value = node["backend"], let backend = reader.choice(value, "backend", as: SQLGenSettings.Backend.self) {
            settings.backend = backend
        }
        if let value = node["endpoint"], let text = reader.string(value, "endpoint") {
            if isHTTPURL(text) {
                settings.endpoint = text
            } else {
                reader.error("'endpoint' must be an http or https URL such as https://example.com/graphql, found \(value.summary)", at: value)
            }
        }
        if let value = node["headers"] {
            settings.headers = readHeaders(value, reader: &reader)
        }
        if let value = node["auth"] {
            settings.credentialHeader = readAuth(value, reader: &reader)
        }
        if let value = node["aem"] {
            settings.aem = readAEM(value, reader: &reader)
        }
        if let value = node["scalars"] {
            settings.scalars = readScalars(value, reader: &reader)
        }
        if let value = node["sqlConnect"] {
            settings.sqlConnect = readSQLConnect(value, reader: &reader, directory: directory)
        }
        if let value = node["assumeValidSchema"], let flag = reader.bool(value, "assumeValidSchema") {
            settings.assumeValidSchema = flag
        }

        if settings.backend == .aem, node["aem"] == nil {
            let place = node.pair(for: "backend")?.value ?? node
            reader.error("backend 'aem' needs 'aem: {configuration: <name>}', the persisted-query configuration such as wknd-shared", at: place)
        }
        for key in ["headers", "auth"] where settings.backend != .graphql {
            if let pair = node.pair(for: key) {
                reader.warning("'\(key)' is ignored because 'backend' is \(settings.backend.rawValue); it configures GraphQL over HTTP (backend: graphql)", at: pair.key)
            }
        }
        if settings.backend != .aem, let pair = node.pair(for: "aem") {
            reader.warning("'aem' is ignored because 'backend' is \(settings.backend.rawValue); set 'backend: aem' to use it", at: pair.key)
        }
        return settings
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static func readAEM(_ node: YAMLNode, reader: inout ConfigReader) -> AEMSettings? {
        guard let pairs = reader.mapping(node, "aem") else { return nil }
        reader.checkKeys(pairs, in: "'aem'", known: ["configuration", "content"])
        guard let value = node["configuration"] else {
            reader.error("'aem' is missing the required key 'configuration' (the persisted-query configuration, such as wknd-shared)", at: node)
            return nil
        }
        guard let name = reader.nonEmptyString(value, "configuration") else { return nil }
        let forbidden = Set("/;?#% \t".utf8)
        guard !name.utf8.contains(where: forbidden.contains) else {
            reader.error("'configuration' must be an AEM configuration name such as wknd-shared (no '/', ';', '?', '#', '%' or spaces), found \(value.summary)", at: value)
            return nil
        }
        var content: String?
        if let value = node["content"] { content = reader.nonEmptyString(value, "content") }
        return AEMSettings(configuration: name, content: content)
    }

    private static func readScalars(_ node: YAMLNode, reader: inout ConfigReader) -> [ScalarMapping] {
        guard let pairs = reader.mapping(node, "scalars") else { return [] }
        var mappings: [ScalarMapping] = []
        for pair in pairs {
            let name = pair.name
            guard ConfigNameRules.isGraphQLName(name) else {
                reader.error("'\(name)' is not a GraphQL scalar name (letters, digits and _, not starting with a digit)", at: pair.key)
                continue
            }
            var typeNode = pair.value
            var importModule: String?
            if let fields = pair.value.pairs {
                reader.checkKeys(fields, in: "scalar '\(name)'", known: ["type", "import"])
                guard let type = pair.value["type"] else {
                    reader.error("scalar '\(name)' is missing the required key 'type' (the Swift type, such as Date)", at: pair.value)
                    continue
                }
                typeNode = type
                if let module = pair.value["import"], let text = reader.nonEmptyString(module, "import") {
                    if ConfigNameRules.isIdentifier(text) {
                        importModule = text
                    } else {
                        reader.error("'import' must be a Swift module name, found \(module.summary)", at: module)
                    }
                }
            } else if pair.value.text == nil {
                reader.error("scalar '\(name)' must map to a Swift type name or to {type: ..., import: ...}, found \(pair.value.summary)", at: pair.value)
                continue
            }
            guard let type = reader.nonEmptyString(typeNode, "type") else { continue }
            guard ConfigNameRules.isTypeName(type) else {
                reader.error("'\(type)' is not a Swift type name (such as Date, Foundation.Decimal or [String: Int])", at: typeNode)
                continue
            }
            mappings.append(ScalarMapping(graphQLName: name, swiftType: type, importModule: importModule, location: reader.location(of: pair.key)))
        }
        return mappings
    }

    private static func readSQLConnect(_ node: YAMLNode, reader: inout ConfigReader, directory: String) -> SQLConnectSource? {
        guard let pairs = reader.mapping(node, "sqlConnect") else { return nil }
        reader.checkKeys(pairs, in: "'sqlConnect'", known: ["path", "url", "version"])
        let path = node["path"]
        let url = node["url"]
        let version = node["version"]
        if let path {
            if url != nil || version != nil {
                reader.error("'sqlConnect' takes either 'path' or 'url' with 'version', not both", at: node)
                return nil
            }
            guard let text = reader.nonEmptyString(path, "path") else { return nil }
            return .path(reader.configuredPath(text, node: path, directory: directory))
        }
        guard let url else {
            reader.error("'sqlConnect' needs 'path' (a local sqlgen checkout) or 'url' and 'version'", at: node)
            return nil
        }
        guard let urlText = reader.nonEmptyString(url, "url") else { return nil }
        guard let version else {
            reader.error("'sqlConnect' with 'url' also needs 'version' (such as 1.0.0)", at: node)
            return nil
        }
        guard let versionText = reader.string(version, "version") else { return nil }
        guard isSemanticVersion(versionText) else {
            reader.error("'version' must be a semantic version such as 1.2.0, found \(version.summary)", at: version)
            return nil
        }
        return .remote(url: urlText, version: versionText)
    }

    /// `MAJOR.MINOR.PATCH` with an optional `-prerelease` and `+build`.
    static func isSemanticVersion(_ text: String) -> Bool {
        var core = Substring(text)
        if let plus = core.firstIndex(of: "+") { core = core[..<plus] }
        if let dash = core.firstIndex(of: "-") {
            guard core.index(after: dash) < core.endIndex else { return false }
            core = core[..<dash]
        }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
