// swift-tools-version:6.0
// The sign-in example: a command-line program that follows the login tutorial's flow (sign up,
// a signed-in user's data, log out, log in) against a Parse-shaped GraphQL server with the SDK
// `sqlgen generate --config Examples/ParseLogin/connector.yaml` writes (Generated/ParseSDK).
import PackageDescription

let package = Package(
    name: "ParseLogin",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "Generated/ParseSDK"),
    ],
    targets: [
        .executableTarget(name: "ParseLogin", dependencies: [.product(name: "ParseSDK", package: "ParseSDK")]),
    ],
    swiftLanguageModes: [.v6]
)
