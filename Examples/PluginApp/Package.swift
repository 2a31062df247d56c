// swift-tools-version:6.0
// The build plugin as an app meets it: the connector (connector.yaml, schema, operations) lives in
// the target's folder, and SQLGenPlugin generates its SDK into the target on each build where one
// of those files changed. An app outside this repository names sqlgen by URL instead of path.
import PackageDescription

let package = Package(
    name: "PluginApp",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "sqlgen", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "PluginApp",
            dependencies: [.product(name: "SQLConnect", package: "sqlgen")],
            plugins: [.plugin(name: "SQLGenPlugin", package: "sqlgen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
