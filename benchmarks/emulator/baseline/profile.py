#!/usr/bin/env python3
"""Where the baseline's time goes, in process (no HTTP): CPU time per request of graphql-core's
execute for each query, of its SQL alone, and of writing the JSON answer.

    <venv>/bin/python benchmarks/emulator/baseline/profile.py DATA_DIR [--runs 400]
        DATA_DIR: generate_data.py's output (data.json, ids.txt, genres.txt)

The HTTP stack's share (uvicorn, httptools, uvloop, ASGI) is what a request costs under load
(bench.py) minus these figures.
"""
import argparse
import json
import os
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


class FakeInfo:
    """What `Resolvers.movies` reads from graphql-core's ResolveInfo."""

    def __init__(self, field_nodes):
        self.field_nodes = field_nodes
        self.variable_values = {}


def per_call_ms(function, arguments: list, runs: int) -> float:
    for index in range(min(20, runs)):
        function(arguments[index % len(arguments)])
    started = time.process_time()
    for index in range(runs):
        function(arguments[index % len(arguments)])
    return (time.process_time() - started) / runs * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=400)
    args = parser.parse_args()
    runs = max(1, min(args.runs, 100_000))

    import server

    with tempfile.TemporaryDirectory(prefix="sqlgen-baseline-profile.") as directory:
        report(server, os.path.join(directory, "baseline.sqlite"), args.data, runs)


def report(server, database: str, data: pathlib.Path, runs: int) -> None:
    from graphql import build_schema, execute

    server.prepare_database(database, str(data / "data.json"))
    schema = build_schema((HERE / "schema.graphql").read_text())
    operations = server.load_operations(schema)
    resolvers = server.Resolvers(server.connect(database), schema)
    root = {"movie": resolvers.movie, "movies": resolvers.movies, "movie_insert": resolvers.movie_insert}
    ids = (data / "ids.txt").read_text().split()
    genres = [line for line in (data / "genres.txt").read_text().splitlines() if line]

    def run(name):
        document = operations[name][0]
        return lambda variables: execute(schema, document, root_value=root, variable_values=variables, operation_name=name)

    def run_and_write(name):
        execute_one = run(name)
        return lambda variables: json.dumps({"data": execute_one(variables).data}, separators=(",", ":"))

    list_operation = next(definition for definition in operations["listMovies"][0].definitions
                          if getattr(definition, "name", None) and definition.name.value == "listMovies")
    list_fields = list_operation.selection_set.selections
    lookups = [{"id": movie_id} for movie_id in ids]
    lists = [{"genre": genre} for genre in genres]
    print(f"baseline in process, CPU ms per request ({runs} runs):")
    print(f"  getMovie    execute {per_call_ms(run('getMovie'), lookups, runs):7.3f}   "
          f"+ JSON {per_call_ms(run_and_write('getMovie'), lookups, runs):7.3f}   "
          f"SQL alone {per_call_ms(lambda v: resolvers.movie(None, **v), lookups, runs):7.3f}")
    print(f"  listMovies  execute {per_call_ms(run('listMovies'), lists, runs):7.3f}   "
          f"+ JSON {per_call_ms(run_and_write('listMovies'), lists, runs):7.3f}   "
          f"SQL alone {per_call_ms(lambda v: resolvers.movies(FakeInfo(list_fields), where={'genre': {'eq': v['genre']}}, limit=100), lists, runs):7.3f}")


if __name__ == "__main__":
    main()
