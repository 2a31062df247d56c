// swift-tools-version:6.0
// The Movies example: a command-line program that uses the SDK `sqlgen generate` writes for the
// repository's root connector (Generated/MoviesSDK), exactly as an app would.
import PackageDescription

let package = Package(
    name: "MoviesExample",
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [
        // Run `swift run sqlgen generate` at the repository root first.
        .package(path: "Generated/MoviesSDK"),
    ],
    targets: [
        .executableTarget(
            name: "MoviesExample",
            dependencies: [.product(name: "MoviesSDK", package: "MoviesSDK")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
