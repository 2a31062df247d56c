#!/usr/bin/env bash
# The language server's benchmark: builds sqlgen and sqlgen-bench in release, then runs
# `sqlgen-bench lsp` (a synthetic connector of 500 operations over the corpus GitHub schema;
# diagnostics after an edit and completion latencies on the client's clock over the pipes, and
# the server's memory). Arguments go to `sqlgen-bench lsp` (--operations N, --completions N,
# --edits N, --json). Timings are wall-clock: note the machine's load beside the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product sqlgen >/dev/null
swift build -c release --product sqlgen-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
folder="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-bench-lsp.XXXXXX")"
trap 'rm -rf "$folder"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
"$bin/sqlgen-bench" lsp --folder "$folder/connector" --server "$bin/sqlgen" "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
