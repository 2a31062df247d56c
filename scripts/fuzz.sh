#!/usr/bin/env bash
# Fuzzes the GraphQL lexer and parser with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [seconds]       (default 60)
#
# Builds Fuzz/ParserFuzzer.swift with the SQLGenLanguage sources (optimised, assertions on), seeds a corpus from the test
# fixtures, and runs. Findings (crash-*, timeout-*, leak-*) land in fuzz-artifacts/ (gitignored);
# turn each into a regression test. libFuzzer's final line "#N DONE" gives the executions.
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz-artifacts"
mkdir -p "$out/build" "$out/seeds" "$out/corpus"

swiftc -sanitize=fuzzer,address -parse-as-library -O -assert-config Debug -module-name SQLGenLanguageFuzz \
    $(find "$root/Sources/SQLGenLanguage" -name '*.swift' | sort) "$root/Fuzz/ParserFuzzer.swift" \
    -o "$out/build/parser-fuzzer"

# Seeds: every GraphQL fixture, and every document of the corpus case files.
fixtures="$root/Tests/SQLGenLanguageTests/Fixtures"
python3 - "$fixtures" "$out/seeds" <<'PY'
import json, pathlib, sys
fixtures, seeds = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
inputs = fixtures / "printed" / "inputs"
for path in inputs.rglob("*.graphql*"):
    (seeds / str(path.relative_to(inputs)).replace("/", "__")).write_bytes(path.read_bytes())
for name in ("syntax-errors.json", "valid-documents.json"):
    for case in json.loads((fixtures / name).read_text())["cases"]:
        (seeds / f"{case['id']}.graphql").write_text(case["document"])
PY

cd "$out"
exec "$out/build/parser-fuzzer" "$out/corpus" "$out/seeds" \
    -max_total_time="$seconds" -max_len=8192 -dict="$root/Fuzz/graphql.dict" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/" -print_final_stats=1
