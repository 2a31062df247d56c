#!/usr/bin/env bash
# Type-checks the Apple-only code on Linux against the stub modules in Tests/AppleStubs (Combine,
# Security, UIKit, SwiftUI: only the API that code uses, with the SDK's signatures and isolation):
#   - SQLConnect's `#if canImport(Combine)` and `#if canImport(Security)` files (the whole runtime
#     is compiled with the stubs visible, so both conditions are true),
#   - an observableObject SDK (the kitchensink connector, whose refs are QueryRefObservableObject
#     under `#if canImport(Combine)`),
#   - the Movies, WKND and Parse SDKs and the examples' SwiftUI files (the WKND one on its UIKit
#     branch; ParseLogin's login form and signed-in view),
#     in Swift 6 mode and again in Swift 5 mode,
# in a throwaway package under ${TMPDIR:-/tmp}, all with warnings as errors. The repository is only
# read: connectors are copied and generated into the throwaway folder, sources are symlinked.
#   scripts/check-apple-code.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
projects="$repo/Tests/RealProjects"
kitchensink="$projects/examples/data-connect-ios-sdk-kitchensink"
work="${TMPDIR:-/tmp}/sqlgen-apple-check"
# Generation records stay in the work folder, not in the user's cache.
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
SECONDS=0
repo_state="$(git -C "$repo" status --porcelain 2>/dev/null || true)"
fail() { printf '\ncheck-apple-code: FAILED after %ss: %s\n' "$SECONDS" "$*" >&2; exit 1; }

swift build --package-path "$repo" --product sqlgen >/dev/null || fail "swift build --product sqlgen"
sqlgen="$(swift build --package-path "$repo" --show-bin-path)/sqlgen"

# Each connector is copied with its swiftSdk pointed at $work/sdks; sqlgen rewrites only changed
# files there, so an unchanged SDK is not recompiled on the next run.
[ -f "$kitchensink/default/connector.yaml" ] || fail "no kitchensink project at $kitchensink (Tests/RealProjects)"
grep -q 'observablePublisher: *"\{0,1\}observableObject' "$kitchensink/default/connector.yaml" \
    || fail "the kitchensink connector no longer uses observablePublisher: observableObject"
rm -rf "$work/projects"
mkdir -p "$work/projects/movies" "$work/projects/wknd" "$work/projects/parse"
cp -R "$repo/connector.yaml" "$repo/schema" "$repo/connector" "$work/projects/movies/"
(cd "$repo/Examples/WKNDAdventures" && cp -R connector.yaml schema queries content "$work/projects/wknd/")
(cd "$repo/Examples/ParseLogin" && cp -R connector.yaml schema operations "$work/projects/parse/")
cp -R "$kitchensink" "$work/projects/kitchensink"
add_sdk() { python3 "$repo/scripts/matrix/add_swift_sdk.py" "$1" "$work/sdks" "$2"; }
add_sdk "$work/projects/movies/connector.yaml" MoviesSDK
add_sdk "$work/projects/wknd/connector.yaml" WKNDAdventuresSDK
add_sdk "$work/projects/kitchensink/default/connector.yaml" KitchenSink
add_sdk "$work/projects/parse/connector.yaml" ParseSDK
for config in movies/connector.yaml wknd/connector.yaml kitchensink/dataconnect.yaml parse/connector.yaml; do
    "$sqlgen" generate --config "$work/projects/$config" >/dev/null || fail "sqlgen generate --config $config"
done

rm -rf "$work/Sources"
mkdir -p "$work/Sources"
for stub in Combine Security UIKit SwiftUI; do
    ln -s "$repo/Tests/AppleStubs/$stub" "$work/Sources/$stub"
done
ln -s "$repo/SQLConnect/Sources/SQLConnect" "$work/Sources/SQLConnect"
for sdk in MoviesSDK WKNDAdventuresSDK KitchenSink ParseSDK; do
    ln -s "$work/sdks/$sdk/Sources" "$work/Sources/$sdk"
done
for mode in 6 5; do
    mkdir -p "$work/Sources/MoviesViews$mode" "$work/Sources/WKNDViews$mode" "$work/Sources/ParseViews$mode"
    ln -s "$repo/Examples/Movies/Sources/MoviesExample/MovieListView.swift" "$work/Sources/MoviesViews$mode/"
    ln -s "$repo/Examples/WKNDAdventures/Sources/WKNDAdventures/AdventuresApp.swift" "$work/Sources/WKNDViews$mode/"
    ln -s "$repo/Examples/ParseLogin/Sources/ParseLogin/LoginViews.swift" "$work/Sources/ParseViews$mode/"
done

cat > "$work/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
// Written by scripts/check-apple-code.sh: the Apple-only code compiled against stub modules.
import PackageDescription
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let swift5 = strict + [.swiftLanguageMode(.v5)]
// A target sees the stub modules it depends on, so `canImport(...)` of each is true there.
func views(_ name: String, sdk: String, settings: [SwiftSetting]) -> Target {
    .target(name: name, dependencies: [.target(name: sdk), "SQLConnect", "SwiftUI"], swiftSettings: settings)
}
let package = Package(
    name: "AppleCodeCheck",
    targets: [
        .target(name: "Combine", swiftSettings: strict),
        .target(name: "Security", swiftSettings: strict),
        .target(name: "UIKit", swiftSettings: strict),
        .target(name: "SwiftUI", dependencies: ["UIKit"], swiftSettings: strict),
        .target(name: "SQLConnect", dependencies: ["Combine", "Security"], swiftSettings: strict),
        .target(name: "KitchenSink", dependencies: ["SQLConnect", "Combine"], swiftSettings: strict),
        .target(name: "MoviesSDK", dependencies: ["SQLConnect"], swiftSettings: strict),
        .target(name: "WKNDAdventuresSDK", dependencies: ["SQLConnect"], swiftSettings: strict),
        .target(name: "ParseSDK", dependencies: ["SQLConnect"], swiftSettings: strict),
        views("MoviesViews6", sdk: "MoviesSDK", settings: strict),
        views("WKNDViews6", sdk: "WKNDAdventuresSDK", settings: strict),
        views("ParseViews6", sdk: "ParseSDK", settings: strict),
        views("MoviesViews5", sdk: "MoviesSDK", settings: swift5),
        views("WKNDViews5", sdk: "WKNDAdventuresSDK", settings: swift5),
        views("ParseViews5", sdk: "ParseSDK", settings: swift5),
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST

echo "== compiling the Apple-only code against Tests/AppleStubs (Swift 6 and 5, warnings as errors)"
# Diagnostics name the repository's files rather than their symlinks (the views' targets keep
# their names, which say the language mode).
set +e
swift build --package-path "$work" 2>&1 \
    | grep -vE '^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Write|Planning)' \
    | sed -e "s|$work/Sources/SQLConnect/|$repo/SQLConnect/Sources/SQLConnect/|g" \
          -e "s|$work/Sources/\(Combine\|Security\|UIKit\|SwiftUI\)/|$repo/Tests/AppleStubs/\1/|g"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || fail "the Apple-only code does not compile against the stubs (swift build exited $status)"
[ "$(git -C "$repo" status --porcelain 2>/dev/null || true)" = "$repo_state" ] || fail "the check changed the repository"
echo "check-apple-code: passed in ${SECONDS}s"
