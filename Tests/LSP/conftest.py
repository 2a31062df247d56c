"""End-to-end tests of `sqlgen lsp` driven by a real LSP client (pytest-lsp over pygls), with the
capabilities real editors send (Neovim 0.11, VS Code, Emacs 29).

SQLGEN: the sqlgen binary (default: .build/debug/sqlgen of this checkout)."""
import os
import pathlib
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = pathlib.Path(__file__).resolve().parents[2]
SQLGEN = os.environ.get("SQLGEN", str(ROOT / ".build" / "debug" / "sqlgen"))
FIXTURES = ROOT / "Tests" / "SQLGenLSPTests" / "Fixtures"
CACHE = tempfile.mkdtemp(prefix="sqlgen-lsp-e2e-cache-")
# The editors whose capabilities the server is started with: each negotiates its own encoding.
EDITORS = ["neovim@v0.11.0", "visual-studio-code", "emacs"]


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(CACHE, ignore_errors=True)


def make_client():
    """pytest-lsp's client, which also keeps the document version of each diagnostics list."""
    client = LanguageClient(converter_factory=default_converter)
    client.published_versions = {}

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
        client.diagnostics[params.uri] = params.diagnostics
        client.published_versions[params.uri] = params.version

    def register(client: LanguageClient, params: types.RegistrationParams):
        client.registrations = params.registrations

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
                                   types.CLIENT_REGISTER_CAPABILITY: register})
    return client


@pytest.fixture
def workspace(tmp_path):
    """A copy of the movies connector (a Data Connect schema, three operation files)."""
    folder = tmp_path / "movies"
    shutil.copytree(FIXTURES / "movies", folder)
    return folder.resolve()


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[SQLGEN, "lsp"], client_factory=make_client,
                              server_env={"SQLGEN_CACHE_DIR": CACHE, "PATH": os.environ.get("PATH", "")}),
    params=EDITORS,
)
async def client(lsp_client: LanguageClient, request, workspace):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="movies")],
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.position_encoding = result.capabilities.position_encoding
    lsp_client.editor = request.param
    yield
    await lsp_client.shutdown_session()
