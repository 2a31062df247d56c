#!/usr/bin/env python3
"""The emulator against hostile clients, on real sockets, with the repository's movies connector.

  hostile.py slow    [--slow 1000] [--requests 2000]   a normal client's latency while slow clients hold connections
  hostile.py sigkill [--rounds 3] [--writers 8]        acknowledged writes lost after SIGKILL during a write stream
  hostile.py inputs  [--count 200]                     hostile requests of each kind; the emulator must keep answering

Each starts `sqlgen emulator` (the binary of --sqlgen, default the release build) in a temporary
copy of the connector and stops it afterwards. Results go to stdout as one JSON object.
"""
import argparse, json, os, random, shutil, signal, socket, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Emulator:
    def __init__(self, binary, directory, *arguments):
        self.directory = directory
        self.process = subprocess.Popen([binary, "emulator", "--port", "0", *arguments], cwd=directory,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = None
        for line in self.process.stdout:
            if "listening on http://127.0.0.1:" in line:
                self.port = int(line.split("127.0.0.1:")[1].split()[0])
                break
        if self.port is None:
            raise SystemExit("the emulator did not start")
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def alive(self):
        return self.process.poll() is None

    def stop(self, sig=signal.SIGTERM):
        if self.alive():
            self.process.send_signal(sig)
        self.process.wait(timeout=30)


def project():
    directory = tempfile.mkdtemp(prefix="sqlgen-hostile-")
    for item in ["connector.yaml", "schema", "connector", "seed"]:
        source = os.path.join(ROOT, item)
        (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(directory, item))
    return directory


def exchange(port, raw, timeout=10.0, half_close=False):
    """Sends raw bytes and reads until the server closes: (status or None, response bytes).
    `half_close` ends the input, so that a request the server cannot parse is answered at once."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        try:
            while data := sock.recv(65536):
                chunks.append(data)
        except (socket.timeout, ConnectionResetError):
            pass
    response = b"".join(chunks)
    try:
        return int(response.split(b" ")[1]), response
    except (IndexError, ValueError):
        return None, response


def request(method, target, body=b"", headers=(), host="127.0.0.1"):
    lines = [f"{method} {target} HTTP/1.1", f"Host: {host}", "Connection: close", *headers]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def json_post(target, document, extra=()):
    return request("POST", target, json.dumps(document).encode(), ["Content-Type: application/json", *extra])


# MARK: slow clients

def slow(arguments):
    directory = project()
    emulator = Emulator(arguments.sqlgen, directory, "--seed", "seed/movies.gql")
    stop = threading.Event()
    held = []

    def hold():
        # Half a request head, then a header line every 5 s: a slowloris client that reconnects.
        while not stop.is_set():
            try:
                sock = socket.create_connection(("127.0.0.1", emulator.port), timeout=5)
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                held.append(sock)
                while not stop.wait(5):
                    sock.sendall(b"X-Slow: 1\r\n")
            except OSError:
                time.sleep(0.05)

    threads = [threading.Thread(target=hold, daemon=True) for _ in range(arguments.slow)]
    for thread in threads:
        thread.start()
    time.sleep(3)
    latencies, statuses = [], {}
    target = "/graphql/execute.json/movies/listMoviesByGenre;genre=Sci-Fi"
    for _ in range(arguments.requests):
        start = time.perf_counter()
        try:
            status, _ = exchange(emulator.port, request("GET", target), timeout=15)
        except OSError:
            status = "error"
        latencies.append(time.perf_counter() - start)
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    stop.set()
    emulator.stop()
    shutil.rmtree(directory, ignore_errors=True)
    latencies.sort()
    quantile = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 2)
    return {"slow_clients": arguments.slow, "requests": arguments.requests, "statuses": statuses,
            "p50_ms": quantile(0.50), "p99_ms": quantile(0.99), "max_ms": round(latencies[-1] * 1000, 2),
            "mean_ms": round(statistics.mean(latencies) * 1000, 2)}


# MARK: SIGKILL during writes

def sigkill(arguments):
    rounds = []
    for round_number in range(arguments.rounds):
        directory = project()
        emulator = Emulator(arguments.sqlgen, directory)
        acknowledged, lock, stop = set(), threading.Lock(), threading.Event()

        def write(writer):
            index = 0
            while not stop.is_set():
                title = f"r{round_number}-w{writer}-{index}"
                index += 1
                document = {"variables": {"title": title, "releaseYear": 2000, "genre": "Kill", "rating": 1.0}}
                try:
                    status, _ = exchange(emulator.port, json_post("/graphql/execute.json/movies/createMovie", document), timeout=5)
                except OSError:
                    return
                if status == 200:
                    with lock:
                        acknowledged.add(title)

        writers = [threading.Thread(target=write, args=(n,), daemon=True) for n in range(arguments.writers)]
        for thread in writers:
            thread.start()
        time.sleep(random.uniform(1.5, 3.0))
        emulator.stop(signal.SIGKILL)
        stop.set()
        for thread in writers:
            thread.join(timeout=10)
        second = Emulator(arguments.sqlgen, directory)
        _, response = exchange(second.port, json_post("/graphql", {"query": '{ movies(where: {genre: {eq: "Kill"}}, limit: 1000000) { title } }'}))
        body = json.loads(response.partition(b"\r\n\r\n")[2])
        stored = {movie["title"] for movie in body["data"]["movies"]}
        second.stop()
        shutil.rmtree(directory, ignore_errors=True)
        rounds.append({"acknowledged": len(acknowledged), "stored": len(stored), "lost": len(acknowledged - stored)})
    return {"writers": arguments.writers, "rounds": rounds}


# MARK: hostile inputs

def hostile_kinds(port):
    endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    deep = "rating"
    for _ in range(40):
        deep = f"movie {{ reviews {{ {deep} }} }}"
    seed = request("GET", "/graphql/execute.json/movies/listMovies")
    return {
        "random bytes": lambda r: bytes(r.randrange(256) for _ in range(r.randrange(1, 400))),
        "mutated requests": lambda r: bytes(b if r.random() > 0.05 else r.randrange(256) for b in seed),
        "foreign Host": lambda r: request("GET", "/graphql/list.json", host=f"rebind{r.randrange(1000)}.example:{port}"),
        "foreign Origin mutation": lambda r: json_post("/graphql", {"query": "mutation { movie_deleteMany(all: true) }"}, [f"Origin: http://evil{r.randrange(99)}.example"]),
        "text/plain mutation": lambda r: request("POST", "/graphql", b'{"query": "mutation { movie_deleteMany(all: true) }"}', ["Content-Type: text/plain"]),
        "lower-case and unknown methods": lambda r: request(r.choice(["get", "post", "BREW", "PROPFIND", "Get"]), "/graphql"),
        "NUL and traversal paths": lambda r: request("GET", r.choice(["/content/dam/x.txt%00.jpg", "/graphql/execute.json/movies/%00", "/%2e%2e/%2e%2e/etc/passwd"])),
        "endless SQL": lambda r: json_post("/graphql", {"query": f'query {{ _select(sql: "{endless}") }}'}),
        "deep nesting": lambda r: json_post("/graphql", {"query": f"query {{ reviews {{ {deep} }} }}"}),
        "bad JSON bodies": lambda r: request("POST", "/graphql", bytes(r.randrange(32, 127) for _ in range(200)), ["Content-Type: application/json"]),
        "oversized body": lambda r: request("POST", "/graphql", b"x" * (9 * 1024 * 1024), ["Content-Type: application/json"]),
        "abandoned requests": None,
    }


def inputs(arguments):
    directory = project()
    emulator = Emulator(arguments.sqlgen, directory, "--seed", "seed/movies.gql", "--request-timeout", "1s")
    generator = random.Random(7)
    counts, statuses = {}, {}
    for kind, make in hostile_kinds(emulator.port).items():
        count = arguments.count if kind not in ("endless SQL", "oversized body", "abandoned requests") else 10
        for _ in range(count):
            if make is None:
                # Endless SQL whose client goes away at once.
                sock = socket.create_connection(("127.0.0.1", emulator.port))
                sock.sendall(json_post("/graphql", {"query": 'query { _select(sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c") }'}))
                sock.close()
            else:
                try:
                    status, _ = exchange(emulator.port, make(generator), timeout=5, half_close=kind in ("random bytes", "mutated requests"))
                except OSError:
                    status = "reset"
                seen = statuses.setdefault(kind, {})
                seen[str(status)] = seen.get(str(status), 0) + 1
        counts[kind] = count
        if not emulator.alive():
            break
    status, _ = exchange(emulator.port, request("GET", "/healthz")) if emulator.alive() else (None, b"")
    _, listed = exchange(emulator.port, request("GET", "/graphql/execute.json/movies/listMovies")) if emulator.alive() else (None, b"")
    crashed = not emulator.alive()
    emulator.stop()
    shutil.rmtree(directory, ignore_errors=True)
    return {"kinds": counts, "statuses": statuses, "total": sum(counts.values()), "crashes": int(crashed), "healthz_after": status,
            "movies_after": listed.count(b'"title"')}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["slow", "sigkill", "inputs"])
    parser.add_argument("--sqlgen", default=os.path.join(ROOT, ".build", "release", "sqlgen"))
    parser.add_argument("--slow", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--count", type=int, default=200)
    arguments = parser.parse_args()
    print(json.dumps({"slow": slow, "sigkill": sigkill, "inputs": inputs}[arguments.mode](arguments), indent=2))


if __name__ == "__main__":
    sys.exit(main())
