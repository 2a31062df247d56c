#!/usr/bin/env bash
# Compile time of generated packages: writes the synthetic GitHub connector of `sqlgen-bench
# generate` with 100 and with 500 operations, then for each, from a clean .build (debug):
# `swift build --target SQLConnect` (the runtime alone, from this repository by path), then
# `swift build` (what is left: the generated SDK). Prints both times, the SDK's time per 100
# operations and the generated lines per operation.
#   benchmarks/compile-generated.sh [COUNT...]      (default: 100 500)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SQLGEN_BENCH:-}" ]; then
    swift build -c release --product sqlgen-bench >&2
    SQLGEN_BENCH="$(swift build -c release --show-bin-path)/sqlgen-bench"
fi
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(100 500)
# "WALL CPU" seconds of a command (CPU = user + system time of it and its children: on a
# shared, loaded machine, wall time also counts the time other processes take).
seconds() {
    local out
    out=$(mktemp)
    /usr/bin/time -f '%e %U %S' -o "$out" "$@" >/dev/null
    awk '{ printf "%.1f %.1f", $1, $2 + $3 }' "$out"
    rm -f "$out"
}
printf '| operations | generated lines | lines/operation | SQLConnect build: wall s (CPU s) | SDK build after it: wall s (CPU s) | SDK per 100 operations: wall s (CPU s) |\n|---:|---:|---:|---:|---:|---:|\n'
for count in "${counts[@]}"; do
    folder="/tmp/sqlgen-bench-compile-$count"
    "$SQLGEN_BENCH" generate --runs 1 --operations "$count" --folder "$folder" --json > "$folder.json"
    package="$folder/out/GitHubSDK"
    rm -rf "$package/.build"
    runtime=$(cd "$package" && seconds swift build --target SQLConnect)
    sdk=$(cd "$package" && seconds swift build)
    lines=$(python3 -c "import json; r = json.load(open('$folder.json')); print(r['generatedSwiftLines'], round(r['linesPerOperation'], 1))")
    per100=$(echo "$sdk" | awk -v n="$count" '{ printf "%.1f (%.1f)", $1 * 100 / n, $2 * 100 / n }')
    printf '| %s | %s | %s | %s (%s) | %s (%s) | %s |\n' "$count" "${lines% *}" "${lines#* }" \
        "${runtime% *}" "${runtime#* }" "${sdk% *}" "${sdk#* }" "$per100"
done
