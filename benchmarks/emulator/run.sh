#!/usr/bin/env bash
# Load benchmark: the sqlgen emulator (release build) against the Python baseline (graphql-core on
# uvicorn + uvloop + httptools, sqlite3), same operations and data, loopback only, with wrk.
# Usage: benchmarks/emulator/run.sh [seconds per run, default 10]
# Needs: wrk (Debian), python3 with graphql-core, uvicorn, uvloop, httptools.
set -euo pipefail
cd "$(dirname "$0")"
DURATION=${1:-10}
ROOT=../..
SQLGEN=${SQLGEN:-$ROOT/.build/release/sqlgen}
mkdir -p results
python3 make_data.py

start_emulator() {
  rm -rf results/emulator-data
  "$SQLGEN" emulator --config connector.yaml --port 19399 --data-dir results/emulator-data --import data.json --persisted-only > results/emulator.log 2>&1 &
  SERVER=$!
}
start_baseline() {
  python3 baseline_server.py data.json 19400 2 > results/baseline.log 2>&1 &
  SERVER=$!
}
wait_port() {
  for _ in $(seq 1 100); do
    if curl -s -o /dev/null "http://127.0.0.1:$1/healthz" || curl -s -o /dev/null "http://127.0.0.1:$1/"; then return 0; fi
    sleep 0.1
  done
  echo "server on port $1 did not start" >&2; exit 1
}

bench() { # name port
  local name=$1 port=$2
  for script in lookup list insert; do
    for connections in 1 16 64; do
      local threads=$(( connections < 2 ? 1 : 2 ))
      local before after requests
      before=$(python3 cpu.py "$SERVER")
      wrk -t"$threads" -c"$connections" -d"${DURATION}s" --latency -s "$script.lua" "http://127.0.0.1:$port" > "results/$name-$script-$connections.txt"
      after=$(python3 cpu.py "$SERVER")
      requests=$(awk '/requests in/ {print $1}' "results/$name-$script-$connections.txt")
      local rps p50 p99 errors
      rps=$(awk '/Requests\/sec/ {print $2}' "results/$name-$script-$connections.txt")
      p50=$(awk '$1=="50%" {print $2}' "results/$name-$script-$connections.txt")
      p99=$(awk '$1=="99%" {print $2}' "results/$name-$script-$connections.txt")
      errors=$(awk '/Non-2xx|Socket errors/ {printf "%s ", $0}' "results/$name-$script-$connections.txt")
      printf "%-9s %-7s c=%-3s %10s req/s  p50 %-9s p99 %-9s cpu/req %.3f ms %s\n" "$name" "$script" "$connections" "$rps" "$p50" "$p99" \
        "$(python3 -c "print(($after - $before) * 1000 / max(1, $requests))")" "$errors"
    done
  done
}

start_emulator; wait_port 19399
bench emulator 19399
kill -INT "$SERVER"; wait "$SERVER" || true
start_baseline; wait_port 19400
bench baseline 19400
kill -TERM "$SERVER"; wait "$SERVER" || true
