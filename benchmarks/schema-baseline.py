#!/usr/bin/env python3
"""Times building a schema from SDL with graphql-core 3.3.2 and with sqlgen on the same files, in
the same run, and prints the ratios.

    benchmarks/run-all.sh                  (everything, with graphql-core 3.3.2 in a venv)
    python3 benchmarks/schema-baseline.py [--runs N] [FILE...]   (with graphql-core 3.3.2 installed)

Without files: the current GitHub schema (14 known schema errors) and the Saleor schema of the shared
corpus. Both sides are timed on an already parsed document, the median of N runs after 2 warm-up
runs, in thread CPU time and wall time:
  build      graphql-core `build_ast_schema(doc, assume_valid=True, assume_valid_sdl=True)`;
             sqlgen `SchemaBuilder.build` with `assumeValidSDL` and `assumeValid`.
  validated  graphql-core `validate_sdl(doc)`, `build_ast_schema(doc, assume_valid_sdl=True)` and
             `validate_schema(schema)` (`build_ast_schema(doc)` alone raises on the GitHub schema's
             SDL errors); sqlgen `SchemaBuilder.build` with both rule sets on.
"""
import argparse

import bench_common as common

DEFAULT_FILES = ["schemas/github-octokit/schema.graphql", "schemas/saleor/schema.graphql"]


def graphql_core_timings(path, runs):
    from graphql import build_ast_schema, parse, validate_schema
    from graphql.validation.validate import validate_sdl

    document = parse(path.read_text(encoding="utf-8"))

    def validated():
        errors = list(validate_sdl(document))
        schema = build_ast_schema(document, assume_valid_sdl=True)
        return errors + list(validate_schema(schema))

    return {
        "build": common.measure(runs, lambda: build_ast_schema(document, assume_valid=True, assume_valid_sdl=True)),
        "buildValidated": common.measure(runs, validated),
        "schemaErrors": len(validated()),
    }


def compare(files, runs):
    """Rows of (file, stage, graphql-core timing, sqlgen timing) and the error counts."""
    ours = {result["file"]: result for result in common.sqlgen_bench(["schema", "--runs", str(runs)] + [str(f) for f in files])}
    rows = []
    for path in files:
        core = graphql_core_timings(path, runs)
        mine = ours[str(path)]
        for stage in ("build", "buildValidated"):
            rows.append({"file": path, "stage": stage, "core": core[stage], "sqlgen": mine[stage],
                         "coreErrors": core["schemaErrors"], "sqlgenErrors": mine["schemaErrors"], "sqlgenResult": mine})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    common.require_graphql_core()
    import pathlib
    files = [pathlib.Path(f).resolve() for f in args.files] or [common.corpus() / f for f in DEFAULT_FILES]
    print(f"{args.runs} runs after 2 warm-up runs, medians of thread CPU time (wall time)")
    for row in compare(files, args.runs):
        core, mine = row["core"], row["sqlgen"]
        print(f"{row['file'].name:20} {row['stage']:15} graphql-core {common.ms(core['cpuMedian'])} ({common.ms(core['wallMedian'])})"
              f"  sqlgen {common.ms(mine['cpuMedian'])} ({common.ms(mine['wallMedian'])})"
              f"  ratio {core['cpuMedian'] / mine['cpuMedian']:.1f}x"
              + (f"  errors: graphql-core {row['coreErrors']}, sqlgen {row['sqlgenErrors']}" if row["stage"] == "buildValidated" else ""))


if __name__ == "__main__":
    main()
