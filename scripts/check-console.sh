#!/usr/bin/env bash
# The emulator console in a real browser: headless Chromium from Debian's packages (installed
# when missing) loads http://127.0.0.1:<port>/ from `sqlgen emulator --seed seed/movies.gql`, runs
# a mutation and a query from their forms, checks the rendered status, response and SQL, the
# table view (paging, sorting), the schema search and the live log, and that a page of another
# origin can read neither the console nor its API (scripts/console/check_console.py, which
# speaks the DevTools protocol over a pipe: no package from PyPI). Screenshots are saved in
# .build/console-screenshots/; `--update-docs` also copies the operations view to docs/console.png.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-console.XXXXXX")"
screenshots="$repo/.build/console-screenshots"
emulator_pid=""
fail() { printf '\ncheck-console: FAILED: %s\n' "$*" >&2; [ -f "$work/emulator.log" ] && tail -20 "$work/emulator.log" >&2; exit 1; }
cleanup() {
    stop_emulator
    rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=scripts/emulator-process.sh
source "$repo/scripts/emulator-process.sh"

find_chromium() { command -v chromium || command -v chromium-browser || true; }
chromium="$(find_chromium)"
if [ -z "$chromium" ]; then
    echo "check-console: installing Chromium from Debian's packages"
    as_root=()
    [ "$(id -u)" -eq 0 ] || as_root=(sudo -n)
    "${as_root[@]}" apt-get update -qq || fail "apt-get update (Chromium is needed: apt-get install chromium)"
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium fonts-dejavu-core >/dev/null \
        || fail "apt-get install chromium fonts-dejavu-core"
    chromium="$(find_chromium)"
    [ -n "$chromium" ] || fail "Chromium is not on PATH after installing it"
fi
echo "check-console: $("$chromium" --version 2>/dev/null | tail -1)"

swift build -c release --product sqlgen >/dev/null || fail "swift build -c release --product sqlgen"
start_emulator .build/release/sqlgen "$work" --seed seed/movies.gql
rm -rf "$screenshots"
python3 -B scripts/console/check_console.py --chromium "$chromium" --port "$port" --screenshots "$screenshots" \
    || fail "the console in Chromium (screenshots so far in $screenshots)"
if [ "${1:-}" = "--update-docs" ]; then
    cp "$screenshots/console-operations.png" docs/console.png
    echo "check-console: docs/console.png updated"
fi
echo "check-console: the console works in Chromium; screenshots in $screenshots"
