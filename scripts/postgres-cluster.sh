#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: no system service is assumed.
#   scripts/postgres-cluster.sh start DIR   installs PostgreSQL if missing (Debian's postgresql and
#                                           libpq-dev), creates a cluster in DIR as an unprivileged
#                                           user, starts it on a free loopback port and prints its URL
#   scripts/postgres-cluster.sh stop DIR    stops it and removes DIR
# The cluster trusts loopback connections (it exists for one test run) and listens on 127.0.0.1 only.
set -euo pipefail

install_if_missing() {
    command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ] && return
    echo "postgres-cluster: installing PostgreSQL (postgresql, libpq-dev)" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql libpq-dev >&2
}

# Runs a command as the cluster's owner: root may not run a PostgreSQL server.
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    local dir="$1"
    install_if_missing
    local bin
    bin="$(pg_config --bindir)"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U sqlgen --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    local port
    port="$(free_port)"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=1000" start >/dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U sqlgen sqlgen
    echo "postgresql://sqlgen@127.0.0.1:$port/sqlgen"
}

stop() {
    local dir="$1"
    [ -d "$dir/data" ] && as_owner "$(pg_config --bindir)/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}

case "${1:-}" in
    start) start "${2:?start DIR}" ;;
    stop) stop "${2:?stop DIR}" ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
