"""Sends each probe to a running `sqlgen emulator` (POST /graphql) and to graphql-core over the
same rows, and compares `data` and `errors` (message and path; locations where both give them; a probe with "messages": False
leaves the message out).
Usage: conformance.py PORT. Exits 1 when any probe that is not excluded disagrees."""

import json
import sys
import urllib.request
from pathlib import Path

from graphql import GraphQLError, build_schema, graphql_sync

from probes import PROBES


def post(port, body):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/graphql", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        return json.loads(error.read())


def load_rows(port):
    # The emulator's default order is the order the oracle serves them in.
    answer = post(port, {"query": "{ movies { id title releaseYear genre rating aspectRatio description } }"})
    return answer["data"]["movies"]


def check_directive(info):
    """Raises like the emulator's `@check(expr: "false")` on the field being resolved."""
    for node in info.field_nodes:
        for directive in node.directives or []:
            if directive.name.value != "check":
                continue
            arguments = {argument.name.value: argument.value.value for argument in directive.arguments}
            if arguments.get("expr") == "false":
                raise GraphQLError(arguments.get("message", "permission denied"))


def oracle(rows):
    schema = build_schema((Path(__file__).parent / "schema.graphql").read_text())

    def field(source, info, **arguments):
        check_directive(info)
        if info.parent_type.name == "Query":
            if info.field_name == "movies":
                offset = arguments.get("offset") or 0
                limit = arguments.get("limit")
                return rows[offset:] if limit is None else rows[offset:offset + limit]
            return next((row for row in rows if row["id"] == arguments.get("id")), None)
        return source.get(info.field_name)

    def run(query, variables, operation_name):
        result = graphql_sync(schema, query, variable_values=variables, operation_name=operation_name, field_resolver=field)
        formatted = {"data": result.data}
        if result.errors:
            formatted["errors"] = [error.formatted for error in result.errors]
        return formatted

    return run


def normalize(answer):
    """`data` and the errors' message, path and locations; quotes as graphql-js writes them."""
    errors = []
    for error in answer.get("errors") or []:
        errors.append({
            "message": error.get("message", "").replace("'", '"'),
            "path": error.get("path"),
            "locations": error.get("locations"),
        })
    return answer.get("data"), sorted(errors, key=json.dumps)


def same_errors(ours, theirs, messages):
    if len(ours) != len(theirs):
        return False
    for mine, other in zip(ours, theirs):
        if (messages and mine["message"] != other["message"]) or mine["path"] != other["path"]:
            return False
        if mine["locations"] and other["locations"] and mine["locations"] != other["locations"]:
            return False
    return True


def main():
    port = int(sys.argv[1])
    rows = load_rows(port)
    run = oracle(rows)
    substitutions = {"{ID}": rows[0]["id"]}
    agreed, excluded, failed = 0, 0, []
    for probe in PROBES:
        query = probe["query"]
        variables = json.loads(json.dumps(probe.get("variables")))
        for key, value in substitutions.items():
            query = query.replace(key, value)
            if variables:
                variables = json.loads(json.dumps(variables).replace(key, value))
        if probe.get("exclude"):
            excluded += 1
            print(f"excluded  {probe['name']}: {probe['exclude']}")
            continue
        body = {"query": query, "variables": variables, "operationName": probe.get("operationName")}
        ours = normalize(post(port, body))
        theirs = normalize(run(query, variables, probe.get("operationName")))
        if ours[0] == theirs[0] and same_errors(ours[1], theirs[1], probe.get("messages", True)):
            agreed += 1
            print(f"agree     {probe['name']}")
        else:
            failed.append(probe["name"])
            print(f"DISAGREE  {probe['name']}\n  emulator:     {json.dumps(ours)}\n  graphql-core: {json.dumps(theirs)}")
    print(f"\nconformance: {agreed} passed, {len(failed)} failed, {excluded} skipped")
    if failed:
        print("disagreeing probes: " + ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
