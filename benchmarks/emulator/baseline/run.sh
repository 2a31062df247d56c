#!/usr/bin/env bash
# Starts the baseline server with graphql-core 3.3.2, uvicorn, uvloop and httptools from a venv
# under /tmp (created on first use), and psycopg 3 for --database. Arguments go to server.py:
#   benchmarks/emulator/baseline/run.sh --data-dir DIR --port N [--import data.json] [--workers 2] [--database URL]
set -euo pipefail
venv="${SQLGEN_BASELINE_VENV:-/tmp/sqlgen-emulator-baseline-venv}"
if ! "$venv/bin/python" -c 'import graphql, uvicorn, uvloop, httptools, psycopg, sys; sys.exit(graphql.__version__ != "3.3.2")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet graphql-core==3.3.2 uvicorn uvloop httptools "psycopg[binary]==3.3.9"
fi
exec "$venv/bin/python" "$(dirname "$0")/server.py" "$@"
