#!/usr/bin/env bash
# The emulator load benchmark: sqlgen emulator (release build) against the
# Python baseline (graphql-core 3.3.2 on uvicorn + uvloop + httptools, 2 workers), same connector,
# same data, loopback only. Prints one table; the raw figures go to /tmp/sqlgen-loadbench-results.json.
#
#   benchmarks/emulator/run.sh [--duration 5] [--connections 1,16,64] [--ops lookup,list,insert]
#                              [--repeat 1] [--baseline-only] [--no-build] [--keep] [--before BINARY]
#                              [--postgresql]
#
#   --repeat N       run each cell N times, alternating the servers; the table shows medians
#   --baseline-only  measure the baseline alone
#   --no-build       use .build/release/sqlgen as it is (or $SQLGEN) instead of building it first
#   --keep           keep the work directory (data, databases, logs) under /tmp
#   --before BINARY  also measure another sqlgen build (say, of the previous commit) as "before",
#                    in the same runs, and print its table too
#   --postgresql     both servers keep the data in PostgreSQL (a throwaway cluster under the work
#                    directory, scripts/postgres-cluster.sh; a database each), CPU per request counts
#                    PostgreSQL's too, and pgbench runs the emulator's statements as the floor
# Needs: wrk (apt-get install -y wrk), python3, swift; the baseline's venv is made under /tmp.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
duration=5 connections=1,16,64 ops=lookup,list,insert repeat=1 baseline_only=0 build=1 keep=0 before="" postgresql=0
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --ops) ops="$2"; shift 2 ;;
        --repeat) repeat="$2"; shift 2 ;;
        --baseline-only) baseline_only=1; shift ;;
        --no-build) build=0; shift ;;
        --keep) keep=1; shift ;;
        --before) before="$2"; shift 2 ;;
        --postgresql) postgresql=1; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
command -v wrk >/dev/null || { echo "run.sh: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }

work="$(mktemp -d /tmp/sqlgen-loadbench.XXXXXX)"
cluster_dir=""
pids=()
stop_servers() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    pids=()
}
cleanup() {
    stop_servers
    [ -n "$cluster_dir" ] && "$repo/scripts/postgres-cluster.sh" stop "$cluster_dir"
    if [ "$keep" = 1 ]; then echo "work directory: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

wait_healthy() {  # name pid port
    for _ in $(seq 1 240); do
        if ! kill -0 "$2" 2>/dev/null; then echo "run.sh: $1 stopped; its log:" >&2; cat "$work/$1.log" >&2; exit 1; fi
        if python3 -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$3/healthz', timeout=1)" 2>/dev/null; then return 0; fi
        sleep 0.5
    done
    echo "run.sh: $1 did not answer /healthz within 120 s" >&2
    exit 1
}

echo "== data (10,000 movies, 30,000 reviews)"
python3 "$here/generate_data.py" "$work/data"

# On PostgreSQL: a cluster, a database per server, and the postmaster whose CPU counts too.
database_args=() baseline_database=() emulator_database=()
if [ "$postgresql" = 1 ]; then
    echo "== PostgreSQL (a throwaway cluster)"
    # A folder of its own: the cluster's owner (not root) cannot enter $work.
    cluster_dir="$(mktemp -d /tmp/sqlgen-loadbench-postgres.XXXXXX)"
    cluster="$("$repo/scripts/postgres-cluster.sh" start "$cluster_dir")"
    for name in baseline emulator before; do psql -q "$cluster" -c "CREATE DATABASE $name"; done
    database_args=(--database-pid "$(head -1 "$cluster_dir/data/postmaster.pid")")
    baseline_database=(--database "${cluster%/*}/baseline")
    emulator_database=(--database "${cluster%/*}/emulator")
fi

servers=()
if [ "$baseline_only" = 0 ]; then
    sqlgen="${SQLGEN:-$repo/.build/release/sqlgen}"
    if [ "$build" = 1 ] && [ -z "${SQLGEN:-}" ]; then
        echo "== swift build -c release --product sqlgen"
        (cd "$repo" && swift build -c release --product sqlgen)
    fi
    [ -x "$sqlgen" ] || { echo "run.sh: no sqlgen binary at $sqlgen" >&2; exit 1; }
fi

echo "== starting the baseline"
port="$(free_port)"
"$here/baseline/run.sh" --data-dir "$work/baseline" --port "$port" --import "$work/data/data.json" --workers 2 \
    "${baseline_database[@]}" > "$work/baseline.log" 2>&1 &
pid=$!
pids+=("$pid")
wait_healthy baseline "$pid" "$port"
servers+=(--server "baseline=$pid:$port")

start_emulator() {  # name binary: an emulator on the benchmark data, its data and log under $work/<name>
    local port pid database=()
    port="$(free_port)"
    # On PostgreSQL the earlier build has a database of its own.
    [ "$postgresql" = 1 ] && database=(--database "${cluster%/*}/$([ "$1" = before ] && echo before || echo emulator)")
    "$2" emulator --config "$here/connector.yaml" --port "$port" --data-dir "$work/$1" --reset \
        --import "$work/data/data.json" "${database[@]}" > "$work/$1.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    wait_healthy "$1" "$pid" "$port"
    servers+=(--server "$1=$pid:$port")
}

if [ "$baseline_only" = 0 ]; then
    echo "== starting sqlgen emulator"
    start_emulator sqlgen "$sqlgen"
    if [ -n "$before" ]; then
        [ -x "$before" ] || { echo "run.sh: no sqlgen binary at $before" >&2; exit 1; }
        echo "== starting the earlier sqlgen build ($before)"
        start_emulator before "$before"
    fi
fi

echo "== checking that the servers answer alike"
python3 "$here/bench.py" check "${servers[@]}" --data "$work/data"

echo "== load: ${duration} s per run, connections $connections, operations $ops, $repeat run(s) per cell"
python3 "$here/bench.py" run "${servers[@]}" --data "$work/data" --out "$work/results.json" \
    --duration "$duration" --connections "$connections" --ops "$ops" --repeat "$repeat" "${database_args[@]}"
stop_servers
if [ "$postgresql" = 1 ]; then
    echo "== the floor: pgbench running the emulator's statements"
    psql -q "${emulator_database[1]}" -f "$here/pgbench/setup.sql"
    python3 "$here/bench.py" pgbench --database "${emulator_database[1]}" "${database_args[@]}" --out "$work/results.json" \
        --duration "$duration" --connections "$connections" --ops "$ops"
fi
cp "$work/results.json" "${TMPDIR:-/tmp}/sqlgen-loadbench-results.json"

echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); wrk $(wrk -v 2>&1 | head -1 | cut -d' ' -f2)"
python3 "$here/bench.py" table "$work/results.json"
if [ -n "$before" ] && [ "$baseline_only" = 0 ]; then
    echo
    echo "The earlier build ($before), same runs:"
    python3 "$here/bench.py" table "$work/results.json" --subject before
    echo
    echo "This build against the earlier one (the earlier build in the baseline's columns):"
    python3 "$here/bench.py" table "$work/results.json" --baseline before
fi
if [ "$postgresql" = 1 ] && [ "$baseline_only" = 0 ]; then
    echo
    echo "The emulator against pgbench running its statements (PostgreSQL's CPU alone in pgbench's columns):"
    python3 "$here/bench.py" table "$work/results.json" --baseline pgbench
fi
echo "raw figures: ${TMPDIR:-/tmp}/sqlgen-loadbench-results.json"
