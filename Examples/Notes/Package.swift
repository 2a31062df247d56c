// swift-tools-version:6.0
// Signing in at the emulator with generated code: sign up with Firebase Auth's REST API (the
// emulator serves it), write and read one's own notes, sign out and see the same query refused.
import PackageDescription

let package = Package(
    name: "Notes",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [
        .package(path: "Generated/NotesSDK"),
    ],
    targets: [
        .executableTarget(name: "Notes", dependencies: [.product(name: "NotesSDK", package: "NotesSDK")]),
    ],
    swiftLanguageModes: [.v6]
)
