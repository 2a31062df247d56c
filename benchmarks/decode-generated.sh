#!/usr/bin/env bash
# Decoding speed at run time of generated result types against the synthesized `Decodable` they
# replaced: writes `sqlgen-bench decode-fixture`'s package (COUNT synthetic GitHub operations,
# both forms of their result types, one response each), builds it in release and runs
# benchmarks/decode-generated/main.swift, which checks that both forms decode every response to
# the same value and prints their CPU times and ratio with SQLConnect's decoder and JSONDecoder.
#   benchmarks/decode-generated.sh [COUNT] [ROUNDS]     (default: 100 15)
# SQLGEN_BENCH=path uses that sqlgen-bench instead of building it (release) here.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100}"
rounds="${2:-15}"
if [ -z "${SQLGEN_BENCH:-}" ]; then
    swift build -c release --product sqlgen-bench >&2
    SQLGEN_BENCH="$(swift build -c release --show-bin-path)/sqlgen-bench"
fi
work=$(mktemp -d /tmp/sqlgen-decode-generated.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$SQLGEN_BENCH" decode-fixture --operations "$count" --folder "$work/package" >&2
cp benchmarks/decode-generated/main.swift "$work/package/Sources/Runner/main.swift"
# Testing is enabled for `@testable import SQLConnect`, in both forms alike.
swift build --package-path "$work/package" -c release -Xswiftc -enable-testing >&2
"$(swift build --package-path "$work/package" -c release -Xswiftc -enable-testing --show-bin-path)/Runner" "$work/package/responses" "$rounds"
