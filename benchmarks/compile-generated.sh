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
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); echo "$end - $start" | bc; }
printf '| operations | generated lines | lines/operation | SQLConnect build (s) | SDK build after it (s) | SDK s per 100 operations |\n|---:|---:|---:|---:|---:|---:|\n'
for count in "${counts[@]}"; do
    folder="/tmp/sqlgen-bench-compile-$count"
    "$SQLGEN_BENCH" generate --runs 1 --operations "$count" --folder "$folder" --json > "$folder.json"
    package="$folder/out/GitHubSDK"
    rm -rf "$package/.build"
    runtime=$(cd "$package" && seconds swift build --target SQLConnect)
    sdk=$(cd "$package" && seconds swift build)
    lines=$(python3 -c "import json; r = json.load(open('$folder.json')); print(r['generatedSwiftLines'], round(r['linesPerOperation'], 1))")
    printf '| %s | %s | %s | %.1f | %.1f | %.1f |\n' "$count" "${lines% *}" "${lines#* }" "$runtime" "$sdk" "$(echo "$sdk * 100 / $count" | bc -l)"
done
