import SQLGenLanguage

/// sqlgen's own settings: the `sqlgen:` mapping of `connector.yaml`. Every key is optional.
///
/// ```yaml
/// sqlgen:
///   schema: schema/                  # a folder of .graphql/.gql files, an introspection
///                                    # schema.json, or a list of either (default: schema/
///                                    # beside connector.yaml, or dataconnect.yaml's schema.source)
///   operations: [queries, "mutations/**/*.gql"]   # folders, files or globs (default: every
///                                    # .gql/.graphql file beside connector.yaml and below it)
///   backend: aem                     # dataconnect (default), aem or graphql
///   endpoint: https://publish-p1-e2.adobeaemcloud.com   # server URL baked into the client
///   headers:                         # backend graphql: sent with every request
///     X-Parse-Application-Id: my-app
///   auth:
///     header: X-Parse-Session-Token  # how a signed-in user's token is sent (default:
///                                    # Authorization: Bearer)
///   aem:
///     configuration: wknd-shared     # persisted-query configuration name
///     content: content/fragments.json  # content fragments `sqlgen emulator` serves (optional)
///   scalars:                         # GraphQL scalar → Swift type
///     DateTime: Date
///     JSON: {type: JSONValue, import: MyJSON}
///   assumeValidSchema: true          # skip the schema's type-system rules (default false)
///   sqlConnect:                      # where the generated package gets SQLConnect
///     path: ../..                    # a local checkout (this repository's examples and tests)
///     # or: url: https://github.com/example/sqlgen.git
///     #     version: 1.0.0
/// ```
/// One HTTP header the generated client sends.
public struct RequestHeader: Sendable, Hashable {
    public var name: String
    public var value: String
}

public struct SQLGenSettings: Sendable, Hashable {
    /// `schema`: where the schema is. Each entry is a folder (every `.graphql`/`.gql` file in it
    /// and below), a single `.graphql`/`.gql` file, or an introspection result `.json`
    /// (`{"__schema": ...}` or `{"data": {"__schema": ...}}`). Relative to `connector.yaml`.
    public var schema: [ConfiguredPath]
    /// A Data Connect project's secondary schemas (`schemas[]` with an `httpGraphql` datasource),
    /// merged into the expanded schema; set from `dataconnect.yaml`, not from `connector.yaml`.
    public var secondarySchema: [ConfiguredPath] = []
    /// True when `schema` was not written and is the default (`schema/` beside `connector.yaml`);
    /// a Data Connect project then uses `dataconnect.yaml`'s `schema.source` instead.
    public var schemaIsDefault: Bool
    /// `operations`: folders, files or glob patterns (`*`, `?`, `**` for any number of folders)
    /// naming the operation files, relative to `connector.yaml`. Nil means the default: every
    /// `.gql`/`.graphql` file beside `connector.yaml` and below it, outside the schema, the
    /// output folders and hidden folders such as `.dataconnect`.
    public var operations: [ConfiguredPath]?
    /// `backend`: which server the generated client talks to (default `dataconnect`).
    public var backend: Backend = .dataconnect
    /// `endpoint`: the server URL the generated client uses by default: for `graphql` the GraphQL
    /// over HTTP endpoint, for `aem` the AEM host (persisted queries are run at
    /// `<endpoint>/graphql/execute.json/<configuration>/<name>`), for `dataconnect` the service
    /// URL (the emulator is chosen at run time with `useEmulator`).
    public var endpoint: String?
    /// `headers`: for `graphql`, headers the generated client's default transport sends with every
    /// request (a Parse application id), in the order written.
    public var headers: [RequestHeader] = []
    /// `auth.header`: the header a signed-in user's token travels in, alone (Parse's
    /// `X-Parse-Session-Token`); nil for `Authorization: Bearer <token>`.
    public var credentialHeader: String?
    /// `aem`: AEM persisted-query settings (required when `backend` is `aem`).
    public var aem: AEMSettings?
    /// `scalars`: custom scalar mappings, in the order written.
    public var scalars: [ScalarMapping] = []
    /// `sqlConnect`: where the generated `Package.swift` gets `SQLConnect` from; nil lets the
    /// generator use its default (this sqlgen's release).
    public var sqlConnect: SQLConnectSource?
    /// `assumeValidSchema`: do not check the schema itself (neither the SDL rules nor the
    /// type-system rules; like `sqlgen validate --assume-valid-schema`), so that a published
    /// schema with known errors (the current public GitHub schema has 14) can still be used.
    /// Operations are still validated against it.
    public var assumeValidSchema = false

    /// The mapping for a GraphQL scalar, if the file gives one.
    public func scalarMapping(for graphQLName: String) -> ScalarMapping? {
        scalars.first { $0.graphQLName == graphQLName }
    }
}

extension SQLGenSettings {
    /// `sqlgen.backend` values.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// Firebase Data Connect (and `sqlgen emulator`): operations run by name.
        case dataconnect
        /// Adobe Experience Manager persisted queries over HTTP GET.
        case aem
        /// Any GraphQL over HTTP server: the operation text is sent with each request.
        case graphql
    }
}

/// `sqlgen.aem`.
public struct AEMSettings: Sendable, Hashable {
    /// `configuration` (required): the AEM configuration holding the persisted queries, such as
    /// `wknd-shared`.
    public var configuration: String
    /// `content` (optional): a JSON file of content fragments in AEM's export form (see
    /// `sqlgen emulator --help`), relative to connector.yaml's folder, that `sqlgen emulator` serves.
    public var content: String?

    /// An operation's persisted-query name: its file name without the extension, as AEM names
    /// them (`adventures-all.graphql` → `adventures-all`).
    public static func persistedQueryName(forOperationFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `/<configuration>/<name>`: the short path AEM's clients take.
    public func persistedQueryPath(forOperationFile path: String) -> String {
        "/\(configuration)/\(AEMSettings.persistedQueryName(forOperationFile: path))"
    }
}

extension SQLGenSettings {
    /// `sqlgen.scalars` entry: `Name: SwiftType` or `Name: {type: SwiftType, import: Module}`.
    public struct ScalarMapping: Sendable, Hashable {
        /// The GraphQL scalar's name.
        public var graphQLName: String
        /// The Swift type, possibly module-qualified or generic (`Foundation.Date`, `[String: Int]`).
        public var swiftType: String
        /// A module the generated code must import for the type.
        public var importModule: String?
        public var location: SourceLocation?
    }
}

/// `sqlgen.sqlConnect`: where the generated package's `SQLConnect` dependency comes from.
public enum SQLConnectSource: Sendable, Hashable {
    /// `path:` a local checkout of sqlgen (absolute); generated as `.package(path:)`.
    case path(ConfiguredPath)
    /// `url:` and `version:`; generated as `.package(url:from:)`.
    case remote(url: String, version: String)
}
