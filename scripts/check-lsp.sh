#!/usr/bin/env bash
# `sqlgen lsp` end to end with a real LSP client: pytest-lsp (pygls) from PyPI starts the built
# sqlgen over standard input and output with the capabilities of Neovim 0.11, VS Code and Emacs
# 29, and checks what a user sees while typing an operation (completions and diagnostics at each
# step), that the diagnostics are `sqlgen validate --json`'s, positions in each editor's encoding,
# hover, definitions, references, symbols, formatting (`sqlgen format -`'s output) and a quick fix
# (Tests/LSP). `-s` prints the typing transcript.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
fail() { printf '\ncheck-lsp: FAILED: %s\n' "$*" >&2; exit 1; }

venv="${SQLGEN_LSP_VENV:-/tmp/sqlgen-lsp-venv}"
if ! "$venv/bin/python" -c 'import pytest_lsp, sys; sys.exit(pytest_lsp.__version__ != "1.0.1")' 2>/dev/null; then
    python3 -m venv "$venv" || fail "python3 -m venv $venv"
    "$venv/bin/pip" install --quiet pytest-lsp==1.0.1 pygls==2.1.1 lsprotocol==2025.0.0 pytest-asyncio==1.5.0 \
        || fail "pip install pytest-lsp"
fi

swift build --product sqlgen >/dev/null || fail "swift build --product sqlgen"
export SQLGEN="$(swift build --show-bin-path)/sqlgen"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-check-lsp.XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" -m pytest -q -p no:cacheprovider --basetemp "$work/pytest" Tests/LSP "$@" || fail "the end-to-end LSP suite"
