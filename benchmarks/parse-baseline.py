#!/usr/bin/env python3
"""Times graphql-core 3.3.2's lexer and parser and sqlgen's on the same files, in the same run,
and prints the speed ratio.

    benchmarks/parse-baseline.sh [--runs N] [FILE...]     (sets up graphql-core 3.3.2 in a venv)
    python3 benchmarks/parse-baseline.py [--runs N] [FILE...]   (with graphql-core 3.3.2 installed)

Without files it uses the shared corpus next to the repository (../shared/corpus or ../../shared/corpus): the current
GitHub schema, the Saleor schema and graphql-core's large_query.graphql.

Both sides are measured the same way: the median of N runs after 2 warm-up runs, in thread CPU
time (what counts on a shared, loaded machine) and in wall time. For graphql-core, `lex` walks all
tokens (comments excluded) and `parse` is `graphql.parse(text)` with locations, cyclic GC disabled
during each run, as in the corpus's timings.md. For sqlgen, `sqlgen-bench parse --json` (release
build) reports the same figures.
"""
import argparse
import gc
import json
import pathlib
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_FILES = [
    "schemas/github-octokit/schema.graphql",
    "schemas/saleor/schema.graphql",
    "fixtures/graphql-core-3.3.2/large_query.graphql",
]


def measure(runs, body):
    """Median (and minimum) thread CPU and wall seconds of `runs` calls after 2 warm-up calls."""
    for _ in range(2):
        body()
    cpu, wall = [], []
    for _ in range(runs):
        gc.disable()
        start_wall, start_cpu = time.perf_counter(), time.thread_time()
        result = body()
        cpu.append(time.thread_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        del result
        gc.enable()
    return {"cpuMedian": statistics.median(cpu), "cpuMinimum": min(cpu),
            "wallMedian": statistics.median(wall), "wallMinimum": min(wall)}


def graphql_core_timings(path, runs):
    from graphql import Source, parse
    from graphql.language import Lexer, TokenKind

    text = path.read_text(encoding="utf-8")

    def lex():
        lexer = Lexer(Source(text))
        count = 0
        while lexer.advance().kind != TokenKind.EOF:
            count += 1
        return count

    return {"lex": measure(runs, lex), "parse": measure(runs, lambda: parse(text))}


def sqlgen_timings(files, runs):
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "sqlgen-bench"], cwd=REPO,
                           capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit("swift build failed:\n" + build.stdout + build.stderr)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                              capture_output=True, text=True, check=True).stdout.strip()
    output = subprocess.run([bin_path + "/sqlgen-bench", "parse", "--json", "--runs", str(runs)] + [str(f) for f in files],
                            capture_output=True, text=True, check=True).stdout
    return {result["file"]: result for result in json.loads(output)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()

    import graphql
    if graphql.__version__ != "3.3.2":
        sys.exit(f"need graphql-core 3.3.2, found {graphql.__version__} (use benchmarks/parse-baseline.sh)")

    # The shared corpus next to the repository (or next to the folder of worktrees).
    corpus = next((c for c in (REPO.parent / "shared" / "corpus", REPO.parent.parent / "shared" / "corpus") if c.is_dir()),
                  REPO.parent / "shared" / "corpus")
    files = [pathlib.Path(f).resolve() for f in args.files] or [corpus / f for f in DEFAULT_FILES]
    sqlgen = sqlgen_timings(files, args.runs)

    print(f"{args.runs} runs after 2 warm-up runs, medians; MB/s = 10^6 bytes per second; "
          f"CPU = thread CPU time, wall = wall-clock time")
    for path in files:
        ours = sqlgen[str(path)]
        core = graphql_core_timings(path, args.runs)
        megabytes = path.stat().st_size / 1e6
        print(f"{path} ({path.stat().st_size:,} bytes)")
        for stage in ("lex", "parse"):
            for clock in ("cpu", "wall"):
                theirs, mine = core[stage][clock + "Median"], ours[stage][clock + "Median"]
                print(f"  {stage:5} {clock:4}  graphql-core {theirs * 1000:9.2f} ms {megabytes / theirs:8.2f} MB/s"
                      f"   sqlgen {mine * 1000:8.2f} ms {megabytes / mine:9.1f} MB/s   ratio {theirs / mine:7.1f}x")
        peak = ours.get("peakRSSGrowthBytes")
        if peak is not None:
            print(f"  sqlgen memory: peak RSS growth during a parse {peak / 1e6:.1f} MB "
                  f"({peak / path.stat().st_size:.1f}x input)")


if __name__ == "__main__":
    main()
