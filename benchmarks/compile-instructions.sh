#!/usr/bin/env bash
# Instructions the Swift frontend executes for the debug build of each package's own module, the
# way `swift build` runs it (its compile jobs, and the small frontend processes SwiftPM starts
# around them), counted by cachegrind: unlike CPU time on a shared machine, the count does not
# depend on the machine's load. The package is built once, then its sources are touched and its
# module alone is rebuilt and counted.
#   benchmarks/compile-instructions.sh PACKAGE_DIR...   (for example the SDK, floor and reference SDK
#   folders that `sqlgen-bench generate --floor` writes)
# Needs valgrind. Each package takes a few minutes.
set -euo pipefail
work=$(mktemp -d /tmp/sqlgen-compile-instructions.XXXXXX)
trap 'rm -rf "$work"' EXIT
frontend="$(dirname "$(readlink -f "$(command -v swiftc)")")/swift-frontend"
cat > "$work/frontend" <<EOF
#!/bin/sh
exec valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$work/counts.%p" "$frontend" "\$@"
EOF
chmod +x "$work/frontend"
printf '| package | frontend processes | instructions |\n|---|---:|---:|\n'
for package in "$@"; do
    rm -rf "$package/.build"
    (cd "$package" && swift build >/dev/null)
    # Touched sources rebuild the package's own module alone, under the counting frontend.
    find "$package/Sources" -name '*.swift' -exec touch {} +
    rm -f "$work"/counts.*
    # Without deterministic hashing the same job varies by up to 15% from run to run.
    (cd "$package" && SWIFT_DETERMINISTIC_HASHING=1 SWIFT_DRIVER_SWIFT_FRONTEND_EXEC="$work/frontend" swift build >/dev/null 2>&1)
    python3 - "$package" "$work" <<'PY'
import glob, sys
package, work = sys.argv[1], sys.argv[2]
jobs, total = 0, 0
for path in glob.glob(work + "/counts.*"):
    text = open(path, errors="replace").read()
    summary = [line for line in text.splitlines() if line.startswith("summary:")]
    if not summary:
        continue
    jobs += 1
    total += int(summary[0].split()[1])
print(f"| {package} | {jobs} | {total / 1e9:.2f}G |")
PY
done
