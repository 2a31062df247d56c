#!/usr/bin/env bash
# What a user sees while typing an operation, from a real editor: Neovim (Debian's package,
# headless, its built-in LSP client) starts the built `sqlgen lsp` on a copy of the movies
# connector, types a new operation into it and prints, at each step, the first completion labels
# and the diagnostics it holds (scripts/lsp/nvim-typing.lua). Not part of CI: a demonstration.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
command -v nvim >/dev/null || { echo "nvim-typing: install Neovim (apt-get install neovim)" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-nvim.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$repo/Tests/SQLGenLSPTests/Fixtures/movies" "$work/movies"
: > "$work/movies/connector/top.gql"
(cd "$repo" && swift build --product sqlgen >/dev/null)
export SQLGEN="$(cd "$repo" && swift build --show-bin-path)/sqlgen" DEMO_ROOT="$work/movies" SQLGEN_CACHE_DIR="$work/cache"
nvim --headless -u NONE -i NONE -c "luafile $repo/scripts/lsp/nvim-typing.lua"
