#!/usr/bin/env bash
# A generated SDK as an app outside this repository meets it: generate with no `sqlConnect`
# setting (the default dependency: this checkout's SQLConnect package, by relative path), then
# build an app package that depends on the SDK by path, in Swift 6 and Swift 5 modes, and check
# that its package graph holds only the SDK and SQLConnect (no generator, emulator or system
# library), that it builds only those modules, and that the declared platforms are Firebase's.
#   scripts/check-sdk-package.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-app.XXXXXX")"
# Generation records stay in the work folder, not in the user's cache.
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
trap 'rm -rf "$work"' EXIT
fail() { printf '\ncheck-sdk-package: FAILED: %s\n' "$*" >&2; exit 1; }

swift build --package-path "$repo" --product sqlgen >/dev/null || fail "swift build --product sqlgen"
sqlgen="$(swift build --package-path "$repo" --show-bin-path)/sqlgen"

mkdir -p "$work/connector/schema" "$work/connector/operations" "$work/App/Sources/App"
cp "$repo/schema/"*.gql "$work/connector/schema/"
cp "$repo/connector/"*.gql "$work/connector/operations/"
for publisher in observableMacro observableObject; do
    cat > "$work/connector/connector.yaml" <<YAML
connectorId: movies
generate:
  swiftSdk: {outputDir: ../sdk, package: MoviesSDK, observablePublisher: $publisher}
sqlgen: {schema: schema, operations: [operations]}
YAML
    "$sqlgen" generate --config "$work/connector/connector.yaml" >/dev/null || fail "sqlgen generate ($publisher)"
    manifest="$work/sdk/MoviesSDK/Package.swift"
    grep -q '.package(path: "' "$manifest" || fail "the default dependency is not a local path: $(grep -n package "$manifest")"
    if [ "$publisher" = observableMacro ]; then platforms='[.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)]'; else platforms='[.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)]'; fi
    grep -qF "platforms: $platforms" "$manifest" || fail "$publisher: platforms are not $platforms"
done

cat > "$work/Package.swift.template" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    platforms: [.iOS(.v15), .macOS(.v12)],
    dependencies: [.package(path: "../sdk/MoviesSDK")],
    targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "MoviesSDK", package: "MoviesSDK")],
                          swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ],
    swiftLanguageModes: [.vMODE]
)
MANIFEST
sed "s/MODE/6/" "$work/Package.swift.template" > "$work/App/Package.swift"
cat > "$work/App/Sources/App/main.swift" <<'SWIFT'
import MoviesSDK
import SQLConnect

let connector = DataConnect.moviesConnector
let ref = connector.listMoviesByGenreQuery.ref(genre: "Sci-Fi") { $0.limit = 3 }
print("app: \(ref.variables.genre) limit \(ref.variables.limit ?? 0)")
SWIFT
(cd "$work/App" && swift package show-dependencies --format json) > "$work/deps.json" || fail "swift package show-dependencies"
python3 - "$work/deps.json" <<'PY' || fail "the app's package graph holds more than the SDK and SQLConnect"
import json, sys
def names(node):
    for dep in node.get("dependencies", []):
        yield dep["identity"]
        yield from names(dep)
found = sorted(set(names(json.load(open(sys.argv[1])))))
print("app package graph:", ", ".join(found))
sys.exit(0 if found == ["moviessdk", "sqlconnect"] else 1)
PY
for mode in 6 5; do
    sed "s/MODE/$mode/" "$work/Package.swift.template" > "$work/App/Package.swift"
    rm -rf "$work/App/.build"
    swift build --package-path "$work/App" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "the app does not build in Swift $mode mode"; }
    modules=$(find "$work/App/.build/debug/Modules" -name '*.swiftmodule' -exec basename {} .swiftmodule \; | sort | tr '\n' ' ')
    [ "$modules" = "App MoviesSDK SQLConnect " ] || fail "Swift $mode: the app built more than it needs: $modules"
    "$work/App/.build/debug/App" | grep -q "^app: Sci-Fi limit 3$" || fail "the app did not run"
done
echo "SDK package check passed: the app's graph is MoviesSDK and SQLConnect alone, built in Swift 6 and 5 modes"
