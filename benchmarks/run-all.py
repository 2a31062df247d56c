#!/usr/bin/env python3
"""Runs every benchmark in one run, sqlgen (release build) beside graphql-core 3.3.2, and prints one
table with the ratios and the goals of issues 3 and 4. Use benchmarks/run-all.sh, which builds
sqlgen-bench once and sets up graphql-core 3.3.2 in a venv.

Times are medians of thread CPU time (what counts on a shared, loaded machine; wall time is in
the JSON of each sqlgen-bench command). Ratio = graphql-core time / sqlgen time.
"""
import argparse
import importlib.util
import pathlib

import bench_common as common

HERE = pathlib.Path(__file__).resolve().parent


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--operations", type=int, default=500, help="synthetic operations for generate")
    args = parser.parse_args()
    common.require_graphql_core()
    corpus = common.corpus()
    github = corpus / "schemas/github-octokit/schema.graphql"
    saleor = corpus / "schemas/saleor/schema.graphql"
    rows = []  # (benchmark, input, graphql-core seconds or None, sqlgen seconds or text, goal, met)

    def row(benchmark, name, core, mine, goal="", met=None):
        rows.append((benchmark, name, core, mine, goal, met))

    # Parse.
    parse = load("parse-baseline")
    parse_files = [github, saleor]
    ours = {r["file"]: r for r in common.sqlgen_bench(["parse", "--runs", str(args.runs)] + [str(f) for f in parse_files])}
    for path in parse_files:
        core = parse.graphql_core_timings(path, args.runs)
        mb = path.stat().st_size / 1e6
        mine = ours[str(path)]["parse"]["cpuMedian"]
        row("parse", f"{path.parent.name} ({mb:.1f} MB; sqlgen {mb / mine:.0f} MB/s)", core["parse"]["cpuMedian"], mine)

    # Schema building.
    schema = load("schema-baseline")
    for r in schema.compare([github, saleor], args.runs):
        ratio = r["core"]["cpuMedian"] / r["sqlgen"]["cpuMedian"]
        stage = "build schema" if r["stage"] == "build" else "build + validate schema"
        note = f" ({r['sqlgenErrors']} errors; graphql-core {r['coreErrors']})" if r["stage"] == "buildValidated" else ""
        row(stage, r["file"].parent.name + note, r["core"]["cpuMedian"], r["sqlgen"]["cpuMedian"], ">= 50x", ratio >= 50)

    # Validation: the GitHub operations of the corpus, then the synthetic operations of generate.
    validate = load("validate-baseline")
    operations_folder = pathlib.Path(f"/tmp/sqlgen-bench-generate-{args.operations}")
    generate = common.sqlgen_bench(["generate", "--runs", str(args.runs), "--operations", str(args.operations),
                                    "--folder", str(operations_folder)])
    for label, inputs in (("corpus GitHub operations", [corpus / "operations/github-apollo-ios", corpus / "operations/github-bors"]),
                          (f"{args.operations} synthetic operations", [operations_folder / "ops"])):
        v = validate.compare(github, inputs, args.runs, 1000)
        operations = v["core"]["operations"]
        core, mine = v["core"]["validate"]["cpuMedian"], v["sqlgen"]["validate"]["cpuMedian"]
        per_1000 = mine * 1000 / operations
        errors = len(v["core"]["errors"]) + len(v["sqlgen"]["errors"])
        row("validate", f"{label}, {operations} ops ({per_1000 * 1000:.1f} ms/1,000, {operations / mine:,.0f} ops/s"
            f"{'; ERRORS ' + str(errors) if errors else ''})", core, mine, ">= 50x", core / mine >= 50)
        row("validate 1,000 ops", label, core * 1000 / operations, per_1000, "< 100 ms", per_1000 < 0.1)

    # Generation (sqlgen only).
    first, unchanged, changed = (generate[k]["cpuMedian"] for k in ("firstRun", "unchanged", "oneFileChanged"))
    row("generate, first run", f"{args.operations} operations", None, first, "< 1 s", first < 1)
    row("generate, nothing changed", f"{args.operations} operations", None, unchanged)
    row("generate, one file changed", f"{args.operations} operations ({generate['filesWrittenAfterChange']} file written)",
        None, changed, "< 100 ms", changed < 0.1)
    stages = generate["stages"]
    for key, label in (("readAndParseSchema", "read + parse schema"), ("buildSchema", "build schema"),
                       ("readAndParseOperations", "read + parse operations"), ("validateOperations", "validate operations"),
                       ("buildIR", "build IR"), ("translate", "translate + render"), ("compareWithDisk", "compare with disk")):
        row("  stage", label, None, stages[key]["cpuMedian"])
    row("generated code", f"{generate['generatedSwiftLines']:,} lines in {generate['generatedFiles']} files, "
        f"{generate['linesPerOperation']:.1f} lines per operation", None, None)

    print(f"{args.runs} runs after 2 warm-up runs; medians of thread CPU time; ratio = graphql-core / sqlgen")
    print()
    print("| benchmark | input | graphql-core 3.3.2 | sqlgen | ratio | goal | met |")
    print("|---|---|---:|---:|---:|---|---|")
    for benchmark, name, core, mine, goal, met in rows:
        core_text = common.ms(core) if core is not None else ""
        mine_text = common.ms(mine) if isinstance(mine, float) else ""
        ratio = f"{core / mine:.1f}x" if core is not None and isinstance(mine, float) else ""
        met_text = "" if met is None else ("yes" if met else "NO")
        print(f"| {benchmark} | {name} | {core_text} | {mine_text} | {ratio} | {goal} | {met_text} |")


if __name__ == "__main__":
    main()
