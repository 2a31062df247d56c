#!/usr/bin/env bash
# The compile matrix: generated SDKs compiled the way apps call them.
#
# For every Data Connect project in Tests/RealProjects/{examples,realworld} (a swiftSdk
# added in a copy where the authors had none), the WKND example and the coverage connectors in
# Tests/Matrix: generate the SDK, build it with warnings as errors, then build a consumer that
# calls every operation from the main actor, another actor, nonisolated code and a detached task
# (sqlgen-callsites), in Swift 6 and in Swift 5 language mode, and run both consumers.
#   scripts/compile-matrix.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
projects="$repo/Tests/RealProjects"
work="${TMPDIR:-/tmp}/sqlgen-matrix"
# Generation records stay in the work folder, not in the user's cache.
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
fail() { printf '\ncompile-matrix: FAILED: %s\n' "$*" >&2; exit 1; }
emulator_pid=""
cleanup() {
    if [ -n "$emulator_pid" ] && kill -0 "$emulator_pid" 2>/dev/null; then
        kill -TERM "$emulator_pid" 2>/dev/null || true
        wait "$emulator_pid" 2>/dev/null || true
    fi
}
trap cleanup EXIT

swift build --package-path "$repo" --product sqlgen >/dev/null || fail "swift build --product sqlgen"
swift build --package-path "$repo" --product sqlgen-callsites >/dev/null || fail "swift build --product sqlgen-callsites"
bin="$(swift build --package-path "$repo" --show-bin-path)"

sources=()
for folder in "$projects"/examples/*/ "$projects"/realworld/*/ "$repo"/Examples/WKNDAdventures/ "$repo"/Tests/Matrix/*/; do
    [ -f "$folder/dataconnect.yaml" ] || [ -f "$folder/connector.yaml" ] && sources+=("$folder")
done
rm -rf "$work/projects" "$work/sdks" "$work/calls"
mkdir -p "$work"
mapfile -t configs < <(SQLGEN="$bin/sqlgen" python3 "$repo/scripts/matrix/prepare.py" "$work" "${sources[@]}")
[ ${#configs[@]} -eq ${#sources[@]} ] || fail "preparing the projects (sqlgen init)"

packages=()
for config in "${configs[@]}"; do
    "$bin/sqlgen" generate --config "$config" >/dev/null || fail "sqlgen generate --config $config"
    mapfile -t made < <("$bin/sqlgen-callsites" "$config" --output-dir "$work/calls") || fail "sqlgen-callsites $config"
    packages+=("${made[@]}")
done
echo "== ${#packages[@]} SDKs from ${#configs[@]} projects: ${packages[*]}"

python3 "$repo/scripts/matrix/write_package.py" "$work" "$repo/SQLConnect" "${packages[@]}"
echo "== building the SDKs (Swift 6, warnings as errors) and the consumers (Swift 6 and Swift 5)"
swift build --package-path "$work" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
swift build --package-path "$work" >/dev/null 2>&1 || fail "swift build --package-path $work"
for mode in 6 5; do
    "$work/.build/debug/CallsSwift$mode" || fail "the Swift $mode consumer"
done
echo "== the coverage connectors as an app uses them (the Data Connect one against the emulator)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
rm -rf "$work/data"
"$bin/sqlgen" emulator --config "$repo/Tests/Matrix/Coverage/connector.yaml" --port "$port" --data-dir "$work/data" >"$work/emulator.log" 2>&1 &
emulator_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "$emulator_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; fail "the coverage emulator exited at start"; }
    sleep 0.1
done
SQLGEN_EMULATOR_PORT="$port" "$work/.build/debug/CoverageRun" || { cat "$work/emulator.log" >&2; fail "the coverage run"; }
echo "compile matrix passed: ${#packages[@]} SDKs, every operation from 4 isolation contexts, Swift 6 and 5"
