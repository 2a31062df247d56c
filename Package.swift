// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way:
//   sqlgen (CLI), sqlgen-generate (the plugins' tool) -> SQLGenCommandLine -> SQLGenCore -> SQLGenDialects -> SQLGenDataConnect, SQLGenAEM -> SQLGenSchema -> SQLGenLanguage
//   sqlgen (CLI) -> SQLGenEmulator -> SQLGenDataConnect, SQLGenAEM, SQLGenHTTP, CSQLite
//   sqlgen (CLI) -> SQLGenLSP -> SQLGenCore (connectors as `validate` loads them)
//   SQLGenCore -> SQLConnect, for the persisted-document ids generated code sends (one function)
// SQLConnect, the runtime that generated SDKs import, is a package of its own (SQLConnect/): apps
// that use a generated SDK package depend on it alone. This package compiles the same sources as a
// target of its own (no path dependency, so the package still works as a remote dependency), and
// offers it as the product apps that use the build plugin depend on. Module names are global in a
// package graph, so an app takes SQLConnect from one of the two packages.
// macOS 15: the emulator and the schema model use the standard library's `Synchronization`
// (`Mutex`, `Atomic`).
let package = Package(
    name: "sqlgen",
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .executable(name: "sqlgen", targets: ["sqlgen"]),
        .library(name: "SQLGenLanguage", targets: ["SQLGenLanguage"]),
        .library(name: "SQLGenSchema", targets: ["SQLGenSchema"]),
        // The runtime, for targets whose SDK the build plugin generates.
        .library(name: "SQLConnect", targets: ["SQLConnect"]),
        .plugin(name: "SQLGenPlugin", targets: ["SQLGenPlugin"]),
        .plugin(name: "SQLGenCommandPlugin", targets: ["SQLGenCommandPlugin"]),
    ],
    targets: [
        // The GraphQL language: lexer, parser, AST, printer. No dependencies.
        .target(name: "SQLGenLanguage"),
        // The spec's type system, schema building and validation.
        .target(name: "SQLGenSchema", dependencies: ["SQLGenLanguage"]),
        // Dialects: each expands its users' SDL into a whole schema, adds its validation rules and
        // resolves its model (Data Connect's tables, AEM's content fragment models).
        .target(name: "SQLGenDataConnect", dependencies: ["SQLGenLanguage", "SQLGenSchema"]),
        .target(name: "SQLGenAEM", dependencies: ["SQLGenLanguage", "SQLGenSchema"]),
        // Which dialect a schema is written in, decided once for every tool.
        .target(name: "SQLGenDialects", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect", "SQLGenAEM"]),
        // A small YAML reader for connector.yaml and dataconnect.yaml.
        .target(name: "SQLGenYAML"),
        // The code generator: config, IR, structured Swift, renderer, pipeline.
        // (SQLConnect only for the persisted-document ids generated code sends.)
        .target(name: "SQLGenCore", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect", "SQLGenDialects", "SQLGenYAML", "SQLConnect"]),
        // HTTP/1.1 server on POSIX sockets (the emulator, and test servers).
        .target(name: "SQLGenHTTP"),
        // JSON values, parsed and written: requests and answers of the emulator, LSP messages.
        .target(name: "SQLGenJSON"),
        // SQLite from the system.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // PostgreSQL's client library from the system, and a small Swift client over it.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .target(name: "SQLGenPostgres", dependencies: ["CLibPQ"]),
        // The local emulator: executor, SQL planner, storage.
        .target(name: "SQLGenEmulator", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect", "SQLGenAEM", "SQLGenHTTP", "SQLGenJSON", "CSQLite", "SQLGenPostgres"]),
        // The runtime's sources, for the tests and for apps that use the build plugin.
        .target(name: "SQLConnect", path: "SQLConnect/Sources/SQLConnect"),
        // What the `sqlgen` command and the plugins' tool share: arguments, output, `generate`.
        .target(name: "SQLGenCommandLine", dependencies: ["SQLGenLanguage", "SQLGenCore"]),
        // The language server (`sqlgen lsp`): a connector's operation files in an editor.
        .target(name: "SQLGenLSP", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenCore", "SQLGenJSON"]),
        .executableTarget(name: "sqlgen", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDialects", "SQLGenCore", "SQLGenEmulator", "SQLGenHTTP", "SQLGenJSON", "SQLGenCommandLine", "SQLGenLSP"]),
        // The plugins' tool: generation alone (no emulator, HTTP server or SQLite to build).
        .executableTarget(name: "sqlgen-generate", dependencies: ["SQLGenCore", "SQLGenCommandLine"]),
        // Generates the SDK of the connector in a target's folder into that target, on each build
        // where one of its inputs changed.
        .plugin(name: "SQLGenPlugin", capability: .buildTool(), dependencies: ["sqlgen-generate"]),
        // `swift package sqlgen generate [--watch]`: writes the SDK package as `sqlgen generate` does.
        .plugin(
            name: "SQLGenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "sqlgen", description: "Generate the connector's Swift SDK package (sqlgen generate)"),
                permissions: [.writeToPackageDirectory(reason: "sqlgen generate writes the SDK package named by generate.swiftSdk")]),
            dependencies: ["sqlgen-generate"]),
        // Writes code that calls generated SDKs from every isolation context (the compile matrix).
        .executableTarget(name: "sqlgen-callsites", dependencies: ["SQLGenCore", "SQLConnect"], path: "Tests/CallSites"),
        .executableTarget(name: "sqlgen-bench", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenCore", "SQLGenLSP", "SQLGenJSON"]),

        .testTarget(name: "SQLGenLanguageTests", dependencies: ["SQLGenLanguage"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenSchemaTests", dependencies: ["SQLGenLanguage", "SQLGenSchema"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenDataConnectTests", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenAEMTests", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenAEM"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenYAMLTests", dependencies: ["SQLGenYAML"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenCommandLineTests", dependencies: ["SQLGenCommandLine", "SQLGenCore", "sqlgen-generate"]),
        .testTarget(name: "SQLGenCoreTests", dependencies: ["SQLGenCore", "SQLGenSchema", "SQLGenDataConnect", "SQLGenLanguage", "SQLConnect"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenHTTPTests", dependencies: ["SQLGenHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenPostgresTests", dependencies: ["SQLGenPostgres"]),
        .testTarget(name: "SQLConnectTests", dependencies: ["SQLConnect", "SQLGenHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenEmulatorTests", dependencies: ["SQLGenEmulator", "SQLGenJSON", "SQLGenAEM", "SQLGenLanguage", "SQLGenSchema", "CSQLite", "SQLGenHTTP", "SQLGenYAML", "SQLConnect", "SQLGenPostgres"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenLSPTests", dependencies: ["SQLGenLSP", "SQLGenJSON", "SQLGenCore", "SQLGenLanguage"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenJSONTests", dependencies: ["SQLGenJSON"]),
        // Runs the built `sqlgen` binary as a user would (arguments, exit codes, files, diagnostics).
        .testTarget(name: "SQLGenCLITests", dependencies: ["sqlgen", "SQLGenHTTP", "SQLGenPostgres"], exclude: ["Fixtures"]),
        // The generator's golden packages (Tests/SQLGenCoreTests/Fixtures/golden/), each compiled as a
        // module of its own against SQLConnect and run by GeneratedSDKTests on a fake transport, so
        // generated code that breaks the runtime's contract fails `swift test`. Test targets, so
        // `swift build` leaves them out.
        .testTarget(name: "GoldenMoviesSDK", dependencies: ["SQLConnect"], path: "Tests/SQLGenCoreTests/Fixtures/golden/movies/Sources"),
        .testTarget(name: "GoldenFriendlyFlixSDK", dependencies: ["SQLConnect"], path: "Tests/SQLGenCoreTests/Fixtures/golden/friendlyflix/Sources"),
        .testTarget(name: "GoldenWKNDSDK", dependencies: ["SQLConnect"], path: "Tests/SQLGenCoreTests/Fixtures/golden/wknd/Sources"),
        .testTarget(name: "GoldenDecodingSDK", dependencies: ["SQLConnect"], path: "Tests/SQLGenCoreTests/Fixtures/golden/decoding/Sources"),
        .testTarget(name: "GoldenWireSDK", dependencies: ["SQLConnect"], path: "Tests/SQLGenCoreTests/Fixtures/golden/wire/Sources"),
        .testTarget(name: "GeneratedSDKTests", dependencies: ["SQLConnect", "GoldenMoviesSDK", "GoldenFriendlyFlixSDK", "GoldenWKNDSDK", "GoldenDecodingSDK", "GoldenWireSDK"]),
    ],
    swiftLanguageModes: [.v6]
)
