#!/usr/bin/env bash
# Every benchmark in one run: builds sqlgen-bench (release) once, then runs parse, schema, validate
# and generate beside graphql-core 3.3.2 (in a venv under /tmp, created on first use) and prints
# one table with the ratios.
#   benchmarks/run-all.sh [--runs N] [--operations N]
#   benchmarks/run-all.sh --compile     also times `swift build` of generated packages (slow)
set -euo pipefail
cd "$(dirname "$0")/.."
compile=false
args=()
for argument in "$@"; do
    if [ "$argument" = "--compile" ]; then compile=true; else args+=("$argument"); fi
done
venv="${SQLGEN_GRAPHQL_CORE_VENV:-/tmp/sqlgen-graphql-core-3.3.2}"
if ! "$venv/bin/python" -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.3.2")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet graphql-core==3.3.2
fi
echo "building sqlgen-bench (release)..." >&2
swift build -c release --product sqlgen-bench >&2
SQLGEN_BENCH="$(swift build -c release --show-bin-path)/sqlgen-bench"
export SQLGEN_BENCH
"$venv/bin/python" benchmarks/run-all.py "${args[@]+"${args[@]}"}"
if $compile; then
    benchmarks/compile-generated.sh
fi
