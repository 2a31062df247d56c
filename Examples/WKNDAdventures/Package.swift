// swift-tools-version:6.0
// The WKND Adventures example: a command-line program (and a SwiftUI app file for Apple
// platforms) over the SDK `sqlgen generate --config Examples/WKNDAdventures/connector.yaml`
// writes (Generated/WKNDAdventuresSDK), against a real AEM or the sqlgen emulator.
import PackageDescription

let package = Package(
    name: "WKNDAdventures",
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [
        // Run `swift run sqlgen generate --config Examples/WKNDAdventures/connector.yaml` at the repository root first.
        .package(path: "Generated/WKNDAdventuresSDK"),
    ],
    targets: [
        .executableTarget(
            name: "WKNDAdventures",
            dependencies: [.product(name: "WKNDAdventuresSDK", package: "WKNDAdventuresSDK")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
