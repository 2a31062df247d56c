#!/usr/bin/env python3
"""Writes the seed corpora under Fuzz/Seeds/<target>/ from the repository's fixtures and real
projects (run again after fixtures change; the output is committed). Small files only."""
import json, pathlib, shutil

root = pathlib.Path(__file__).resolve().parent.parent
seeds = root / "Fuzz" / "Seeds"
MAX = 24 * 1024


def put(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) > MAX:
        return
    folder = seeds / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name.replace("/", "__")).write_bytes(data)


for target in ["graphql", "graphql-validation", "yaml", "http", "json-emulator", "json-sqlconnect", "cel", "emulator",
               "sqlconnect-response", "aem-path", "record"]:
    shutil.rmtree(seeds / target, ignore_errors=True)

language = root / "Tests/SQLGenLanguageTests/Fixtures"
for name in ("syntax-errors.json", "valid-documents.json"):
    for case in json.loads((language / name).read_text())["cases"]:
        put("graphql", f"{case['id']}.graphql", case["document"])

operations = []
for path in sorted((root / "Tests/SQLGenSchemaTests/Fixtures/validation/inputs").rglob("*")):
    if path.is_file() and path.suffix in (".graphql", ".gql"):
        operations.append(path)
for path in sorted((root / "Tests/RealProjects").rglob("*.gql")):
    if ".dataconnect" not in path.parts:
        operations.append(path)
for path in sorted((root / "Tests/SQLGenEmulatorTests/Fixtures").rglob("*.gql")):
    operations.append(path)
for path in operations:
    put("graphql-validation", str(path.relative_to(root)), path.read_bytes())
for case in json.loads((root / "Tests/SQLGenSchemaTests/Fixtures/validation/validation-cases.json").read_text())["cases"]:
    put("graphql-validation", f"case-{len(list((seeds / 'graphql-validation').iterdir()))}.graphql", case["document"])

# yaml: the first byte picks the reader (0 YAML, 1 connector.yaml, 2 dataconnect.yaml).
for path in sorted((root / "Tests/SQLGenYAMLTests/Fixtures").glob("*.yaml")) + [root / "connector.yaml"]:
    data = path.read_bytes()
    kind = 2 if "dataconnect" in path.name else 1
    put("yaml", "yaml-" + path.name, b"\x00" + data)
    put("yaml", "config-" + path.name, bytes([kind]) + data)
for path in sorted((root / "Tests/SQLGenCoreTests/Fixtures/config").rglob("*.yaml")):
    kind = 2 if "dataconnect" in path.name else 1
    put("yaml", str(path.relative_to(root / "Tests/SQLGenCoreTests/Fixtures")), bytes([kind]) + path.read_bytes())
put("yaml", "dataconnect-local.yaml", b"\x02specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n")

# http: the first byte sets the piece size.
query = json.dumps({"query": "query { movies { id title } }", "variables": {}})
requests = [
    "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    f"POST /graphql HTTP/1.1\r\nHost: localhost:9399\r\nContent-Type: application/json\r\nContent-Length: {len(query)}\r\n\r\n{query}",
    "POST /graphql HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n0\r\nTrailer: x\r\n\r\n",
    "GET /graphql/execute.json/movies/listMovies;limit=2 HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\nGET / HTTP/1.0\r\n\r\n",
    "PUT /x HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
    "GET http://host:80/p?q=1 HTTP/1.1\r\nHost: host\r\nX-A: 1\r\nX-A: 2\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: a\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: POST\r\n\r\n",
]
for index, text in enumerate(requests):
    put("http", f"request-{index}", bytes([index * 3]) + text.encode())

# emulator: whole requests into the movies fixture (or bare bodies of POST /graphql).
key = "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0"
bodies = [
    {"query": "query { movies(orderBy: [{title: ASC}], limit: 3) { id title releaseYear rating } }"},
    {"query": "query($k: Movie_Key!) { movie(key: $k) { id title } }", "variables": {"k": {"id": key}}},
    {"query": "mutation { movie_insert(data: {title: \"X\", releaseYear: 2000, genre: \"g\", rating: 1.5}) }"},
    {"query": "mutation { movie_update(key: {id: \"%s\"}, data: {rating: 2}) }" % key},
    {"query": "mutation { movie_deleteMany(where: {title: {eq: \"X\"}}) }"},
    {"query": "query { movies(where: {_or: [{rating: {gt: 3}}, {genre: {in: [\"a\", \"b\"]}}]}) { title } }"},
    {"query": "query { __schema { types { name } } }"},
    {"query": "query A { movies { id } } query B { movie(id: \"x\") { id } }", "operationName": "B"},
    {"query": "mutation($t: String!) { movie_insert(data: {title: $t, releaseYear: 1, genre: \"g\", rating: 0}) }", "variables": {"t": "é"}},
]
for index, body in enumerate(bodies):
    text = json.dumps(body)
    put("emulator", f"body-{index}.json", text)
    put("emulator", f"request-{index}.http",
        f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(text.encode())}\r\n\r\n{text}")
for index, target in enumerate([
    "/graphql/execute.json/movies/listMovies;limit=2", "/graphql/execute.json/movies/getMovieByKey;key=%7B%22id%22%3A%22" + key + "%22%7D",
    "/graphql/execute.json/movies/listMoviesByGenre?genre=Drama&limit=1", "/graphql/list.json", "/schema.graphql",
    "/graphql?query=%7B%20movies%20%7B%20id%20%7D%20%7D",
]):
    put("emulator", f"get-{index}.http", f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer owner\r\n\r\n")

# JSON: bodies, variables, responses, content fragments.
jsons = [json.dumps(b) for b in bodies] + [
    '{"a":[1,-0,0.5e-3,1E+2,true,false,null],"b":{"c":"\\u00e9\\ud83c\\udfac\\n"}}', "[]", "{}", '"x"', "-12345678901234567890",
    '[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]', '{"a":1,"a":2}',
]
sqlconnect = root / "Tests/SQLConnectTests/Fixtures"
for path in sorted(sqlconnect.rglob("*.json")):
    jsons.append(path.read_text())
for index, text in enumerate(jsons):
    put("json-emulator", f"json-{index}", text)
    put("json-sqlconnect", f"json-{index}", text)
for path in sorted((root / "Tests/SQLGenEmulatorTests/Fixtures/aem/recorded").glob("*.json")):
    put("json-emulator", path.name, path.read_bytes())
    put("sqlconnect-response", path.name, path.read_bytes())

# sqlconnect-response: the films response of SQLConnect's tests and variations.
shapes = (root / "Tests/SQLConnectTests/Support/GeneratedShapes.swift").read_text()
films = shapes.split('static let filmsJSON = #"""', 1)[1].split('"""#', 1)[0]
films = "\n".join(line.strip() for line in films.splitlines()).strip()
put("sqlconnect-response", "films.json", films)
put("sqlconnect-response", "errors.json", '{"data":null,"errors":[{"message":"boom","path":["films",0],"locations":[{"line":1,"column":2}],"extensions":{"code":"X"}}]}')
put("sqlconnect-response", "search.json", '{"data":{"results":[{"__typename":"Movie","title":"T"},{"__typename":"Actor"},{"__typename":"Z"}],"reference":{"_dynamicUrl":"/a.jpg"},"value":{"k":[1,"2",null]}}}')

# cel: expressions of the fixtures and the CEL tests.
expressions = [
    "auth.uid != null", "auth.token.email_verified == true && auth.token.roles.exists(r, r == 'editor')",
    "vars.count > 2 ? 'many' : 'few'", "size(vars.list) == 3 && vars.list[0] + 1 == 2", "has(auth.token.firebase)",
    "request.time < timestamp('2030-01-01T00:00:00Z') && duration('1h') > duration('30m')",
    "'abc'.startsWith('a') && 'abc'.matches('^a.c$') && 'x' in ['x', 'y']", "{'a': 1}.a == 1", "this == b'\\x00\\x01'",
    "int('12') + uint(3) * 2.0 / double(4) % 3", "[1, 2, 3].all(x, x > 0) && [1, 2].map(x, x * 2) == [2, 4]",
    "response.query.movie.id == 'm1'", "string(vars.ratio) + \"\\u00e9\"", "-(-9223372036854775807 - 1)",
    "timestamp(request.time).getFullYear() == 2023", "[1, 2].filter(x, x > 1).size() == 1", "!(auth == null) || false",
]
for path in sorted((root / "Tests/SQLGenEmulatorTests/Fixtures").rglob("*.gql")):
    for line in path.read_text().splitlines():
        if 'expr: "' in line:
            expressions.append(line.split('expr: "', 1)[1].rsplit('"', 1)[0].replace('\\"', '"'))
for index, text in enumerate(dict.fromkeys(expressions)):
    put("cel", f"expr-{index}", text)

# aem-path: first byte picks the method (0/1 GET, 2 POST, 3 PUT, 4 HEAD), then a request target line, then a body.
paths = [
    "/graphql/execute.json/wknd-shared/adventure-by-slug;slug=bali-surf-camp",
    "/graphql/execute.json/wknd-shared/adventures-all%3Boffset%3D1%3Blimit%3D2;",
    "/graphql/execute.json/wknd-shared/article-by-slug;slug=a%3Bb%25c",
    "/graphql/list.json", "/graphql/list.json/wknd-shared", "/content/dam/wknd/a.png", "/content/dam/wknd/en/adventures/x%20y.JPG",
    "/content/dam/../../etc/passwd.txt", "/adobe/dynamicmedia/deliver/dm-aid--1234/image.webp?width=300&quality=80",
    "/adobe/dynamicmedia/deliver/dm-aid--1234/image.png?size=20,10", "/content/cq:graphql/wknd-shared/endpoint.json",
    "/content/wknd-shared.GQLschema", "/healthz", "/graphql/execute.json/wknd-shared/adventure-by-path;path=%2Fcontent%2Fdam%2Fwknd",
]
for index, path in enumerate(paths):
    put("aem-path", f"path-{index}", bytes([index % 2]) + path.encode())
put("aem-path", "persist", b"\x03/graphql/persist.json/wknd-shared/fuzzed\n{\"query\": \"{ adventureList { items { title } } }\"}")
put("aem-path", "adhoc", b"\x02/content/cq:graphql/wknd-shared/endpoint.json\n{\"query\": \"{ articleList { items { _path } } }\"}")
put("aem-path", "post-vars", b"\x02/graphql/execute.json/wknd-shared/adventure-by-slug\n{\"variables\": {\"slug\": \"bali-surf-camp\"}}")

# record: the generation records `sqlgen generate` keeps, from a built sqlgen (skipped without one),
# for the root connector and the FriendlyFlix fixture, generated into a temporary folder.
import os, subprocess, tempfile
sqlgen = root / ".build/debug/sqlgen"
if sqlgen.exists():
    projects = [("movies", "connector.yaml", [root / "connector.yaml", root / "schema", root / "connector"]),
                ("friendlyflix", "dataconnect.yaml", [root / "Tests/SQLGenCoreTests/Fixtures/connectors/friendlyflix"])]
    for name, config, parts in projects:
        with tempfile.TemporaryDirectory() as work:
            project = pathlib.Path(work) / "project"
            for part in parts:
                if part.is_dir() and part.name == "friendlyflix":
                    shutil.copytree(part, project)
                elif part.is_dir():
                    shutil.copytree(part, project / part.name)
                else:
                    project.mkdir(exist_ok=True)
                    shutil.copy(part, project / part.name)
            env = dict(os.environ, SQLGEN_CACHE_DIR=str(pathlib.Path(work) / "cache"))
            subprocess.run([str(sqlgen), "generate", "--config", str(project / config)], env=env, check=True, capture_output=True)
            for index, record in enumerate(sorted((pathlib.Path(work) / "cache").glob("*.record"))):
                put("record", f"{name}-{index}.record", record.read_bytes())
