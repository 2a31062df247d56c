// swift-tools-version:6.0
// SQLConnect: the runtime library that sqlgen-generated SDKs import, as a package of its own so an
// app's package graph holds only this (no generator, emulator or system libraries). Foundation only.
//
// The platforms are the lowest the runtime supports; the observable refs need more
// (`QueryRefObservation`: iOS 17, macOS 14) and say so with `@available`.
import PackageDescription

let package = Package(
    name: "SQLConnect",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "SQLConnect", targets: ["SQLConnect"]),
    ],
    targets: [
        .target(name: "SQLConnect"),
    ],
    swiftLanguageModes: [.v6]
)
