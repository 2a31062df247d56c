#!/usr/bin/env bash
# End to end, as a new user meets sqlgen: build the tool, generate the SDKs, build the examples
# against this checkout's SQLConnect, start the emulator on a free port with a fresh data folder,
# run each example and check what it prints. Stops at the first problem with a clear message.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
work="$(mktemp -d "${TMPDIR:-/tmp}/sqlgen-e2e.XXXXXX")"
# Generation records stay in the work folder, not in the user's cache.
export SQLGEN_CACHE_DIR="$work/sqlgen-cache"
emulator_pid=""
aem_pid=""

step() { printf '\n== e2e: %s\n' "$*"; }
fail() { printf '\ne2e: FAILED: %s\n' "$*" >&2; exit 1; }
cleanup() {
    if [ -n "$aem_pid" ] && kill -0 "$aem_pid" 2>/dev/null; then
        kill -TERM "$aem_pid" 2>/dev/null || true
        wait "$aem_pid" 2>/dev/null || true
    fi
    stop_emulator
    rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=scripts/emulator-process.sh
source "$repo/scripts/emulator-process.sh"

step "build sqlgen (release)"
swift build -c release --product sqlgen >/dev/null || fail "swift build -c release --product sqlgen"
sqlgen="$repo/.build/release/sqlgen"

examples=()
for config in Examples/*/connector.yaml; do examples+=("$(dirname "$config")"); done

step "sqlgen generate: the root connector and every example"
"$sqlgen" generate || fail "sqlgen generate (root connector)"
for example in "${examples[@]}"; do
    "$sqlgen" generate --config "$example/connector.yaml" || fail "sqlgen generate --config $example/connector.yaml"
done

step "sqlgen format --check and sqlgen validate over the operations"
# The WKND queries are Adobe's persisted queries kept byte for byte (comments included), so only
# the operations this repository writes are held to the canonical form.
mapfile -t operation_files < <(find connector seed schema -name '*.gql' -o -name '*.graphql' | sort)
"$sqlgen" format --check "${operation_files[@]}" || fail "sqlgen format --check: files are not in canonical form"
"$sqlgen" validate --config connector.yaml || fail "sqlgen validate (root connector)"
for example in "${examples[@]}"; do
    "$sqlgen" validate --config "$example/connector.yaml" || fail "sqlgen validate --config $example/connector.yaml"
done

step "build the examples against this checkout's SQLConnect"
for example in Examples/*/Package.swift; do
    folder="$(dirname "$example")"
    # The build plugin's example builds the generator itself: check-plugins.sh covers it.
    [ "$folder" = Examples/PluginApp ] && continue
    swift build --package-path "$folder" >/dev/null 2>"$work/build.log" || { cat "$work/build.log" >&2; fail "swift build --package-path $folder"; }
done

step "start the emulator on a free port with a fresh data folder"
start_emulator "$sqlgen" "$work" --seed seed/movies.gql
echo "emulator listening on 127.0.0.1:$port"

step "run the Movies example"
SQLGEN_EMULATOR_PORT="$port" "Examples/Movies/.build/debug/MoviesExample" | tee "$work/movies.out" || fail "the Movies example exited with an error"
expect() { grep -qE "$1" "$work/movies.out" || fail "the Movies example did not print /$1/ ($2)"; }
expect '^created: Empire Strikes Back id=[0-9a-f-]{32,36}$' "a created row"
expect '^listed: [3-9][0-9]* Sci-Fi movies from server$' "the seeded Sci-Fi movies plus the created one"
expect '^- Empire Strikes Back \(1980\) rating 5.0, widescreen$' "the created row with its enum case"
expect '^- Blade Runner \(1982\)' "a seeded row"
expect '^cache: [3-9][0-9]* movies from cache$' "a cache hit with .cacheOnly"
expect '^observed: the Sci-Fi list changed$' "the observed ref"
expect '^lookup: ' "a lookup by key"

step "stop the emulator"
kill -TERM "$emulator_pid"
wait "$emulator_pid" || fail "the emulator did not stop cleanly on SIGTERM"
emulator_pid=""

step "start an AEM emulator for the WKND connector with its content (free port, fresh data folder)"
aem_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
"$sqlgen" emulator --config Examples/WKNDAdventures/connector.yaml --port "$aem_port" --data-dir "$work/aem-data" >"$work/aem.log" 2>&1 &
aem_pid=$!
for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$aem_port/healthz" >/dev/null 2>&1; then break; fi
    kill -0 "$aem_pid" 2>/dev/null || { cat "$work/aem.log" >&2; fail "the AEM emulator exited at start"; }
    sleep 0.1
done
curl -fsS "http://127.0.0.1:$aem_port/healthz" >/dev/null || { cat "$work/aem.log" >&2; fail "the AEM emulator did not answer /healthz"; }
grep -q '16 AdventureModel' "$work/aem.log" || { cat "$work/aem.log" >&2; fail "the AEM emulator did not load the 16 adventures"; }
echo "AEM emulator listening on 127.0.0.1:$aem_port"

step "run the WKND Adventures example"
SQLGEN_EMULATOR_PORT="$aem_port" "Examples/WKNDAdventures/.build/debug/WKNDAdventures" bali-surf-camp --all-queries | tee "$work/wknd.out" || fail "the WKND example exited with an error"
expect_wknd() { grep -qE "$1" "$work/wknd.out" || fail "the WKND example did not print /$1/ ($2)"; }
expect_wknd '^adventures: 16$' "all 16 adventures listed"
[ "$(grep -c '^- ' "$work/wknd.out")" = 16 ] || fail "the WKND example did not list 16 adventure lines"
expect_wknd '^- Yosemite Backpacking \[yosemite-backpacking\] Camping' "a listed adventure"
expect_wknd '^adventure: Bali Surf Camp$' "the adventure of the slug"
expect_wknd "^image: http://127\.0\.0\.1:$aem_port/adobe/dynamicmedia/deliver/dm-aid--[0-9a-f-]{36}/adobestock-175749320\.jpg\?preferwebp=true&width=800&quality=80$" "the image URL from imageURL(path:)"
expect_wknd '^see also: Surf Camp in Costa Rica \[surf-camp-costa-rica\]$' "the adventure's _references"
# The seven other persisted queries, each through its generated call; the counts are the content's.
expect_wknd '^adventure-by-path: Bali Surf Camp$' "adventure-by-path"
expect_wknd '^adventure-by-price LOWER 1200: 7$' "the 7 adventures under 1200"
expect_wknd '^adventures-by-activity Surfing: 2$' "the 2 surfing adventures"
expect_wknd '^article-by-author Stacey Roswells: Ultimate Guide to LA Skateparks$' "article-by-author"
expect_wknd '^article-by-path: Ski Touring$' "article-by-path"
expect_wknd '^article-by-slug san-diego-surfspots: San Diego Surf Spots$' "article-by-slug"
expect_wknd '^articles-all: 7 articles in 4 pages$' "paging through every article with first/after"
image_url="$(sed -n 's/^image: //p' "$work/wknd.out")"
curl -fsS -o "$work/image.jpg" "$image_url" || fail "the image URL did not load"
[ "$(head -c 2 "$work/image.jpg" | od -An -tx1 | tr -d ' ')" = "ffd8" ] || fail "the image is not a JPEG"

step "stop the AEM emulator"
kill -TERM "$aem_pid"
wait "$aem_pid" || fail "the AEM emulator did not stop cleanly on SIGTERM"
aem_pid=""

step "the WKND example against an author-mode AEM emulator with the AEM sample's variables"
"$sqlgen" emulator --config Examples/WKNDAdventures/connector.yaml --author --port "$aem_port" --data-dir "$work/aem-author" >"$work/aem-author.log" 2>&1 &
aem_pid=$!
for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$aem_port/healthz" >/dev/null 2>&1; then break; fi
    kill -0 "$aem_pid" 2>/dev/null || { cat "$work/aem-author.log" >&2; fail "the author-mode AEM emulator exited at start"; }
    sleep 0.1
done
author_env=(AEM_SCHEME=http AEM_HOST="127.0.0.1:$aem_port")
env "${author_env[@]}" AEM_AUTH_TYPE=basic AEM_USERNAME=admin AEM_PASSWORD=admin "Examples/WKNDAdventures/.build/debug/WKNDAdventures" tahoe-skiing >"$work/wknd-basic.out" \
    || fail "the WKND example with Basic auth exited with an error"
grep -q '^adventure: Tahoe Skiing$' "$work/wknd-basic.out" || fail "the WKND example with Basic auth did not show Tahoe Skiing"
env "${author_env[@]}" AEM_AUTH_TYPE=token AEM_TOKEN=dev-token "Examples/WKNDAdventures/.build/debug/WKNDAdventures" >"$work/wknd-token.out" \
    || fail "the WKND example with a token exited with an error"
grep -q '^adventures: 16$' "$work/wknd-token.out" || fail "the WKND example with a token did not list 16 adventures"
if env "${author_env[@]}" "Examples/WKNDAdventures/.build/debug/WKNDAdventures" >"$work/wknd-anonymous.out" 2>&1; then
    fail "the WKND example without credentials succeeded against the author tier"
fi
grep -q '401' "$work/wknd-anonymous.out" || fail "the WKND example without credentials did not report the 401"
echo "author tier: Basic and token accepted, anonymous refused"
kill -TERM "$aem_pid"
wait "$aem_pid" || fail "the author-mode AEM emulator did not stop cleanly on SIGTERM"
aem_pid=""

echo
echo "e2e: all checks passed"
