#!/usr/bin/env bash
# Where the emulator's time goes under load: starts sqlgen emulator (release build) on the benchmark
# data, drives one operation with wrk, samples the server meanwhile with `perf record --call-graph
# dwarf` (Swift's runtime and libc lack frame pointers, so -g loses their callers), and prints
# the time per shared object and the heaviest functions (inclusive), demangled.
#
#   benchmarks/emulator/profile.sh [lookup|list|insert] [connections, default 16] [seconds, default 5]
# Needs: perf (linux-perf), wrk, a release build (swift build -c release --product sqlgen).
# PERF_OUT=FILE keeps the recording (for `perf report -i FILE --no-children -S <symbol> -G`, say).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
op="${1:-lookup}" connections="${2:-16}" seconds="${3:-5}"
case "$op" in lookup|list|insert) ;; *) echo "profile.sh: operation must be lookup, list or insert" >&2; exit 2 ;; esac
sqlgen="${SQLGEN:-$repo/.build/release/sqlgen}"
[ -x "$sqlgen" ] || { echo "profile.sh: no sqlgen binary at $sqlgen" >&2; exit 1; }
command -v perf >/dev/null || { echo "profile.sh: perf is missing" >&2; exit 1; }

work="$(mktemp -d /tmp/sqlgen-profile.XXXXXX)"
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill -TERM "$server" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

python3 "$here/generate_data.py" "$work/data"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$sqlgen" emulator --config "$here/connector.yaml" --port "$port" --data-dir "$work/sqlgen" --reset \
    --import "$work/data/data.json" > "$work/sqlgen.log" 2>&1 &
server=$!
for _ in $(seq 1 240); do
    kill -0 "$server" 2>/dev/null || { cat "$work/sqlgen.log" >&2; exit 1; }
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/healthz', timeout=1)" 2>/dev/null && break
    sleep 0.5
done

threads=$(( connections < 2 ? 1 : 2 ))
BENCH_OP="$op" BENCH_DATA="$work/data" timeout $((seconds + 30)) \
    wrk -t"$threads" -c"$connections" -d"$((seconds + 2))s" -s "$here/wrk/operation.lua" "http://127.0.0.1:$port" > "$work/wrk.txt" &
wrk_pid=$!
sleep 1
perf record -F ${PERF_FREQUENCY:-299} --call-graph dwarf,16384 -p "$server" -o "$work/perf.data" -- sleep "$seconds" 2> /dev/null
wait "$wrk_pid" || true
if [ -n "${PERF_OUT:-}" ]; then cp "$work/perf.data" "$PERF_OUT"; fi
grep -E "requests in|Requests/sec" "$work/wrk.txt"
echo
echo "== time per shared object (self)"
perf report -i "$work/perf.data" --stdio --no-children --sort dso -g none 2>/dev/null | grep -vE '^(#|$)' | head -10
echo
echo "== heaviest functions, inclusive (children), >= 2%"
perf report -i "$work/perf.data" --stdio --children --sort sym -g none --percent-limit 2 2>/dev/null \
    | grep -vE '^(#|$)' | swift demangle --simplified | cut -c1-180 | head -80
