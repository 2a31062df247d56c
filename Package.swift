// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way:
//   sqlgen (CLI) -> SQLGenCore -> SQLGenDialects -> SQLGenDataConnect, SQLGenAEM -> SQLGenSchema -> SQLGenLanguage
//   sqlgen (CLI) -> SQLGenEmulator -> SQLGenDataConnect, SQLGenAEM, SQLGenHTTP, CSQLite
//   SQLGenCore -> SQLConnect, for the persisted-document ids generated code sends (one function)
// SQLConnect, the runtime that generated SDKs import, is a package of its own (SQLConnect/): apps
// depend on it alone. This package compiles the same sources as a target of its own for its tests
// (not a product, and no path dependency, so the package still works as a remote dependency).
// macOS 15: the emulator and the schema model use the standard library's `Synchronization`
// (`Mutex`, `Atomic`).
let package = Package(
    name: "sqlgen",
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .executable(name: "sqlgen", targets: ["sqlgen"]),
        .library(name: "SQLGenLanguage", targets: ["SQLGenLanguage"]),
        .library(name: "SQLGenSchema", targets: ["SQLGenSchema"]),
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
        // SQLite from the system.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // PostgreSQL's client library from the system, and a small Swift client over it.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .target(name: "SQLGenPostgres", dependencies: ["CLibPQ"]),
        // The local emulator: executor, SQL planner, storage.
        .target(name: "SQLGenEmulator", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect", "SQLGenAEM", "SQLGenHTTP", "CSQLite", "SQLGenPostgres"]),
        // The runtime's sources, for the tests (apps get them from the SQLConnect package).
        .target(name: "SQLConnect", path: "SQLConnect/Sources/SQLConnect"),
        .executableTarget(name: "sqlgen", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDialects", "SQLGenCore", "SQLGenEmulator", "SQLGenHTTP"]),
        // Writes code that calls generated SDKs from every isolation context (the compile matrix).
        .executableTarget(name: "sqlgen-callsites", dependencies: ["SQLGenCore", "SQLConnect"], path: "Tests/CallSites"),
        .executableTarget(name: "sqlgen-bench", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenCore"]),

        .testTarget(name: "SQLGenLanguageTests", dependencies: ["SQLGenLanguage"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenSchemaTests", dependencies: ["SQLGenLanguage", "SQLGenSchema"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenDataConnectTests", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenDataConnect"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenAEMTests", dependencies: ["SQLGenLanguage", "SQLGenSchema", "SQLGenAEM"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenYAMLTests", dependencies: ["SQLGenYAML"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenCoreTests", dependencies: ["SQLGenCore", "SQLGenSchema", "SQLGenDataConnect", "SQLGenLanguage", "SQLConnect"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenHTTPTests", dependencies: ["SQLGenHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenPostgresTests", dependencies: ["SQLGenPostgres"]),
        .testTarget(name: "SQLConnectTests", dependencies: ["SQLConnect", "SQLGenHTTP"], exclude: ["Fixtures"]),
        .testTarget(name: "SQLGenEmulatorTests", dependencies: ["SQLGenEmulator", "SQLGenAEM", "SQLGenLanguage", "SQLGenSchema", "CSQLite", "SQLGenHTTP", "SQLGenYAML", "SQLConnect", "SQLGenPostgres"], exclude: ["Fixtures"]),
        // Runs the built `sqlgen` binary as a user would (arguments, exit codes, files, diagnostics).
        .testTarget(name: "SQLGenCLITests", dependencies: ["sqlgen", "SQLGenHTTP", "SQLGenPostgres"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
