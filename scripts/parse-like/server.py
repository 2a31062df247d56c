"""A GraphQL server shaped like Parse Server's GraphQL API, for sqlgen's sign-in tests: strawberry on
uvicorn over graphql-core 3.2 (which parses as graphql-js 16, the version Parse Server 7 runs).

What it keeps of Parse: `signUp`, `logIn` (returning `viewer { sessionToken user }`), `logOut`,
`viewer`, a `Note` class owned by its creator, the `X-Parse-Application-Id` header (403 without
it), the `X-Parse-Session-Token` header (an unknown token: HTTP 400 `{"code": 209}` before any
GraphQL runs), and Parse's error codes in `extensions.code` (101 bad login, 202 taken username,
209 no session). State lives in memory for one run.

    python server.py PORT
"""
import json
import secrets
import sys
import uuid
from typing import List, Optional

import strawberry
import uvicorn
from graphql import GraphQLError
from strawberry.asgi import GraphQL

APPLICATION_ID = "sqlgen-parse-test"
users = {}      # username -> {"id", "username", "password", "email"}
sessions = {}   # token -> username
notes = []      # {"id", "text", "owner"}


def parse_error(code, message):
    return GraphQLError(message, extensions={"code": code})


@strawberry.type
class User:
    id: strawberry.ID
    object_id: strawberry.ID = strawberry.field(name="objectId")
    username: Optional[str]
    email: Optional[str]


def user_of(name):
    record = users[name]
    return User(id=record["id"], object_id=record["id"], username=record["username"], email=record.get("email"))


@strawberry.type
class Viewer:
    session_token: str = strawberry.field(name="sessionToken")
    user: User


@strawberry.type
class Note:
    id: strawberry.ID
    text: str
    owner: Optional[User]


@strawberry.type
class NoteEdge:
    node: Optional[Note]


@strawberry.type
class NoteConnection:
    edges: Optional[List[Optional[NoteEdge]]]
    count: int


@strawberry.input
class CreateUserFieldsInput:
    username: str
    password: str
    email: Optional[str] = None


@strawberry.input
class SignUpInput:
    fields: Optional[CreateUserFieldsInput] = None
    client_mutation_id: Optional[str] = strawberry.field(name="clientMutationId", default=None)


@strawberry.input
class LogInInput:
    username: str
    password: str
    client_mutation_id: Optional[str] = strawberry.field(name="clientMutationId", default=None)


@strawberry.input
class LogOutInput:
    client_mutation_id: Optional[str] = strawberry.field(name="clientMutationId", default=None)


@strawberry.input
class CreateNoteFieldsInput:
    text: str


@strawberry.input
class CreateNoteInput:
    fields: Optional[CreateNoteFieldsInput] = None


@strawberry.type
class SignUpPayload:
    viewer: Viewer


@strawberry.type
class LogInPayload:
    viewer: Viewer


@strawberry.type
class LogOutPayload:
    ok: bool


@strawberry.type
class CreateNotePayload:
    note: Note


def signed_in(info):
    name = info.context["username"]
    if name is None:
        raise parse_error(209, "Invalid session token")
    return name


def new_session(name):
    token = "r:" + secrets.token_hex(16)
    sessions[token] = name
    return Viewer(session_token=token, user=user_of(name))


@strawberry.type
class Query:
    @strawberry.field
    def viewer(self, info) -> Viewer:
        name = signed_in(info)
        return Viewer(session_token=info.context["token"], user=user_of(name))

    @strawberry.field
    def notes(self, info) -> NoteConnection:
        name = signed_in(info)
        mine = [NoteEdge(node=Note(id=n["id"], text=n["text"], owner=user_of(name))) for n in notes if n["owner"] == name]
        return NoteConnection(edges=mine, count=len(mine))


@strawberry.type
class Mutation:
    @strawberry.mutation(name="signUp")
    def sign_up(self, input: SignUpInput) -> SignUpPayload:
        fields = input.fields
        if fields is None or not fields.username or not fields.password:
            raise parse_error(200, "Bad or missing username.")
        if fields.username in users:
            raise parse_error(202, "Account already exists for this username.")
        users[fields.username] = {"id": uuid.uuid4().hex[:10], "username": fields.username, "password": fields.password, "email": fields.email}
        return SignUpPayload(viewer=new_session(fields.username))

    @strawberry.mutation(name="logIn")
    def log_in(self, input: LogInInput) -> LogInPayload:
        record = users.get(input.username)
        if record is None or record["password"] != input.password:
            raise parse_error(101, "Invalid username/password.")
        return LogInPayload(viewer=new_session(input.username))

    @strawberry.mutation(name="logOut")
    def log_out(self, info, input: LogOutInput) -> LogOutPayload:
        signed_in(info)
        sessions.pop(info.context["token"], None)
        return LogOutPayload(ok=True)

    @strawberry.mutation(name="createNote")
    def create_note(self, info, input: CreateNoteInput) -> CreateNotePayload:
        name = signed_in(info)
        if input.fields is None or not input.fields.text:
            raise parse_error(142, "text is required.")
        note = {"id": uuid.uuid4().hex[:10], "text": input.fields.text, "owner": name}
        notes.append(note)
        return CreateNotePayload(note=Note(id=note["id"], text=note["text"], owner=user_of(name)))


class ParseGraphQL(GraphQL):
    async def get_context(self, request, response):
        token = request.headers.get("x-parse-session-token")
        return {"token": token, "username": sessions.get(token) if token else None}


graphql_app = ParseGraphQL(strawberry.Schema(query=Query, mutation=Mutation))


async def app(scope, receive, send):
    """Parse's request checks, which answer before GraphQL runs."""
    if scope["type"] == "http":
        headers = {key.decode().lower(): value.decode() for key, value in scope.get("headers", [])}
        if scope["path"] == "/health":
            return await reply(send, 200, {"status": "ok"})
        if headers.get("x-parse-application-id") != APPLICATION_ID:
            return await reply(send, 403, {"error": "unauthorized"})
        token = headers.get("x-parse-session-token")
        if token and token not in sessions:
            return await reply(send, 400, {"code": 209, "error": "Invalid session token"})
    await graphql_app(scope, receive, send)


async def reply(send, status, body):
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": data})


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
