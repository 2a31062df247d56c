#!/usr/bin/env python3
"""The load benchmark's Python baseline: graphql-core 3.3.2 on uvicorn (uvloop, httptools) over
`sqlite3` (or PostgreSQL through psycopg 3, with --database), serving the benchmark connector's
operations the way `sqlgen emulator` does.

    baseline/run.sh --data-dir DIR --port N [--import data.json] [--workers 2] [--database URL]

Endpoints (the emulator's persisted-operation shapes, so one load driver hits both):
    GET  /graphql/execute.json/<connectorId>/<operationName>;var=value...   queries
    POST /graphql/execute.json/<connectorId>/<operationName>  {"variables": {...}}
    GET  /healthz

What it does per request, kept to what a careful Python server would do:
  - the connector's operation files are parsed and validated once at start; a request only looks
    its operation up by name, coerces variables and runs graphql-core's (synchronous) executor;
  - SQL as the emulator runs it: a lookup by primary key; a list `WHERE genre = ? ... LIMIT 100`;
    the `reviews_on_movie` relation of all listed movies in one batched `IN (...)` query (rows in
    rowid order, the first `limit` per movie kept); an insert in its own transaction; on
    PostgreSQL the emulator's statements as it runs them there (ordered by its insertion-order
    column), prepared once per connection (psycopg prepares a statement on its fifth run);
  - the same tables, columns, indexes and pragmas as the emulator's database (8 KiB pages, WAL,
    synchronous=NORMAL, foreign keys on) and its read connections (a 32 MiB page cache, reads
    through a 256 MiB memory map); one connection per worker process.
"""
import argparse
import json
import os
import pathlib
import sqlite3
import sys
import urllib.parse
import uuid

from graphql import build_schema, execute, get_argument_values, parse, validate
from graphql.language import FieldNode, OperationDefinitionNode, ListTypeNode, NonNullTypeNode

HERE = pathlib.Path(__file__).resolve().parent
BENCH = HERE.parent
CONNECTOR_ID = "bench"
STRING_TYPES = {"String", "ID", "UUID", "Date", "Timestamp", "Any"}

SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS "movie" (
  "id" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "genre" TEXT NOT NULL,
  "rating" REAL,
  "release_year" INTEGER,
  PRIMARY KEY ("id")
);
CREATE TABLE IF NOT EXISTS "review" (
  "id" TEXT NOT NULL,
  "movie_id" TEXT NOT NULL,
  "rating" INTEGER NOT NULL,
  "text" TEXT,
  PRIMARY KEY ("id"),
  FOREIGN KEY ("movie_id") REFERENCES "movie" ("id") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "review_movie_id_idx" ON "review" ("movie_id");
"""
MOVIE_COLUMNS = '"id", "title", "genre", "rating", "release_year"'
REVIEW_COLUMNS = '"id", "movie_id", "rating", "text"'


def connect(path: str) -> sqlite3.Connection:
    connection = sqlite3.connect(path, check_same_thread=False)
    connection.execute("PRAGMA page_size=8192")  # a new file only, as the emulator's
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute("PRAGMA foreign_keys=ON")
    connection.execute("PRAGMA busy_timeout=5000")
    connection.execute("PRAGMA cache_size=-32768")
    connection.execute("PRAGMA mmap_size=268435456")
    return connection


def movie_row(values) -> dict:
    return {"id": values[0], "title": values[1], "genre": values[2], "rating": values[3], "releaseYear": values[4]}


def review_row(values) -> dict:
    return {"id": values[0], "movieId": values[1], "rating": values[2], "text": values[3]}


def prepare_database(path: str, import_file: str | None) -> None:
    """Creates the tables and, with `import_file`, replaces all rows by the export's."""
    connection = connect(path)
    connection.executescript(SCHEMA_SQL)
    if import_file:
        data = json.loads(pathlib.Path(import_file).read_text())["tables"]
        with connection:
            connection.execute('DELETE FROM "review"')
            connection.execute('DELETE FROM "movie"')
            connection.executemany(f'INSERT INTO "movie" ({MOVIE_COLUMNS}) VALUES (?, ?, ?, ?, ?)',
                                   [(m["id"], m["title"], m["genre"], m.get("rating"), m.get("releaseYear"))
                                    for m in data.get("Movie", [])])
            connection.executemany(f'INSERT INTO "review" ({REVIEW_COLUMNS}) VALUES (?, ?, ?, ?)',
                                   [(r["id"], r["movieId"], r["rating"], r.get("text")) for r in data.get("Review", [])])
    connection.close()


class Resolvers:
    """Root resolvers over one worker's connection, called by graphql-core's default resolver as
    `resolver(info, **arguments)`. Object fields are dict entries; `reviews_on_movie` is filled in by
    the list that loads the movies."""
    mark = "?"
    order = "rowid"
    review_order = "rowid"
    no_limit = -1

    def __init__(self, connection, schema):
        self.db = connection
        self.relation_field = schema.type_map["Movie"].fields["reviews_on_movie"]

    def rows(self, sql: str, params):
        return self.db.execute(sql, params)

    def transaction(self):
        return self.db

    def movie(self, _info, id=None):
        row = next(iter(self.rows(f'SELECT {MOVIE_COLUMNS} FROM "movie" WHERE "id" = {self.mark} LIMIT 1', (id,))), None)
        return movie_row(row) if row else None

    def movies(self, info, where=None, limit=None):
        sql = f'SELECT {MOVIE_COLUMNS} FROM "movie"'
        params: list = []
        genre = ((where or {}).get("genre") or {}).get("eq")
        if genre is not None:
            sql += f' WHERE "genre" = {self.mark}'
            params.append(genre)
        sql += f' ORDER BY {self.order} LIMIT {self.mark}'
        params.append(self.no_limit if limit is None else max(0, limit))
        movies = [movie_row(values) for values in self.rows(sql, params)]
        self.load_reviews(movies, info)
        return movies

    def load_reviews(self, movies: list, info) -> None:
        """One batched query for the `reviews_on_movie` of every listed movie (when selected)."""
        relation = None
        for node in info.field_nodes:
            for selection in node.selection_set.selections if node.selection_set else ():
                if isinstance(selection, FieldNode) and selection.name.value == "reviews_on_movie":
                    relation = selection
        if relation is None or not movies:
            return
        arguments = get_argument_values(self.relation_field, relation, info.variable_values)
        limit = arguments.get("limit")
        by_movie = {movie["id"]: [] for movie in movies}
        marks = ", ".join([self.mark] * len(by_movie))
        for values in self.rows(f'SELECT {REVIEW_COLUMNS} FROM "review" WHERE "movie_id" IN ({marks}) ORDER BY {self.review_order}',
                                list(by_movie)):
            group = by_movie[values[1]]
            if limit is None or len(group) < limit:
                group.append(review_row(values))
        for movie in movies:
            movie["reviews_on_movie"] = by_movie[movie["id"]]

    def movie_insert(self, _info, data):
        key = data.get("id") or uuid.uuid4().hex
        with self.transaction():
            self.db.execute(f'INSERT INTO "movie" ({MOVIE_COLUMNS}) VALUES ({", ".join([self.mark] * 5)})',
                            (key, data.get("title"), data.get("genre"), data.get("rating"), data.get("releaseYear")))
        return {"id": key}


class PostgresResolvers(Resolvers):
    """The same over a psycopg 3 connection (autocommit: a query is its own transaction, an insert
    runs in one of its own)."""
    mark = "%s"
    order = '"__sqlgen_row"'
    review_order = '"movie_id", "__sqlgen_row"'
    no_limit = None

    def rows(self, sql: str, params):
        return ([value.hex if isinstance(value, uuid.UUID) else value for value in row] for row in self.db.execute(sql, params))

    def transaction(self):
        return self.db.transaction()


# The emulator's tables on PostgreSQL, as `sqlgen emulator --database` creates them.
POSTGRES_SCHEMA_SQL = """
DROP TABLE IF EXISTS "review", "movie";
CREATE TABLE "movie" ("id" uuid NOT NULL, "title" text NOT NULL, "genre" text NOT NULL, "rating" double precision,
  "release_year" integer, "__sqlgen_row" bigint GENERATED BY DEFAULT AS IDENTITY, PRIMARY KEY ("id"));
CREATE TABLE "review" ("id" uuid NOT NULL, "movie_id" uuid NOT NULL, "rating" integer NOT NULL, "text" text,
  "__sqlgen_row" bigint GENERATED BY DEFAULT AS IDENTITY, PRIMARY KEY ("id"));
CREATE INDEX "__sqlgen_row_movie" ON "movie" ("__sqlgen_row");
CREATE INDEX "review_movie_id_idx" ON "review" ("movie_id");
CREATE INDEX "__sqlgen_row_review" ON "review" ("__sqlgen_row");
ALTER TABLE "review" ADD CONSTRAINT "review_movie_id_fkey" FOREIGN KEY ("movie_id") REFERENCES "movie" ("id")
  ON DELETE CASCADE DEFERRABLE INITIALLY IMMEDIATE;
"""


def prepare_postgres(url: str, import_file: str | None) -> None:
    """Creates the tables anew and loads the export's rows."""
    import psycopg
    with psycopg.connect(url) as connection:
        connection.execute(POSTGRES_SCHEMA_SQL)
        if import_file:
            data = json.loads(pathlib.Path(import_file).read_text())["tables"]
            with connection.cursor() as cursor:
                cursor.executemany(f'INSERT INTO "movie" ({MOVIE_COLUMNS}) VALUES (%s, %s, %s, %s, %s)',
                                   [(m["id"], m["title"], m["genre"], m.get("rating"), m.get("releaseYear")) for m in data.get("Movie", [])])
                cursor.executemany(f'INSERT INTO "review" ({REVIEW_COLUMNS}) VALUES (%s, %s, %s, %s)',
                                   [(r["id"], r["movieId"], r["rating"], r.get("text")) for r in data.get("Review", [])])
        connection.execute("ANALYZE")


def load_operations(schema) -> dict:
    """Parses and validates the connector's operation files once: name -> (document, variable types)."""
    operations = {}
    for path in sorted((BENCH / "connector").glob("*.gql")):
        document = parse(path.read_text())
        errors = validate(schema, document)
        if errors:
            raise SystemExit(f"{path}: {errors[0].message}")
        for definition in document.definitions:
            if isinstance(definition, OperationDefinitionNode) and definition.name:
                types = {}
                for variable in definition.variable_definitions:
                    type_node = variable.type
                    while isinstance(type_node, NonNullTypeNode):
                        type_node = type_node.type
                    types[variable.variable.name.value] = None if isinstance(type_node, ListTypeNode) else type_node.name.value
                operations[definition.name.value] = (document, definition.operation.value, types)
    return operations


def decode_path_variables(encoded: str, types: dict) -> dict:
    """AEM's `;name=value` pairs (each part percent-decoded); non-string types are JSON."""
    variables = {}
    for part in encoded.split(";"):
        if not part:
            continue
        name, _, raw = part.partition("=")
        name = urllib.parse.unquote(name)
        value = urllib.parse.unquote(raw)
        variables[name] = value if types.get(name, "String") in STRING_TYPES else json.loads(value)
    return variables


def make_app():
    schema = build_schema((HERE / "schema.graphql").read_text())
    operations = load_operations(schema)
    if os.environ.get("BASELINE_POSTGRES"):
        import psycopg
        # Commits without waiting for the log's flush, as the emulator's writer (and SQLite's synchronous=NORMAL).
        resolvers = PostgresResolvers(psycopg.connect(os.environ["BASELINE_POSTGRES"], autocommit=True,
                                                      options="-c synchronous_commit=off"), schema)
    else:
        resolvers = Resolvers(connect(os.environ["BASELINE_DATABASE"]), schema)
    root = {"movie": resolvers.movie, "movies": resolvers.movies, "movie_insert": resolvers.movie_insert}
    prefix = f"/graphql/execute.json/{CONNECTOR_ID}/"

    async def send_json(send, status: int, body: dict) -> None:
        payload = json.dumps(body, separators=(",", ":")).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})

    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        body = b""
        more = True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        # raw_path keeps `;` and percent-escapes as sent.
        path = (scope.get("raw_path") or scope["path"].encode()).decode("latin-1")
        if path == "/healthz":
            return await send_json(send, 200, {"status": "ok"})
        if not path.startswith(prefix):
            return await send_json(send, 404, {"errors": [{"message": "Not found."}]})
        rest = path[len(prefix):]
        if ";" not in rest and "%3B" in rest.upper():
            rest = rest.replace("%3B", ";").replace("%3b", ";").replace("%3D", "=").replace("%3d", "=")
        name, _, encoded = rest.partition(";")
        operation = operations.get(name)
        if operation is None:
            return await send_json(send, 404, {"errors": [{"message": f'Unknown operation "{name}".'}]})
        document, kind, types = operation
        try:
            if scope["method"] == "POST":
                variables = (json.loads(body) if body else {}).get("variables") or {}
            elif kind == "query":
                variables = decode_path_variables(encoded, types)
            else:
                return await send_json(send, 405, {"errors": [{"message": "Mutations need POST."}]})
        except (ValueError, AttributeError) as error:
            return await send_json(send, 400, {"errors": [{"message": f"Bad variables: {error}"}]})
        result = execute(schema, document, root_value=root, variable_values=variables, operation_name=name)
        response = {"data": result.data}
        if result.errors:
            response["errors"] = [error.formatted for error in result.errors]
        await send_json(send, 200, response)

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description="graphql-core baseline for the emulator load benchmark")
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--import", dest="import_file")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", help="a PostgreSQL URL: the data there instead of DATA_DIR/baseline.sqlite")
    args = parser.parse_args()
    os.makedirs(args.data_dir, exist_ok=True)
    if args.database:
        prepare_postgres(args.database, args.import_file)
        os.environ["BASELINE_POSTGRES"] = args.database
    else:
        database = os.path.join(args.data_dir, "baseline.sqlite")
        prepare_database(database, args.import_file)
        os.environ["BASELINE_DATABASE"] = database
    sys.path.insert(0, str(HERE))
    import uvicorn
    print(f"baseline listening on http://127.0.0.1:{args.port} with {args.workers} workers", flush=True)
    uvicorn.run("server:make_app", factory=True, host="127.0.0.1", port=args.port, workers=args.workers,
                loop="uvloop", http="httptools", access_log=False, log_level="warning")


if __name__ == "__main__":
    main()
