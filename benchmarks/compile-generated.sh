#!/usr/bin/env bash
# Compile time of generated packages against their types-only floor. For each COUNT, writes the
# synthetic GitHub connector of `sqlgen-bench generate` with COUNT operations, its SDK and the SDK's
# floor (the same result structs with their stored properties and no conformances: the types an SDK
# cannot do without), then for debug and release, for each package, from a clean .build:
# `swift build --target SQLConnect` (untimed), then `swift build` (timed: the package's own module).
# Prints CPU seconds (user + system of the build and its children; wall time on a shared machine
# also counts other processes' time) of the SDK and of the floor, and their ratio; with --runs N,
# the median of N builds of each, alternating SDK and floor.
#   benchmarks/compile-generated.sh [--runs N] [--configs "debug release"] [COUNT...]   (default: 100)
# SQLGEN_BENCH=path uses that sqlgen-bench instead of building it (release) here.
# SQLGEN_BENCH_REFERENCE=path also builds, in the same run, the SDK that this other sqlgen-bench
# (an older version, say) generates for the same operations, and prints it as "reference SDK".
# SQLGEN_BENCH_REFERENCE_SQLCONNECT=dir builds that SDK against dir/SQLConnect (the runtime of the
# same version, when the runtime changed too) instead of this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=1
configs="debug release"
counts=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --configs) configs="$2"; shift 2 ;;
        *) counts+=("$1"); shift ;;
    esac
done
[ ${#counts[@]} -gt 0 ] || counts=(100)
if [ -z "${SQLGEN_BENCH:-}" ]; then
    swift build -c release --product sqlgen-bench >&2
    SQLGEN_BENCH="$(swift build -c release --show-bin-path)/sqlgen-bench"
fi
work=$(mktemp -d /tmp/sqlgen-compile-generated.XXXXXX)
trap 'rm -rf "$work"' EXIT

# "WALL CPU" seconds of a command run in folder $1.
seconds() {
    local folder="$1" out
    shift
    out=$(mktemp "$work/time.XXXXXX")
    (cd "$folder" && /usr/bin/time -f '%e %U %S' -o "$out" "$@" >/dev/null)
    awk '{ printf "%.2f %.2f", $1, $2 + $3 }' "$out"
}

# "WALL CPU" of the package's own module built in configuration $2 from a clean .build.
build_package() {
    local package="$1" config="$2"
    rm -rf "$package/.build"
    (cd "$package" && swift build -c "$config" --target SQLConnect >/dev/null)
    seconds "$package" swift build -c "$config"
}

# The median of the numbers on standard input.
median() {
    sort -n | awk '{ values[NR] = $1 } END { if (NR % 2) print values[(NR + 1) / 2]; else printf "%.2f\n", (values[NR / 2] + values[NR / 2 + 1]) / 2 }'
}

reference="${SQLGEN_BENCH_REFERENCE:-}"
printf '| operations | generated lines (per operation) | configuration | package | CPU s (wall s) | CPU / floor CPU |\n'
printf '|---:|---:|---|---|---:|---:|\n'
for count in "${counts[@]}"; do
    folder="$work/generate-$count"
    "$SQLGEN_BENCH" generate --runs 1 --operations "$count" --folder "$folder" --floor "$folder/floor/GitHubSDK" --json > "$folder.json"
    packages=("SDK:$folder/out/GitHubSDK" "floor:$folder/floor/GitHubSDK")
    if [ -n "$reference" ]; then
        "$reference" generate --runs 1 --operations "$count" --folder "$work/reference-$count" \
            ${SQLGEN_BENCH_REFERENCE_SQLCONNECT:+--sqlconnect "$SQLGEN_BENCH_REFERENCE_SQLCONNECT"} --json > /dev/null
        packages+=("reference SDK:$work/reference-$count/out/GitHubSDK")
    fi
    lines=$(python3 -c "import json; r = json.load(open('$folder.json')); print(r['generatedSwiftLines'], round(r['linesPerOperation'], 1))")
    for config in $configs; do
        for index in "${!packages[@]}"; do : > "$work/times-$index"; done
        for _ in $(seq "$runs"); do
            for index in "${!packages[@]}"; do
                build_package "${packages[$index]#*:}" "$config" >> "$work/times-$index" && echo >> "$work/times-$index"
            done
        done
        floor_cpu=$(awk '{ print $2 }' "$work/times-1" | median)
        for index in "${!packages[@]}"; do
            cpu=$(awk '{ print $2 }' "$work/times-$index" | median)
            wall=$(awk '{ print $1 }' "$work/times-$index" | median)
            ratio=$(awk -v a="$cpu" -v b="$floor_cpu" 'BEGIN { printf "%.2fx", a / b }')
            printf '| %s | %s (%s) | %s | %s | %s (%s) | %s |\n' "$count" "${lines% *}" "${lines#* }" "$config" "${packages[$index]%%:*}" "$cpu" "$wall" "$ratio"
        done
    done
done
