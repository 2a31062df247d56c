#!/usr/bin/env bash
# Compares the emulator's answers with graphql-core 3.3.2's over the same rows: builds sqlgen in
# release (as e2e does; reused when it is up to date), starts the emulator on a free loopback port
# with the root connector and seed/movies.gql, runs scripts/conformance/conformance.py against it,
# and fails at the first disagreement. graphql-core comes from PyPI into a venv under /tmp.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-conformance.XXXXXX")"
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
emulator_pid=""

fail() { printf '\nconformance: FAILED: %s\n' "$*" >&2; exit 1; }
cleanup() {
    stop_emulator
    rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=scripts/emulator-process.sh
source "$repo/scripts/emulator-process.sh"

venv="${SQLGEN_GRAPHQL_CORE_VENV:-/tmp/sqlgen-graphql-core-3.3.2}"
if ! "$venv/bin/python" -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.3.2")' 2>/dev/null; then
    python3 -m venv "$venv" || fail "python3 -m venv $venv"
    "$venv/bin/pip" install --quiet graphql-core==3.3.2 || fail "pip install graphql-core==3.3.2"
fi

swift build -c release --product sqlgen >/dev/null || fail "swift build -c release --product sqlgen"
sqlgen="$repo/.build/release/sqlgen"

start_emulator "$sqlgen" "$work" --seed seed/movies.gql

"$venv/bin/python" -B scripts/conformance/conformance.py "$port" || fail "the emulator and graphql-core disagree (see DISAGREE above)"
