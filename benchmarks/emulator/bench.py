#!/usr/bin/env python3
"""Drives the emulator load benchmark with wrk and prints the comparison (standard library only).

    bench.py check --server NAME=PID:PORT ... --data DIR
        Sends each operation once to every server; fails unless they all answer without errors
        and the queries' answers are identical JSON.
    bench.py run --server NAME=PID:PORT ... --data DIR --out results.json
                 [--duration 5] [--connections 1,16,64] [--ops lookup,list,insert] [--repeat 1]
        For each operation and connection count, runs wrk against each server in turn (the
        servers alternate so drift of a shared machine hits them alike; --repeat N alternates N
        times) and records requests/s,
        p50/p99 latency, socket errors, non-2xx answers, timeouts and the server's CPU time per
        request: utime+stime of the server process and all its descendants (uvicorn's workers)
        from /proc/<pid>/stat, read before and after the run.
    bench.py table results.json [--baseline baseline] [--subject sqlgen]
        Prints one Markdown table, the subject's figures next to the baseline's, with ratios.
    bench.py pgbench --database URL --database-pid PID --out results.json [--duration 5]
                     [--connections 1,16,64] [--ops lookup,list,insert]
        The floor on PostgreSQL: pgbench runs the statements the emulator sends for each operation
        (pgbench/<op>.sql, prepared) with as many clients as connections; rows named "pgbench"
        are added to results.json, their CPU being PostgreSQL's alone.

With --database-pid PID (a PostgreSQL postmaster), `run` adds the CPU time of the database's
processes to each server's, so CPU per request is the server's plus PostgreSQL's.

Traffic goes to 127.0.0.1 only; every wrk run is bounded by --duration (and killed after
duration + 30 s if it does not stop by itself).
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
LUA = HERE / "wrk" / "operation.lua"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
OPERATIONS = {"lookup": "getMovie (lookup by key)", "list": "listMovies (100 rows + reviews)",
              "insert": "createMovie (insert)"}


def parse_server(text: str) -> tuple:
    name, _, rest = text.partition("=")
    pid, _, port = rest.partition(":")
    if not name or not pid.isdigit() or not port.isdigit():
        raise argparse.ArgumentTypeError(f"expected NAME=PID:PORT, got {text!r}")
    return name, int(pid), int(port)


def process_tree(root: int) -> list:
    """`root` and all its descendants (uvicorn's worker processes are children of its parent)."""
    children: dict = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = pathlib.Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
    tree, pending = [], [root]
    while pending and len(tree) < 10_000:
        pid = pending.pop()
        tree.append(pid)
        pending.extend(children.get(pid, []))
    return tree


def cpu_seconds(root: int) -> float:
    """utime + stime of `root` and its descendants, in seconds, with the children `root` has
    reaped (cutime + cstime: a PostgreSQL backend that ended with its client's connection)."""
    ticks = 0
    for pid in process_tree(root):
        try:
            stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        ticks += int(fields[11]) + int(fields[12])    # utime, stime (fields 14 and 15 of stat)
        if pid == root:
            ticks += int(fields[13]) + int(fields[14])    # cutime, cstime
    return ticks / CLOCK_TICKS


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def first_line(path: pathlib.Path) -> str:
    with path.open() as file:
        return file.readline().strip()


def fetch(port: int, path: str, body: bytes | None = None) -> tuple:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body,
                                     headers={"Content-Type": "application/json"} if body else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def check(servers: list, data: pathlib.Path, connector: str) -> bool:
    movie_id = first_line(data / "ids.txt")
    genre = urllib.request.quote(first_line(data / "genres.txt"))
    prefix = f"/graphql/execute.json/{connector}/"
    probes = [("getMovie", prefix + f"getMovie;id={movie_id}", None),
              ("listMovies", prefix + f"listMovies;genre={genre}", None),
              ("createMovie", prefix + "createMovie",
               json.dumps({"variables": {"title": "Check", "genre": "drama", "rating": 7.5, "releaseYear": 2001}}).encode())]
    good = True
    for label, path, body in probes:
        answers = {}
        for name, _pid, port in servers:
            status, answer = fetch(port, path, body)
            answers[name] = answer
            problem = None
            if status != 200 or not isinstance(answer, dict) or answer.get("errors") or not answer.get("data"):
                problem = f"HTTP {status}: {str(answer)[:300]}"
            elif label == "listMovies" and len(answer["data"]["movies"]) != 100:
                problem = f"{len(answer['data']['movies'])} movies instead of 100"
            print(f"check {name:<9} {label:<11} {'ok' if problem is None else 'FAILED: ' + problem}", flush=True)
            good = good and problem is None
        if body is None and len({json.dumps(a, sort_keys=True) for a in answers.values()}) > 1:
            print(f"check {label}: the servers' answers differ", flush=True)
            good = False
    return good


def run_wrk(port: int, op: str, connections: int, duration: float, data: pathlib.Path, connector: str) -> dict:
    out = data / f".wrk-{os.getpid()}.json"
    out.unlink(missing_ok=True)
    env = dict(os.environ, BENCH_OP=op, BENCH_DATA=str(data), BENCH_OUT=str(out), BENCH_CONNECTOR=connector)
    command = ["wrk", f"-t{min(connections, 2)}", f"-c{connections}", f"-d{duration:g}s", "--timeout", "5s",
               "--latency", "-s", str(LUA), f"http://127.0.0.1:{port}"]
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, timeout=duration + 30)
    result = json.loads(out.read_text())
    out.unlink()
    return result


def measure(servers: list, data: pathlib.Path, ops: list, connection_counts: list, duration: float,
            connector: str, repeat: int, database_pid: int | None = None) -> list:
    results = []
    for op in ops:
        for connections in connection_counts:
            for name, pid, port in servers * repeat:
                if not alive(pid):
                    raise SystemExit(f"{name} (pid {pid}) is not running")
                load = os.getloadavg()[0]
                roots = [pid] + ([database_pid] if database_pid else [])
                cpu_before = sum(map(cpu_seconds, roots))
                result = run_wrk(port, op, connections, duration, data, connector)
                cpu = sum(map(cpu_seconds, roots)) - cpu_before
                answered = result["requests"]
                failed = result["connect_errors"] + result["read_errors"] + result["write_errors"] + result["status_errors"]
                row = {"server": name, "op": op, "connections": connections,
                       "rps": answered / (result["duration_us"] / 1e6), "p50_ms": result["p50_us"] / 1000,
                       "p99_ms": result["p99_us"] / 1000, "errors": failed, "timeouts": result["timeouts"],
                       "requests": answered, "cpu_s": cpu, "cpu_us_per_request": cpu / answered * 1e6 if answered else None,
                       "load_average": load, "alive_after": alive(pid)}
                results.append(row)
                print(f"{name:<9} {op:<7} c={connections:<3} {row['rps']:>9.0f} req/s  p50 {row['p50_ms']:7.2f} ms  "
                      f"p99 {row['p99_ms']:7.2f} ms  errors {failed}  timeouts {result['timeouts']}  "
                      f"cpu {row['cpu_us_per_request'] or 0:7.1f} us/req  load {load:.1f}", flush=True)
                if not row["alive_after"]:
                    raise SystemExit(f"{name} (pid {pid}) stopped during the run")
    return results


def run_pgbench(url: str, database_pid: int, ops: list, connection_counts: list, duration: float) -> list:
    """pgbench with each operation's script at each client count; CPU is PostgreSQL's."""
    rows = []
    for op in ops:
        for clients in connection_counts:
            load = os.getloadavg()[0]
            before = cpu_seconds(database_pid)
            command = ["pgbench", "-n", "-M", "prepared", "-c", str(clients), "-j", str(min(clients, 2)), "-T", f"{duration:g}",
                       "-f", str(HERE / "pgbench" / f"{op}.sql"), url]
            # Commits without waiting for the log's flush, as the emulator's writer.
            environment = dict(os.environ, PGOPTIONS="-c synchronous_commit=off")
            output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=duration + 60, env=environment).stdout
            cpu = cpu_seconds(database_pid) - before
            # `name = value` and `name: value` lines.
            fields = {}
            for line in output.splitlines():
                for separator in (" = ", ": "):
                    if separator in line:
                        name, value = line.split(separator, 1)
                        fields.setdefault(name.strip(), value.strip())
                        break
            transactions = int(fields["number of transactions actually processed"].split("/")[0])
            rate = float(fields["tps"].split()[0])
            latency = float(fields["latency average"].split()[0])
            failed = int(fields.get("number of failed transactions", "0").split()[0])
            rows.append({"server": "pgbench", "op": op, "connections": clients, "rps": rate, "p50_ms": latency, "p99_ms": latency,
                         "errors": failed, "timeouts": 0, "requests": transactions, "cpu_s": cpu,
                         "cpu_us_per_request": cpu / transactions * 1e6 if transactions else None, "load_average": load})
            print(f"pgbench   {op:<7} c={clients:<3} {rate:>9.0f} tx/s  latency avg {latency:7.2f} ms  "
                  f"postgres cpu {rows[-1]['cpu_us_per_request'] or 0:7.1f} us/tx  load {load:.1f}", flush=True)
    return rows


def medians(results: list) -> dict:
    """One row per (server, operation, connections): the median of each figure over the repeats."""
    groups: dict = {}
    for row in results:
        groups.setdefault((row["server"], row["op"], row["connections"]), []).append(row)
    merged = {}
    for key, rows in groups.items():
        row = dict(rows[0], repeats=len(rows))
        for figure in ("rps", "p50_ms", "p99_ms", "cpu_us_per_request"):
            values = [r[figure] for r in rows if r.get(figure) is not None]
            row[figure] = statistics.median(values) if values else None
        row["errors"] = sum(r["errors"] for r in rows)
        row["timeouts"] = sum(r["timeouts"] for r in rows)
        merged[key] = row
    return merged


def table(results: list, baseline: str, subject: str) -> str:
    by_key = medians(results)
    lines = [f"| operation | conns | {baseline} req/s | {subject} req/s | ratio | {baseline} p50 / p99 ms | "
             f"{subject} p50 / p99 ms | {baseline} CPU µs/req | {subject} CPU µs/req | CPU ratio | errors+timeouts ({baseline} / {subject}) |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    cells = sorted({(r["op"], r["connections"]) for r in results},
                   key=lambda cell: (list(OPERATIONS).index(cell[0]) if cell[0] in OPERATIONS else 99, cell[1]))
    for op, connections in cells:
        base, sub = by_key.get((baseline, op, connections)), by_key.get((subject, op, connections))

        def figure(row, key, fmt):
            return "—" if row is None or row.get(key) is None else format(row[key], fmt)

        def ratio(numerator, denominator, key):
            if numerator is None or denominator is None or not numerator.get(key) or not denominator.get(key):
                return "—"
            return f"{numerator[key] / denominator[key]:.2f}×"

        def latency(row):
            return "—" if row is None else f"{row['p50_ms']:.2f} / {row['p99_ms']:.2f}"

        def failures(row):
            return "—" if row is None else f"{row['errors']}+{row['timeouts']}"

        lines.append(f"| {OPERATIONS.get(op, op)} | {connections} | {figure(base, 'rps', ',.0f')} | {figure(sub, 'rps', ',.0f')} | "
                     f"{ratio(sub, base, 'rps')} | {latency(base)} | {latency(sub)} | {figure(base, 'cpu_us_per_request', ',.0f')} | "
                     f"{figure(sub, 'cpu_us_per_request', ',.0f')} | {ratio(base, sub, 'cpu_us_per_request')} | "
                     f"{failures(base)} / {failures(sub)} |")
    lines.append("")
    repeats = max((row["repeats"] for row in by_key.values()), default=1)
    if repeats > 1:
        lines.append(f"Medians of {repeats} runs per cell (errors and timeouts: totals).")
    lines.append(f"ratio = {subject} req/s ÷ {baseline} req/s; CPU ratio = {baseline} CPU per request ÷ {subject}'s "
                 "(above 1: the subject spends less). errors = socket errors + non-2xx answers; timeouts: no answer within 5 s.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("check", "run"):
        command = commands.add_parser(name)
        command.add_argument("--server", type=parse_server, action="append", required=True)
        command.add_argument("--data", type=pathlib.Path, required=True)
        command.add_argument("--connector", default="bench")
        if name == "run":
            command.add_argument("--out", type=pathlib.Path, required=True)
            command.add_argument("--duration", type=float, default=5)
            command.add_argument("--connections", default="1,16,64")
            command.add_argument("--ops", default="lookup,list,insert")
            command.add_argument("--repeat", type=int, default=1, help="runs per cell (the table shows medians)")
            command.add_argument("--database-pid", type=int, help="a PostgreSQL postmaster whose CPU counts with each server's")
    floor = commands.add_parser("pgbench")
    floor.add_argument("--database", required=True)
    floor.add_argument("--database-pid", type=int, required=True)
    floor.add_argument("--out", type=pathlib.Path, required=True)
    floor.add_argument("--duration", type=float, default=5)
    floor.add_argument("--connections", default="1,16,64")
    floor.add_argument("--ops", default="lookup,list,insert")
    show = commands.add_parser("table")
    show.add_argument("results", type=pathlib.Path)
    show.add_argument("--baseline", default="baseline")
    show.add_argument("--subject", default="sqlgen")
    args = parser.parse_args()

    if args.command == "check":
        sys.exit(0 if check(args.server, args.data, args.connector) else 1)
    if args.command == "pgbench":
        rows = run_pgbench(args.database, args.database_pid, args.ops.split(","), [int(c) for c in args.connections.split(",")], args.duration)
        saved = json.loads(args.out.read_text()) if args.out.exists() else {"started": time.time(), "duration_s": args.duration, "results": []}
        saved["results"] += rows
        args.out.write_text(json.dumps(saved, indent=1))
        return
    if args.command == "run":
        if not 1 <= args.duration <= 60:
            parser.error("--duration must be 1 to 60 seconds")
        ops = args.ops.split(",")
        unknown = [op for op in ops if op not in OPERATIONS]
        if unknown:
            parser.error(f"unknown operation {unknown[0]!r}")
        connections = [int(count) for count in args.connections.split(",")]
        if any(not 1 <= count <= 256 for count in connections):
            parser.error("connections must be 1 to 256")
        started = time.time()
        if not 1 <= args.repeat <= 10:
            parser.error("--repeat must be 1 to 10")
        results = measure(args.server, args.data, ops, connections, args.duration, args.connector, args.repeat, args.database_pid)
        args.out.write_text(json.dumps({"started": started, "duration_s": args.duration, "results": results}, indent=1))
        return
    print(table(json.loads(args.results.read_text())["results"], args.baseline, args.subject))


if __name__ == "__main__":
    main()
