#!/usr/bin/env bash
# The plugins as an app outside this repository meets them: Examples/PluginApp, copied to a
# scratch folder that names this checkout by its absolute path.
#   build plugin    a build from clean generates the connector's SDK into the target and the app
#                   runs against the emulator; a build with no change runs no generation; a
#                   changed operation file regenerates on the next build (the app prints the new
#                   field); a broken operation fails the build with `file:line:column: error:`;
#                   the app's build holds no emulator, HTTP server or SQLite, and the sources
#                   compiled into it are those `sqlgen generate` writes; every real project's
#                   connector (Tests/RealProjects) type-checks as the sources of one target
#   command plugin  `swift package sqlgen generate` writes the package `sqlgen generate` writes,
#                   and with --watch rewrites it after a save; Ctrl-C ends the tool with it
# Prints the build figures: a build from clean, a rebuild with no change, a rebuild after one
# operation changed (wall clock and CPU seconds, with the machine's load).
#   scripts/check-plugins.sh        (Linux: GNU sed, stat and time, setsid, script, pgrep)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-plugins.XXXXXX")"
# Generation records stay in the work folder, not in the user's cache.
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
app="$work/PluginApp"
target="$app/Sources/PluginApp"
queries="$target/connector/queries.gql"
log="$work/build.log"
emulator_pid=""
watch_pid=""

step() { printf '\n== check-plugins: %s\n' "$*"; }
fail() { printf '\ncheck-plugins: FAILED: %s\n' "$*" >&2; exit 1; }
cleanup() {
    if [ -n "$watch_pid" ]; then kill -TERM -- "-$watch_pid" 2>/dev/null || true; wait "$watch_pid" 2>/dev/null || true; fi
    for leftover in $(pgrep -f "$app/.build/.*sqlgen-generate-tool" || true); do kill "$leftover" 2>/dev/null || true; done
    stop_emulator
    rm -rf "$work"
    # SwiftPM's locks for the scratch package's build folder, kept beside the temporary files.
    local lock="${TMPDIR:-/tmp}/${app//\//_}_.build"
    rm -f "$lock.lock" "${lock}_workspace-state.json.lock"
}
trap cleanup EXIT
# shellcheck source=scripts/emulator-process.sh
source "$repo/scripts/emulator-process.sh"

# build NAME: swift build of the app into $log; sets `seconds` (wall clock), `cpu` (user and
# system time of the build and its compilers: steadier than wall time on a shared machine) and
# `status`.
build() {
    status=0
    /usr/bin/time -f '%e %U %S' -o "$work/time" swift build --package-path "$app" >"$log" 2>&1 || status=$?
    read -r seconds user system < <(tail -1 "$work/time")
    cpu=$(python3 -c "print(f'{$user + $system:.2f}')")
    printf '%s: %s s, %s s CPU (exit status %d)\n' "$1" "$seconds" "$cpu" "$status"
}
# build_ok NAME: a build that must succeed (its log is shown when it does not).
build_ok() {
    build "$1"
    [ "$status" -eq 0 ] || { cat "$log" >&2; fail "$1 failed"; }
}
generated() { grep -q "sqlgen: generating" "$log"; }
operations_file() { find "$app/.build/plugins/outputs" -name SQLGenOperations.swift -path '*SQLGenPlugin*' | head -1; }
run_app() { SQLGEN_EMULATOR_PORT="$port" "$app/.build/debug/PluginApp" | tee "$work/app.out" || fail "the app exited with an error"; }

[ -x /usr/bin/time ] || fail "this check times builds with GNU time (/usr/bin/time)"

step "build sqlgen (the emulator, and the CLI the command plugin is compared with)"
swift build --package-path "$repo" --product sqlgen >/dev/null || fail "swift build --product sqlgen"
sqlgen="$(swift build --package-path "$repo" --show-bin-path)/sqlgen"

step "copy Examples/PluginApp to a scratch folder"
mkdir -p "$app"
(cd "$repo/Examples/PluginApp" && tar --exclude=.build --exclude=Generated -cf - .) | (cd "$app" && tar -xf -)
sed -i "s|path: \"../..\"|path: \"$repo\"|" "$app/Package.swift"
grep -q "path: \"$repo\"" "$app/Package.swift" || fail "the example's Package.swift does not name the checkout as ../.."

step "build plugin: a build from clean"
build_ok "clean build"
clean_seconds=$seconds
clean_cpu=$cpu
generated || fail "the clean build did not run the generation"
operations="$(operations_file)"
[ -n "$operations" ] || fail "no SQLGenOperations.swift in the plugin's output folder"
grep -q "public final class BooksByAuthorQuery" "$operations" || fail "the generated operations lack BooksByAuthorQuery"
# The plugin's tool is the generator alone: no emulator, HTTP server or SQLite in the app's build.
modules=$(find "$app/.build" -name '*.swiftmodule' -path '*/Modules*' -exec basename {} .swiftmodule \; | sort -u | tr '\n' ' ')
echo "modules built: $modules"
case " $modules" in
    *" SQLGenEmulator "* | *" SQLGenHTTP "* | *" sqlgen "*) fail "the app's build holds more than generation needs: $modules" ;;
esac
tool="$(find "$app/.build" -type f -name sqlgen-generate-tool | head -1)"
[ -n "$tool" ] || fail "no sqlgen-generate-tool in the app's build"
if ldd "$tool" | grep -qi sqlite; then fail "the plugin's tool links SQLite"; fi

step "build plugin: every real project's connector as the sources of one target"
# The fixed files hold what a package's Sources/ would, joined: they must compile as one module.
swift build --package-path "$repo" --product sqlgen-generate >/dev/null || fail "swift build --product sqlgen-generate"
bin="$(swift build --package-path "$repo" --show-bin-path)"
count=0
while IFS= read -r config; do
    count=$((count + 1))
    "$bin/sqlgen-generate" sources --config "$config" --output "$work/real/$count" 2>"$work/real.err" || { cat "$work/real.err" >&2; fail "sqlgen-generate sources --config $config"; }
    swiftc -typecheck -swift-version 6 -I "$bin/Modules" -module-name App "$work/real/$count"/*.swift || fail "the sources of $config do not compile as one module"
done < <(find "$repo/Tests/RealProjects" -name connector.yaml | sort)
[ "$count" -gt 0 ] || fail "no connector.yaml in Tests/RealProjects"
echo "$count connectors type-check as the sources of one target"

step "build plugin: the app against the emulator"
start_emulator "$sqlgen" "$work" --config "$target/connector.yaml"
run_app
grep -qE '^added: [0-9a-f-]{36}$' "$work/app.out" || fail "the app did not add a book"
grep -q '^listed: 1 book by Ursula K. Le Guin$' "$work/app.out" || fail "the app did not list the book it added"

step "build plugin: the first rebuild after a clean build"
# SwiftPM links the plugin's tool in two build passes on a clean build, and links it once more on
# the next build, which then reruns the generation (its tool changed); the builds after it do not.
build_ok "first rebuild after the clean build"
first_seconds=$seconds
first_cpu=$cpu
first_generated=no
if generated; then first_generated=yes; fi

step "build plugin: a rebuild with no change generates nothing"
before="$(stat -c %y "$operations")"
build_ok "no-change rebuild"
unchanged_seconds=$seconds
changed_cpu=$cpu
unchanged_cpu=$cpu
! generated || { cat "$log" >&2; fail "a rebuild with no change ran the generation"; }
[ "$(stat -c %y "$operations")" = "$before" ] || fail "a rebuild with no change rewrote the generated operations"

step "build plugin: a changed operation file regenerates on the next build"
sed -i 's/^    title$/    title\n    year/' "$queries"
grep -q '^    year$' "$queries" || fail "could not add a field to $queries"
build_ok "rebuild after one operation changed"
changed_seconds=$seconds
changed_cpu=$cpu
generated || fail "changing $queries did not rerun the generation"
run_app
grep -q '^- .*year: Optional(1969)' "$work/app.out" || fail "the app does not print the field added to the query"

step "build plugin: a broken operation fails the build at its line and column"
sed -i 's/^    title$/    titel/' "$queries"
build "build with a broken operation"
[ "$status" -ne 0 ] || fail "the build succeeded with a broken operation"
grep -qF "$queries:5:5: error: Cannot query field \"titel\" on type \"Book\". Did you mean \"title\"?" "$log" || {
    cat "$log" >&2
    fail "the build output lacks the diagnostic $queries:5:5: error: ..."
}
sed -i 's/^    titel$/    title/' "$queries"
build_ok "build after the fix"

step "command plugin: swift package sqlgen generate writes what sqlgen generate writes"
swift package --package-path "$app" --allow-writing-to-package-directory sqlgen generate --config Sources/PluginApp/connector.yaml \
    >"$work/plugin.log" 2>&1 || { cat "$work/plugin.log" >&2; fail "swift package sqlgen generate"; }
[ -f "$app/Generated/ShelfSDK/Package.swift" ] || { cat "$work/plugin.log" >&2; fail "the command plugin wrote no package"; }
mv "$app/Generated" "$work/plugin-generated"
"$sqlgen" generate --config "$target/connector.yaml" >/dev/null || fail "sqlgen generate"
diff -r "$work/plugin-generated" "$app/Generated" || fail "the command plugin's package differs from sqlgen generate's"
echo "the command plugin's package is sqlgen generate's, file for file"
# The build plugin compiled the same Swift into the app: the client as is, each operations file
# (after its header and imports) in SQLGenOperations.swift.
python3 - "$app/Generated/ShelfSDK/Sources" "$(dirname "$operations")" <<'PY' || fail "the build plugin's sources differ from sqlgen generate's"
import pathlib, re, sys
package, plugin = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
assert (package / "ShelfClient.swift").read_text() == (plugin / "SQLGenClient.swift").read_text(), "the client differs"
operations = (plugin / "SQLGenOperations.swift").read_text()
for file in sorted((package / "Operations").glob("*.swift")):
    body = re.sub(r"\A(?:(?://(?!/).*|import .*|)\n)*", "", file.read_text())
    assert body in operations, f"{file.name} is not in SQLGenOperations.swift"
print("the build plugin's sources are sqlgen generate's")
PY

step "command plugin: --watch rewrites the package after a save, and Ctrl-C ends it all"
# `script` gives the command a terminal, where SwiftPM passes the plugin's output on at once.
setsid script -qfec "swift package --package-path '$app' --allow-writing-to-package-directory sqlgen generate --config Sources/PluginApp/connector.yaml --watch" \
    "$work/watch.log" >/dev/null 2>&1 &
watch_pid=$!
for _ in $(seq 1 600); do grep -q "watching" "$work/watch.log" 2>/dev/null && break; sleep 0.1; done
grep -q "watching" "$work/watch.log" || { cat "$work/watch.log" >&2; fail "the command plugin did not start watching"; }
sed -i 's/The books of an author, oldest first./Every book of an author, oldest first./' "$queries"
query_file="$app/Generated/ShelfSDK/Sources/Operations/Operations.swift"
for _ in $(seq 1 100); do grep -q "Every book of an author" "$query_file" && break; sleep 0.1; done
grep -q "Every book of an author" "$query_file" || { cat "$work/watch.log" >&2; fail "--watch did not rewrite the package after a save"; }
# Ctrl-C: SIGINT to the terminal's foreground process group, swift package's.
swift_package="$(pgrep -P "$watch_pid" | head -1)"
kill -INT -- "-$(ps -o pgid= -p "$swift_package" | tr -d ' ')"
wait "$watch_pid" 2>/dev/null || true
watch_pid=""
for _ in $(seq 1 50); do pgrep -f "$app/.build/.*sqlgen-generate-tool" >/dev/null || break; sleep 0.1; done
if pgrep -f "$app/.build/.*sqlgen-generate-tool" >/dev/null; then fail "the generation tool kept running after Ctrl-C"; fi
echo "Ctrl-C ended swift package, the plugin and the tool"

echo
echo "build plugin figures (wall clock and CPU seconds; load average $(cut -d' ' -f1-3 /proc/loadavg)):"
echo "  build from clean:                     $clean_seconds s, $clean_cpu s CPU"
echo "  first rebuild after it:               $first_seconds s, $first_cpu s CPU (generation ran again: $first_generated)"
echo "  rebuild with no change:               $unchanged_seconds s, $unchanged_cpu s CPU (no generation)"
echo "  rebuild after one operation changed:  $changed_seconds s, $changed_cpu s CPU"
echo "plugins check passed"
