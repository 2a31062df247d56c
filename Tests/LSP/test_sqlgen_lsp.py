import asyncio
import json
import os
import subprocess

from lsprotocol import types

from conftest import SQLGEN


def uri(path):
    return path.as_uri()


def units(text, encoding):
    """The length of `text` in the negotiated position encoding."""
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def end_position(text, encoding):
    lines = text.split("\n")
    return types.Position(line=len(lines) - 1, character=units(lines[-1], encoding))


async def diagnostics_for(client, path, version, timeout=10):
    """The diagnostics the server publishes for `version` (or a later one) of `path`."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (client.published_versions.get(uri(path)) or 0) < version:
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"no diagnostics for version {version} of {path.name}")
        await asyncio.sleep(0.002)
    return list(client.diagnostics[uri(path)])


def open_file(client, path, text=None, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(path), language_id="graphql", version=version, text=path.read_text() if text is None else text)))


async def completion_labels(client, path, position):
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), position=position))
    return [item.label for item in result.items]


async def test_typing_an_operation(client, workspace):
    """What a user sees while typing a new operation, one character at a time: completions at
    a few points, and the diagnostics of each state. The transcript is printed (pytest -s)."""
    path = workspace / "connector" / "top.gql"
    path.write_text("")
    open_file(client, path, "")
    assert await diagnostics_for(client, path, 1) == []
    operation = 'query topRated($genre: String) @auth(level: PUBLIC) {\n  movies(where: { genre: { eq: $genre } }, limit: 5) {\n    title\n    rating\n  }\n}\n'
    checkpoints = {
        "query topRated($genre: ": None,
        "query topRated($genre: String) @": None,
        "query topRated($genre: String) @auth(level: PUBLIC) {\n  m": None,
        "query topRated($genre: String) @auth(level: PUBLIC) {\n  movies(": None,
        "query topRated($genre: String) @auth(level: PUBLIC) {\n  movies(where: { genre: { ": None,
        "query topRated($genre: String) @auth(level: PUBLIC) {\n  movies(where: { genre: { eq: $": None,
        "query topRated($genre: String) @auth(level: PUBLIC) {\n  movies(where: { genre: { eq: $genre } }, limit: 5) {\n    ti": None,
    }
    transcript = []
    text = ""
    encoding = client.position_encoding
    for index, character in enumerate(operation):
        start = end_position(text, encoding)
        text += character
        version = index + 2
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=start), text=character)]))
        if text in checkpoints:
            labels = await completion_labels(client, path, end_position(text, encoding))
            problems = await diagnostics_for(client, path, version)
            checkpoints[text] = labels
            transcript.append({"typed": text.split("\n")[-1], "completions": labels[:8] + (["..."] if len(labels) > 8 else []),
                               "diagnostics": [f"{d.range.start.line + 1}:{d.range.start.character + 1} {d.message}" for d in problems]})
    final = await diagnostics_for(client, path, len(operation) + 1)
    transcript.append({"typed": "(the whole operation)", "diagnostics": [d.message for d in final]})
    print(f"\n[{client.editor}, positions in {encoding}]")
    for step in transcript:
        print(json.dumps(step, ensure_ascii=False))
    values = list(checkpoints.values())
    assert "String" in values[0] and "Movie_Filter" in values[0]
    assert "auth" in values[1] and "include" not in values[1]
    assert "movies" in values[2] and "movie" in values[2]
    assert {"where", "orderBy", "limit"} <= set(values[3])
    assert {"eq", "ne", "in", "isNull"} <= set(values[4])
    assert values[5] == ["genre"]
    assert values[6][:2] == ["id", "title"]
    assert final == []


async def test_diagnostics_are_those_of_validate(client, workspace):
    queries = workspace / "connector" / "queries.gql"
    queries.write_text("query listMovies($unused: Int) @auth(level: PUBLIC) { movies { titel ...Missing } }\n")
    (workspace / "connector" / "mutations.gql").write_text("mutation addReview @auth(level: USER) { review_insert(data: { stars: $stars }) }\n")
    validate = subprocess.run([SQLGEN, "validate", "--json", "--config", str(workspace / "connector.yaml")], capture_output=True, text=True)
    expected = sorted((os.path.realpath(p["file"]), p["line"], p["column"], p["message"]) for p in json.loads(validate.stdout))
    for name in ["queries.gql", "mutations.gql"]:
        path = workspace / "connector" / name
        open_file(client, path)
        await diagnostics_for(client, path, 1)
    # The fragment no operation uses any more is reported in its own file, which is not open.
    fragments = uri(workspace / "connector" / "fragments.gql")
    for _ in range(500):
        if client.diagnostics.get(fragments):
            break
        await asyncio.sleep(0.01)
    seen = []
    for file_uri, problems in client.diagnostics.items():
        for d in problems:
            # Columns of this ASCII text are the same in every encoding.
            seen.append((os.path.realpath(file_uri.removeprefix("file://")), d.range.start.line + 1, d.range.start.character + 1, d.message))
    assert len(expected) == 5
    assert sorted(seen) == expected


async def test_non_ascii_positions(client, workspace):
    path = workspace / "connector" / "queries.gql"
    prefix = '"""Films 😀 é""" query q2 @auth(level: PUBLIC) { movies { '
    open_file(client, path, prefix + "titel } }\n")
    problems = await diagnostics_for(client, path, 1)
    assert [d.message for d in problems] == ['Cannot query field "titel" on type "Movie". Did you mean "title"?']
    assert problems[0].range.start.character == units(prefix, client.position_encoding)
    assert problems[0].range.end.character == units(prefix + "titel", client.position_encoding)


async def test_hover_definition_and_references(client, workspace):
    path = workspace / "connector" / "queries.gql"
    open_file(client, path)
    document = types.TextDocumentIdentifier(uri=uri(path))
    hover = await client.text_document_hover_async(types.HoverParams(text_document=document, position=types.Position(line=4, character=6)))
    assert hover.contents.value.startswith("```graphql\nMovie.rating: Float\n```")
    spread = types.Position(line=3, character=10)
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=spread))
    assert definition[0].uri == uri(workspace / "connector" / "fragments.gql")
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=spread, context=types.ReferenceContext(include_declaration=False)))
    assert [(r.uri.rsplit("/", 1)[-1], r.range.start.line) for r in references] == [("queries.gql", 3), ("queries.gql", 10)]
    derived = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=types.Position(line=2, character=4)))
    view = derived[0].uri
    assert view.endswith(".graphql") and "/lsp/" in view
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document))
    assert [s.name for s in symbols] == ["listMoviesByGenre", "getMovie"]


async def test_formatting_is_sqlgen_format(client, workspace):
    path = workspace / "connector" / "queries.gql"
    text = "query q($n:Int)@auth(level:PUBLIC){movies(limit:$n){id,title}}"
    open_file(client, path, text)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    formatted = subprocess.run([SQLGEN, "format", "-"], input=text, capture_output=True, text=True).stdout
    assert len(edits) == 1 and edits[0].new_text == formatted


async def test_quick_fix_declares_a_variable(client, workspace):
    path = workspace / "connector" / "queries.gql"
    text = "query q @auth(level: PUBLIC) {\n  movies(limit: $count) { id }\n}\n"
    open_file(client, path, text)
    problems = await diagnostics_for(client, path, 1)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=problems[0].range,
        context=types.CodeActionContext(diagnostics=problems)))
    assert [a.title for a in actions] == ['Declare $count: Int in operation "q"']
    edit = actions[0].edit.changes[uri(path)][0]
    assert edit.new_text == "($count: Int)"
