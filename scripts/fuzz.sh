#!/usr/bin/env bash
# Fuzzes sqlgen's input boundaries with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [--seconds N] [--jobs J] [--keep-going] [target... | all]   (default: 60 s, 1 job, all)
#
# Targets (Fuzz/Targets, one binary built by scripts/fuzz-build.sh; benchmarks/fuzz/README.md):
#   graphql  graphql-validation  yaml  http  json-emulator  json-sqlconnect  cel  emulator
#   sqlconnect-response  aem-path  record  lsp
# Each target runs N seconds on its seeds (Fuzz/Seeds/<target>, committed) and its working
# corpus (fuzz-artifacts/corpus/<target>), with Fuzz/Dictionaries/<target>.dict when there is
# one, under `nice`; J targets run at the same time (at most 2). Findings (crash-*, timeout-*,
# oom-*) land in fuzz-artifacts/<target>/ and the log in fuzz-artifacts/<target>.log; turn each into
# a regression test. Prints each target's last "#N" line (N executions); exits nonzero if any target
# found something. Without --keep-going a target stops at its first finding (CI); with it, libFuzzer
# runs in fork mode and goes on after crashes, timeouts and out-of-memory (long runs).
# SQLGEN_FUZZ_BUILD names another build folder (to build while a run goes on).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-artifacts"
all=(graphql graphql-validation yaml http json-emulator json-sqlconnect cel emulator sqlconnect-response aem-path record lsp)
seconds=60
jobs=1
keep_going=()
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --keep-going) keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); shift ;;
        all) targets+=("${all[@]}"); shift ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) printf '%s\n' "${all[@]}" | grep -qx -- "$1" || { echo "fuzz.sh: unknown target $1 (${all[*]})" >&2; exit 2; }
           targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
[ "$jobs" -ge 1 ] && [ "$jobs" -le 2 ] || { echo "fuzz.sh: --jobs is 1 or 2" >&2; exit 2; }

"$root/scripts/fuzz-build.sh"
binary="${SQLGEN_FUZZ_BUILD:-$out/build}/sqlgen-fuzzer"

# The findings in an artifacts folder.
findings() { find "$1" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort; }

# Runs one target; returns nonzero when libFuzzer stopped on a finding.
run_target() {
    local target="$1"
    local artifacts="$out/$target" corpus="$out/corpus/$target"
    mkdir -p "$artifacts" "$corpus"
    local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=0
        -max_len=16384 -print_final_stats=1 -artifact_prefix="$artifacts/")
    [ -f "$root/Fuzz/Dictionaries/$target.dict" ] && options+=(-dict="$root/Fuzz/Dictionaries/$target.dict")
    options+=("${keep_going[@]}")
    local before status=0
    before="$(findings "$artifacts")"
    (cd "$artifacts" && SQLGEN_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=0:$asan" nice -n 10 "$binary" "${options[@]}" "$corpus" "$root/Fuzz/Seeds/$target") \
        >"$out/$target.log" 2>&1 || status=$?
    local last
    last="$(grep -a -E '^#[0-9]+[[:space:]:]' "$out/$target.log" | tail -1 || true)"
    printf '%-20s %s\n' "$target" "${last:-(no statistics: see fuzz-artifacts/$target.log)}"
    if [ "$status" -ne 0 ] || [ "$(findings "$artifacts")" != "$before" ]; then
        echo "fuzz.sh: $target found a problem (exit $status):" >&2
        grep -a -m5 -E 'ERROR|Fatal error|Precondition|SUMMARY|Test unit written' "$out/$target.log" >&2 || true
        return 1
    fi
}

# The Swift runtime's caches look like leaks at exit; there is no leak checking.
asan="${ASAN_OPTIONS:-}"
failed=0
pids=()
for target in "${targets[@]}"; do
    if [ "$jobs" -eq 1 ]; then
        run_target "$target" || failed=1
    else
        run_target "$target" & pids+=($!)
        if [ ${#pids[@]} -ge "$jobs" ]; then
            wait "${pids[0]}" || failed=1
            pids=("${pids[@]:1}")
        fi
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit "$failed"
