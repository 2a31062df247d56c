"""Baseline for the emulator load benchmark: the same three operations over the same data with
graphql-core 3 on uvicorn (uvloop + httptools) and the standard library's sqlite3.

Endpoints match the emulator's: GET /graphql/execute.json/bench/<op>;k=v and
POST /graphql/execute.json/bench/<op> with {"variables": {...}}. Documents are parsed and validated
once at start; each request only executes. Usage: python3 baseline_server.py data.json PORT WORKERS
"""
import json, os, sqlite3, sys, tempfile, uuid
from urllib.parse import unquote

from graphql import build_schema, parse, validate, execute

SDL = """
type Query { movie(id: String!): Movie  movies(genre: String!, limit: Int = 100): [Movie!]! }
type Mutation { movie_insert(title: String!, genre: String!, releaseYear: Int): MovieKey! }
type MovieKey { id: String! }
type Movie { id: String! title: String! genre: String! releaseYear: Int rating: Float reviews_on_movie: [Review!]! }
type Review { rating: Int! text: String }
"""
OPERATIONS = {
    "getMovie": "query getMovie($id: String!) { movie(id: $id) { id title genre releaseYear rating } }",
    "listByGenre": """query listByGenre($genre: String!) { movies(genre: $genre, limit: 100) {
        id title releaseYear rating reviews_on_movie { rating text } } }""",
    "addMovie": """mutation addMovie($title: String!, $genre: String!, $releaseYear: Int) {
        movie_insert(title: $title, genre: $genre, releaseYear: $releaseYear) { id } }""",
}
schema = build_schema(SDL)
documents = {}
for name, text in OPERATIONS.items():
    document = parse(text)
    assert not validate(schema, document)
    documents[name] = document

DB = os.environ.get("BASELINE_DB") or os.path.join(tempfile.gettempdir(), f"baseline-{os.getpid()}.sqlite")


def setup(data_path):
    db = sqlite3.connect(DB)
    db.executescript("""
        PRAGMA journal_mode=WAL;
        DROP TABLE IF EXISTS review; DROP TABLE IF EXISTS movie;
        CREATE TABLE movie (id TEXT PRIMARY KEY, title TEXT NOT NULL, genre TEXT NOT NULL, release_year INTEGER, rating REAL);
        CREATE TABLE review (id TEXT PRIMARY KEY, movie_id TEXT NOT NULL REFERENCES movie(id) ON DELETE CASCADE, rating INTEGER NOT NULL, text TEXT);
        CREATE INDEX review_movie ON review(movie_id);
    """)
    with open(data_path) as f:
        tables = json.load(f)["tables"]
    db.executemany("INSERT INTO movie VALUES (?,?,?,?,?)", [(m["id"], m["title"], m["genre"], m["releaseYear"], m["rating"]) for m in tables["Movie"]])
    db.executemany("INSERT INTO review VALUES (?,?,?,?)", [(r["id"], r["movieId"], r["rating"], r["text"]) for r in tables["Review"]])
    db.commit()
    db.close()


connection = None


def db():
    global connection
    if connection is None:
        connection = sqlite3.connect(DB, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.row_factory = sqlite3.Row
    return connection


def movie_dict(row):
    return {"id": row["id"], "title": row["title"], "genre": row["genre"], "releaseYear": row["release_year"], "rating": row["rating"]}


def resolve_movie(_, info, id):
    row = db().execute("SELECT * FROM movie WHERE id = ?", (id.replace("-", ""),)).fetchone()
    return movie_dict(row) if row else None


def resolve_movies(_, info, genre, limit=100):
    rows = [movie_dict(r) for r in db().execute("SELECT * FROM movie WHERE genre = ? ORDER BY title LIMIT ?", (genre, limit))]
    # One query for the relation of all rows (batched, like the emulator).
    by_movie = {row["id"]: [] for row in rows}
    if rows:
        marks = ",".join("?" * len(rows))
        for r in db().execute(f"SELECT movie_id, rating, text FROM review WHERE movie_id IN ({marks}) ORDER BY rowid", list(by_movie)):
            by_movie[r["movie_id"]].append({"rating": r["rating"], "text": r["text"]})
    for row in rows:
        row["reviews_on_movie"] = by_movie[row["id"]]
    return rows


def resolve_insert(_, info, title, genre, releaseYear=None):
    movie_id = uuid.uuid4().hex
    c = db()
    c.execute("BEGIN IMMEDIATE")
    c.execute("INSERT INTO movie (id, title, genre, release_year) VALUES (?,?,?,?)", (movie_id, title, genre, releaseYear))
    c.execute("COMMIT")
    return {"id": movie_id}


ROOT = {"movie": resolve_movie, "movies": resolve_movies, "movie_insert": resolve_insert}


def field_resolver(source, info, **args):
    if source is None:
        return ROOT[info.field_name](source, info, **args)
    return source.get(info.field_name) if isinstance(source, dict) else None


async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    path = scope["path"]
    prefix = "/graphql/execute.json/bench/"
    status, payload = 404, {"errors": [{"message": "not found"}]}
    if path.startswith(prefix):
        rest = unquote(path[len(prefix):])
        name, *pairs = [p for p in rest.split(";") if p]
        variables = {}
        if scope["method"] == "POST" and body:
            variables = json.loads(body).get("variables") or {}
        for pair in pairs:
            key, _, value = pair.partition("=")
            variables[key] = value
        document = documents.get(name)
        if document is not None:
            result = execute(schema, document, variable_values=variables, field_resolver=field_resolver)
            payload = {"data": result.data}
            if result.errors:
                payload["errors"] = [{"message": e.message} for e in result.errors]
            status = 200
    data = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


if __name__ == "__main__":
    import uvicorn
    setup(sys.argv[1])
    os.environ["BASELINE_DB"] = DB
    uvicorn.run("baseline_server:app", host="127.0.0.1", port=int(sys.argv[2]), workers=int(sys.argv[3]) if len(sys.argv) > 3 else 2,
                loop="uvloop", http="httptools", log_level="warning", access_log=False)
