#!/usr/bin/env bash
# Instructions per request of sqlgen emulator, counted by valgrind's callgrind: deterministic, so
# small changes show on a shared machine where CPU time per request drifts by 10% or more. One
# connection, requests sent one after another (no concurrency effects: use run.sh for those).
#
#   benchmarks/emulator/callgrind.sh [lookup|list|insert] [requests, default 100] [sqlgen binary...]
# Needs: valgrind (callgrind_control), python3, a release build. Several binaries are measured in
# turn on the same data. CALLGRIND_OUT=DIR keeps each recording (for callgrind_annotate).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
op="${1:-list}" count="${2:-100}"
shift $(( $# < 2 ? $# : 2 ))
case "$op" in lookup|list|insert) ;; *) echo "callgrind.sh: operation must be lookup, list or insert" >&2; exit 2 ;; esac
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=("$repo/.build/release/sqlgen")
command -v callgrind_control >/dev/null || { echo "callgrind.sh: valgrind is missing" >&2; exit 1; }

work="$(mktemp -d /tmp/sqlgen-callgrind.XXXXXX)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
wait_healthy() {
    for _ in $(seq 1 480); do
        kill -0 "$server" 2>/dev/null || { cat "$1" >&2; exit 1; }
        python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$2/healthz', timeout=2)" 2>/dev/null && return
        sleep 0.5
    done
    echo "callgrind.sh: the server did not start" >&2; exit 1
}

# The data, imported once by the first binary without valgrind; each run reads a copy.
python3 "$here/generate_data.py" "$work/data" > /dev/null
port="$(free_port)"
"${binaries[0]}" emulator --config "$here/connector.yaml" --port "$port" --data-dir "$work/imported" --reset \
    --import "$work/data/data.json" > "$work/import.log" 2>&1 &
server=$!
wait_healthy "$work/import.log" "$port"
kill -TERM "$server"; wait "$server" 2>/dev/null || true; server=""

cat > "$work/requests.py" <<'PY'
import http.client, sys, urllib.parse
port, count, op, data = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
genres = open(f"{data}/genres.txt").read().split("\n")
genres = [g for g in genres if g]
ids = [i for i in open(f"{data}/ids.txt").read().split("\n") if i]
connection = http.client.HTTPConnection("127.0.0.1", port)
for index in range(count):
    if op == "insert":
        path = "/graphql/execute.json/bench/createMovie"
        body = '{"variables":{"title":"Load test %d","genre":"drama","rating":%d.5,"releaseYear":%d}}' % (index, index % 10, 1950 + index % 75)
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    elif op == "list":
        path = "/graphql/execute.json/bench/listMovies;genre=" + urllib.parse.quote(genres[index % len(genres)], safe="")
        connection.request("GET", path)
    else:
        path = "/graphql/execute.json/bench/getMovie;id=" + ids[index % len(ids)]
        connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"{path}: {response.status} {body[:200]!r}")
PY

for binary in "${binaries[@]}"; do
    rm -rf "$work/run"; cp -r "$work/imported" "$work/run"
    port="$(free_port)"
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/run/callgrind.out" \
        "$binary" emulator --config "$here/connector.yaml" --port "$port" --data-dir "$work/run" > "$work/run.log" 2>&1 &
    server=$!
    wait_healthy "$work/run.log" "$port"
    python3 "$work/requests.py" "$port" 20 "$op" "$work/data"   # warm-up, not counted
    callgrind_control -i on "$server" > /dev/null 2>&1
    python3 "$work/requests.py" "$port" "$count" "$op" "$work/data"
    callgrind_control -i off "$server" > /dev/null 2>&1
    callgrind_control -d "$server" > /dev/null 2>&1
    kill -TERM "$server"; wait "$server" 2>/dev/null || true; server=""
    total=0
    for file in "$work/run"/callgrind.out*; do
        value="$(grep -E '^totals:' "$file" | head -1 | awk '{print $2}')"
        total=$(( total + ${value:-0} ))
    done
    echo "$binary $op: $(( total / count )) instructions per request"
    if [ -n "${CALLGRIND_OUT:-}" ]; then
        mkdir -p "$CALLGRIND_OUT"
        for file in "$work/run"/callgrind.out.*; do cp "$file" "$CALLGRIND_OUT/$(basename "$binary").$op.$(basename "$file")"; done
    fi
done
