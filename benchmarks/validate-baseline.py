#!/usr/bin/env python3
"""Times validating operations with graphql-core 3.3.2 and with sqlgen on the same documents and
repetitions, in the same run, and prints the ratio.

    benchmarks/run-all.sh                  (everything, with graphql-core 3.3.2 in a venv)
    python3 benchmarks/validate-baseline.py [--runs N] [--min-operations N] [--schema FILE] [OPS...]

Without arguments: the GitHub operations of the shared corpus (operations/github-apollo-ios/** and
operations/github-bors/*) against the current GitHub schema, assumed valid (it has 14 known schema
errors; graphql-core's `validate` refuses an invalid schema unless it was built with
`assume_valid=True`). Each document is parsed once; one run validates each document on its own
with all the specified rules, the list repeated until at least --min-operations (1,000)
operations. Median of N runs after 2 warm-up runs, thread CPU time (and wall time).
"""
import argparse
import pathlib

import bench_common as common

DEFAULT_SCHEMA = "schemas/github-octokit/schema.graphql"
DEFAULT_OPERATIONS = ["operations/github-apollo-ios", "operations/github-bors"]


def graphql_core_timings(schema_path, files, runs, min_operations):
    from graphql import OperationDefinitionNode, build_ast_schema, parse, validate

    schema = build_ast_schema(parse(schema_path.read_text(encoding="utf-8")), assume_valid=True, assume_valid_sdl=True)
    documents = [parse(f.read_text(encoding="utf-8")) for f in files]
    per_pass = sum(isinstance(d, OperationDefinitionNode) for doc in documents for d in doc.definitions)
    passes = -(-min_operations // per_pass)
    errors = [f"{f}: {e.message}" for f, doc in zip(files, documents) for e in validate(schema, doc)]

    def run():
        count = 0
        for _ in range(passes):
            for document in documents:
                count += len(validate(schema, document))
        return count

    return {"validate": common.measure(runs, run), "operations": passes * per_pass, "errors": errors}


def compare(schema_path, inputs, runs, min_operations):
    files = common.graphql_files(inputs)
    mine = common.sqlgen_bench(["validate", "--runs", str(runs), "--min-operations", str(min_operations),
                                "--schema", str(schema_path)] + [str(i) for i in inputs])
    core = graphql_core_timings(schema_path, files, runs, min_operations)
    if core["operations"] != mine["operations"]:
        raise SystemExit(f"operation counts differ: graphql-core {core['operations']}, sqlgen {mine['operations']}")
    return {"files": files, "core": core, "sqlgen": mine}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--min-operations", type=int, default=1000)
    parser.add_argument("--schema")
    parser.add_argument("operations", nargs="*")
    args = parser.parse_args()
    common.require_graphql_core()
    schema = pathlib.Path(args.schema).resolve() if args.schema else common.corpus() / DEFAULT_SCHEMA
    inputs = [pathlib.Path(o).resolve() for o in args.operations] or [common.corpus() / o for o in DEFAULT_OPERATIONS]
    result = compare(schema, inputs, args.runs, args.min_operations)
    core, mine = result["core"], result["sqlgen"]
    operations = core["operations"]
    per_1000 = lambda seconds: seconds * 1000 * 1000 / operations
    print(f"{len(result['files'])} files, {operations} operations, {args.runs} runs after 2 warm-up runs; thread CPU time (wall)")
    print(f"  graphql-core  {per_1000(core['validate']['cpuMedian']):9.2f} ms per 1,000 ({per_1000(core['validate']['wallMedian']):.2f})"
          f"  {operations / core['validate']['cpuMedian']:10.0f} operations/s")
    print(f"  sqlgen        {per_1000(mine['validate']['cpuMedian']):9.2f} ms per 1,000 ({per_1000(mine['validate']['wallMedian']):.2f})"
          f"  {operations / mine['validate']['cpuMedian']:10.0f} operations/s")
    print(f"  ratio {core['validate']['cpuMedian'] / mine['validate']['cpuMedian']:.1f}x;"
          f" errors: graphql-core {len(core['errors'])}, sqlgen {len(mine['errors'])}")
    for error in core["errors"][:10] + mine["errors"][:10]:
        print("   ", error)


if __name__ == "__main__":
    main()
