#!/usr/bin/env bash
# Signing in end to end against a real GraphQL server from PyPI shaped like Parse Server's
# (scripts/parse-like/server.py: strawberry on uvicorn, graphql-core 3.2 as graphql-js 16): generates
# Examples/ParseLogin's SDK, builds it, runs the login flow and checks every step's line.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-sign-in.XXXXXX")"
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
server_pid=""
fail() { printf '\ncheck-sign-in: FAILED: %s\n' "$*" >&2; [ -f "$work/server.log" ] && tail -20 "$work/server.log" >&2; exit 1; }
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

venv="${SQLGEN_PARSE_VENV:-/tmp/sqlgen-parse-like-venv}"
if ! "$venv/bin/python" -c 'import strawberry, uvicorn, graphql, sys; sys.exit(graphql.__version__ != "3.2.3")' 2>/dev/null; then
    python3 -m venv "$venv" || fail "python3 -m venv $venv"
    "$venv/bin/pip" install --quiet strawberry-graphql==0.219.0 graphql-core==3.2.3 starlette==0.37.2 uvicorn==0.30.6 \
        || fail "pip install strawberry-graphql, uvicorn"
fi

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
(cd scripts/parse-like && exec "$venv/bin/python" -B server.py "$port") >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$port/health" >/dev/null || fail "the Parse-shaped server did not start"

swift build -c release --product sqlgen >/dev/null || fail "swift build -c release --product sqlgen"
.build/release/sqlgen generate --config Examples/ParseLogin/connector.yaml >/dev/null || fail "sqlgen generate (ParseLogin)"
swift build --package-path Examples/ParseLogin >/dev/null 2>"$work/build.log" || { cat "$work/build.log" >&2; fail "swift build (ParseLogin)"; }

PARSE_URL="http://127.0.0.1:$port/graphql" Examples/ParseLogin/.build/debug/ParseLogin | tee "$work/out.txt" || fail "the ParseLogin example exited with an error"
expect() { grep -qE "$1" "$work/out.txt" || fail "expected a line matching: $1"; }
expect '^signed up: ann-.* \(session stored: true'
expect '^viewer: ann-'
expect '^notes: 1 \["Buy milk"\]'
expect '^signed out: true'
expect '^notes after sign-out: refused \(notSignedIn\)'
expect '^wrong password: refused \(wrongCredentials\)'
expect '^signed in again: 1 note$'
expect '^stale session: refused \(sessionExpired\)'
echo "check-sign-in: the login flow works against a graphql-js 16 style server"
