import SQLGenLanguage

/// A connector as described by its `connector.yaml`: Firebase Data Connect's keys plus sqlgen's
/// own settings under the top-level `sqlgen:` key.
///
/// ```yaml
/// connectorId: friendly-flix          # required; names the generated connector
/// authMode: PUBLIC                    # Data Connect key, accepted and ignored
/// generate:
///   swiftSdk:                         # one mapping or a list of them
///     outputDir: ../../app            # relative to this file
///     package: FriendlyFlixSDK
///     observablePublisher: observableMacro   # or observableObject
///     clientCache: {maxAge: 5s, storage: memory}
///   javascriptSdk: ...                # other Data Connect SDKs: accepted and ignored
/// sqlgen:                             # optional; see `SQLGenSettings`
///   backend: aem
///   aem: {configuration: wknd-shared}
/// ```
///
/// Unknown keys are warnings (`warnings`); keys with the wrong type are errors.
public struct ConnectorConfig: Sendable, Hashable {
    /// Absolute path of the `connector.yaml`.
    public var path: String
    /// Absolute path of the folder holding it; relative paths in the file start here.
    public var directory: String
    /// `connectorId`: the connector's name (required). Data Connect derives the Swift names from
    /// it (`friendly-flix` → `FriendlyFlix`, `DataConnect.friendlyFlixConnector`).
    public var connectorId: String
    /// `generate.swiftSdk`: every Swift SDK to generate (empty when there is none).
    public var swiftSDKs: [SwiftSDKConfig]
    /// `sqlgen:`: sqlgen's own settings, defaults when absent.
    public var sqlgen: SQLGenSettings
    /// Warnings found while reading (unknown keys, ignored settings).
    public var warnings: [Diagnostic]

    public init(path: String, directory: String, connectorId: String, swiftSDKs: [SwiftSDKConfig], sqlgen: SQLGenSettings, warnings: [Diagnostic] = []) {
        self.path = path
        self.directory = directory
        self.connectorId = connectorId
        self.swiftSDKs = swiftSDKs
        self.sqlgen = sqlgen
        self.warnings = warnings
    }
}

/// One `generate.swiftSdk` entry.
public struct SwiftSDKConfig: Sendable, Hashable {
    /// `outputDir` (required): the generated package is written to `<outputDir>/<package>/`.
    /// Relative to the `connector.yaml` that names it, as in Data Connect.
    public var outputDir: ConfiguredPath
    /// `package` (required): the Swift package and module name; must be a Swift identifier.
    public var package: String
    /// `observablePublisher`: which observable reference kind `ref()` returns
    /// (default `observableMacro`).
    public var observablePublisher: ObservablePublisher = .observableMacro
    /// `clientCache`: client-side caching of query results; nil when absent (no cache).
    public var clientCache: ClientCacheConfig?
    /// Where the entry starts in the file.
    public var location: SourceLocation?

    /// `<outputDir>/<package>`: the folder of the generated Swift package.
    public var packageDirectory: String {
        outputDir.absolutePath.hasSuffix("/") ? outputDir.absolutePath + package : outputDir.absolutePath + "/" + package
    }
}

extension SwiftSDKConfig {
    /// `observablePublisher` values.
    public enum ObservablePublisher: String, Sendable, Hashable, CaseIterable {
        /// `@Observable` references (iOS 17 / macOS 14 and later). The default.
        case observableMacro
        /// `ObservableObject` references with `@Published` properties.
        case observableObject
    }
}

/// `generate.swiftSdk.clientCache`.
public struct ClientCacheConfig: Sendable, Hashable {
    /// `maxAge`: how long a cached result is fresh, e.g. `5s`, `1h30m`, `250ms` (default 0:
    /// `.preferCache` always refetches but results are still stored).
    public var maxAge: Duration = .zero
    /// `storage`: `persistent` (default) or `memory`.
    public var storage: Storage = .persistent
    public var location: SourceLocation?

    public enum Storage: String, Sendable, Hashable, CaseIterable {
        case persistent
        case memory
    }

    /// `maxAge` in seconds, as the runtime's cache settings take it.
    public var maxAgeSeconds: Double { ConfigDuration.seconds(maxAge) }
}
