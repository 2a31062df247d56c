"""Shared by the graphql-core baselines: timing the same way as sqlgen-bench, finding the corpus,
and running `sqlgen-bench <benchmark> --json` (release build)."""
import gc
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parent.parent


def measure(runs, body, setup=None):
    """Median (and minimum) thread CPU and wall seconds of `runs` calls after 2 warm-up calls,
    cyclic GC disabled during each call (as timeit does)."""
    for _ in range(2):
        if setup:
            setup()
        body()
    cpu, wall = [], []
    for _ in range(runs):
        if setup:
            setup()
        gc.disable()
        start_wall, start_cpu = time.perf_counter(), time.thread_time()
        result = body()
        cpu.append(time.thread_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        del result
        gc.enable()
    return {"cpuMedian": statistics.median(cpu), "cpuMinimum": min(cpu),
            "wallMedian": statistics.median(wall), "wallMinimum": min(wall)}


def require_graphql_core():
    import graphql
    if graphql.__version__ != "3.3.2":
        sys.exit(f"need graphql-core 3.3.2, found {graphql.__version__} (run through benchmarks/run-all.sh, "
                 f"which sets up a venv)")


def corpus():
    """The shared corpus next to the repository (or next to the folder of worktrees)."""
    candidates = (REPO.parent / "shared" / "corpus", REPO.parent.parent / "shared" / "corpus")
    return next((c for c in candidates if c.is_dir()), candidates[0])


def graphql_files(paths):
    """Every .graphql/.gql file under each path (or the path itself), each path's files sorted
    by their full path, as sqlgen-bench lists them."""
    files = []
    for path in map(pathlib.Path, paths):
        if path.is_dir():
            files += sorted((p for p in path.rglob("*") if p.suffix in (".graphql", ".gql") and p.is_file()), key=str)
        else:
            files.append(path)
    return files


def bench_binary():
    """sqlgen-bench of the release build: $SQLGEN_BENCH (set by run-all.sh) or built here."""
    if os.environ.get("SQLGEN_BENCH"):
        return os.environ["SQLGEN_BENCH"]
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "sqlgen-bench"], cwd=REPO,
                           capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit("swift build failed:\n" + build.stdout + build.stderr)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                              capture_output=True, text=True, check=True).stdout.strip()
    return bin_path + "/sqlgen-bench"


def sqlgen_bench(arguments):
    """The parsed JSON of `sqlgen-bench ARGUMENTS --json`, run from the repository root."""
    done = subprocess.run([bench_binary()] + arguments + ["--json"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"sqlgen-bench {' '.join(arguments)} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"
