#!/usr/bin/env bash
# Runs parse-baseline.py with graphql-core 3.3.2 from a venv under /tmp (created on first use).
#   benchmarks/parse-baseline.sh [--runs N] [FILE...]
set -euo pipefail
venv="${SQLGEN_GRAPHQL_CORE_VENV:-/tmp/sqlgen-graphql-core-3.3.2}"
if ! "$venv/bin/python" -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.3.2")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet graphql-core==3.3.2
fi
exec "$venv/bin/python" "$(dirname "$0")/parse-baseline.py" "$@"
