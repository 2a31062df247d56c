#!/usr/bin/env bash
# The Swift frontend's own counters for the debug build of a package's own modules (the flag
# rebuilds SQLConnect too; its jobs are left out): IR instructions, functions and globals, object
# bytes, and the CPU seconds of the frontend jobs and of their type checking, SILGen and IRGen (the
# rest of a job is mostly LLVM). Unlike CPU time on a shared machine, the IR counts repeat exactly.
#   benchmarks/compile-counters.sh PACKAGE_DIR...   (for example the SDK, floor and reference SDK
#   folders that `sqlgen-bench generate --floor` writes)
set -euo pipefail
printf '| package | IR instructions | IR functions | IR globals | object bytes | frontend CPU s | type checking s | SILGen s | IRGen s |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for package in "$@"; do
    stats=$(mktemp -d /tmp/sqlgen-compile-counters.XXXXXX)
    rm -rf "$package/.build"
    (cd "$package" && swift build -Xswiftc -stats-output-dir -Xswiftc "$stats" >/dev/null)
    python3 - "$package" "$stats" <<'PY'
import glob, json, sys
package, stats = sys.argv[1], sys.argv[2]
total = {}
for path in glob.glob(stats + "/*.json"):
    if "-swift-frontend-SQLConnect-" in path:
        continue
    for key, value in json.load(open(path)).items():
        total[key] = total.get(key, 0) + value
def cpu(name):
    return total.get(f"time.swift.{name}.user", 0) + total.get(f"time.swift.{name}.sys", 0)
# Each job's file has its total under its own name; the phase timers nest, so only top-level ones.
frontend = sum(v for k, v in total.items() if k.startswith("time.swift-frontend.") and k.endswith((".user", ".sys")))
typecheck = cpu("Type checking and Semantic analysis")
print(f"| {package} | {total.get('IRModule.NumIRInsts', 0):,} | {total.get('IRModule.NumIRFunctions', 0):,} | "
      f"{total.get('IRModule.NumIRGlobals', 0):,} | {total.get('LLVM.NumLLVMBytesOutput', 0):,} | {frontend:.2f} | "
      f"{typecheck:.2f} | {cpu('SILGen'):.2f} | {cpu('IRGen'):.2f} |")
PY
    rm -rf "$stats"
done
