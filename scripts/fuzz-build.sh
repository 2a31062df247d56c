#!/usr/bin/env bash
# Builds the one libFuzzer binary that holds every fuzz target (scripts/fuzz.sh runs it).
#
#   scripts/fuzz-build.sh            builds fuzz-artifacts/build/sqlgen-fuzzer
#
# SwiftPM cannot build a libFuzzer binary, so each module is compiled here with swiftc in
# dependency order (optimised, assertions on, AddressSanitizer and fuzzer coverage, -enable-testing
# so the targets reach internal parsers), then linked with Fuzz/. A module is rebuilt only when one
# of its sources, or a module it imports, is newer than its object.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SQLGEN_FUZZ_BUILD:-$root/fuzz-artifacts/build}"
mkdir -p "$build"
flags=(-package-name sqlgen -parse-as-library -O -assert-config Debug -sanitize=fuzzer,address -enable-testing
    -I "$build" -I "$root/Sources/CSQLite" -I "$root/Sources/CLibPQ")

# module source-directory dependencies...
modules=(
    "SQLGenLanguage Sources/SQLGenLanguage"
    "SQLGenYAML Sources/SQLGenYAML"
    "SQLGenHTTP Sources/SQLGenHTTP"
    "SQLGenJSON Sources/SQLGenJSON"
    "SQLConnect SQLConnect/Sources/SQLConnect"
    "SQLGenSchema Sources/SQLGenSchema SQLGenLanguage"
    "SQLGenDataConnect Sources/SQLGenDataConnect SQLGenLanguage SQLGenSchema"
    "SQLGenAEM Sources/SQLGenAEM SQLGenLanguage SQLGenSchema"
    "SQLGenDialects Sources/SQLGenDialects SQLGenLanguage SQLGenSchema SQLGenDataConnect SQLGenAEM"
    "SQLGenCore Sources/SQLGenCore SQLGenLanguage SQLGenSchema SQLGenDataConnect SQLGenDialects SQLGenYAML SQLConnect"
    "SQLGenPostgres Sources/SQLGenPostgres"
    "SQLGenEmulator Sources/SQLGenEmulator SQLGenLanguage SQLGenSchema SQLGenDataConnect SQLGenAEM SQLGenHTTP SQLGenJSON SQLGenPostgres"
    "SQLGenLSP Sources/SQLGenLSP SQLGenLanguage SQLGenSchema SQLGenCore SQLGenJSON"
    # Generated packages (the generator's golden references) the response target decodes into.
    "GoldenWireSDK Tests/SQLGenCoreTests/Fixtures/golden/wire/Sources SQLConnect"
    "GoldenDecodingSDK Tests/SQLGenCoreTests/Fixtures/golden/decoding/Sources SQLConnect"
    "GoldenWKNDSDK Tests/SQLGenCoreTests/Fixtures/golden/wknd/Sources SQLConnect"
)

# True when $1 is missing or older than any of the remaining paths (files or directories).
stale() {
    local target="$1"
    shift
    [ -e "$target" ] || return 0
    [ -n "$(find "$@" -newer "$target" -type f -print -quit 2>/dev/null)" ]
}

objects=()
for entry in "${modules[@]}"; do
    read -r name dir deps <<<"$entry"
    object="$build/$name.o"
    objects+=("$object")
    inputs=("$root/$dir")
    for dep in $deps; do inputs+=("$build/$dep.o"); done
    stale "$object" "${inputs[@]}" || continue
    echo "fuzz-build: $name" >&2
    mapfile -t sources < <(find "$root/$dir" -name '*.swift' | sort)
    swiftc -module-name "$name" "${flags[@]}" -wmo -num-threads 0 -emit-module \
        -emit-module-path "$build/$name.swiftmodule" -emit-object "${sources[@]}" -o "$object"
    # The compiler leaves an object whose bytes did not change untouched: mark it as built.
    touch "$object"
done

binary="$build/sqlgen-fuzzer"
if stale "$binary" "$root/Fuzz" "${objects[@]}"; then
    echo "fuzz-build: sqlgen-fuzzer" >&2
    mapfile -t sources < <(find "$root/Fuzz" -name '*.swift' | sort)
    swiftc -module-name SQLGenFuzz "${flags[@]}" "${sources[@]}" "${objects[@]}" -lsqlite3 -lpq -o "$binary"
fi
