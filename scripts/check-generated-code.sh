#!/usr/bin/env bash
# Builds the reference generated packages (Tests/SQLGenCoreTests/Fixtures/golden/) against this
# checkout's SQLConnect in Swift 6 mode with warnings as errors (the decoding one in Swift 5 mode
# too), then runs a small program that uses them as an app would (Tests/GeneratedCodeChecks/main.swift),
# and app code written against Firebase's generated FriendlyFlix API in Swift 6 and 5 modes
# (Tests/GeneratedCodeChecks/Porting), and the README's marked examples as @MainActor code
# (scripts/matrix/readme_examples.py).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${TMPDIR:-/tmp}/sqlgen-generated-check"
golden="$repo/Tests/SQLGenCoreTests/Fixtures/golden"

mkdir -p "$work"
rm -rf "$work/Sources"
mkdir -p "$work/Sources/Check"
for name in movies:MoviesSDK friendlyflix:FriendlyFlixSDK wknd:WKNDAdventuresSDK decoding:DecodingSDK decoding:DecodingSDK5 wire:WireSDK; do
    folder="${name%%:*}"; module="${name##*:}"
    mkdir -p "$work/Sources/$module"
    cp -R "$golden/$folder/Sources/." "$work/Sources/$module/"
done
cp "$repo/Tests/GeneratedCodeChecks/main.swift" "$work/Sources/Check/main.swift"
mkdir -p "$work/Sources/ReadmeExamples"
python3 "$repo/scripts/matrix/readme_examples.py" "$repo/README.md" "$work/Sources/ReadmeExamples" >/dev/null
for mode in 6 5; do
    mkdir -p "$work/Sources/Porting$mode"
    cp "$repo/Tests/GeneratedCodeChecks/Porting/"*.swift "$work/Sources/Porting$mode/"
done
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let runtime: Target.Dependency = .product(name: "SQLConnect", package: "SQLConnect")
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let package = Package(
    name: "GeneratedCheck",
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [.package(path: "$repo/SQLConnect")],
    targets: [
        .target(name: "MoviesSDK", dependencies: [runtime], swiftSettings: strict),
        .target(name: "FriendlyFlixSDK", dependencies: [runtime], swiftSettings: strict),
        .target(name: "WKNDAdventuresSDK", dependencies: [runtime], swiftSettings: strict),
        .target(name: "DecodingSDK", dependencies: [runtime], swiftSettings: strict),
        .target(name: "DecodingSDK5", dependencies: [runtime], swiftSettings: strict + [.swiftLanguageMode(.v5)]),
        .target(name: "WireSDK", dependencies: [runtime], swiftSettings: strict),
        .executableTarget(name: "Check", dependencies: ["MoviesSDK", "FriendlyFlixSDK", "WKNDAdventuresSDK", "DecodingSDK", runtime]),
        // App code written against Firebase's generated API, only the import changed.
        .target(name: "Porting6", dependencies: ["FriendlyFlixSDK", runtime], swiftSettings: strict),
        // The README's examples, each the body of a @MainActor function (warnings allowed: they
        // are snippets with unused values).
        .target(name: "ReadmeExamples", dependencies: ["MoviesSDK", "WKNDAdventuresSDK", runtime]),
        .target(name: "Porting5", dependencies: ["FriendlyFlixSDK", runtime], swiftSettings: strict + [.swiftLanguageMode(.v5)]),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
echo "== building the reference generated packages against $repo"
swift build --package-path "$work" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
swift build --package-path "$work" >/dev/null
echo "== running the check program"
"$work/.build/debug/Check"
