# Sourced by e2e.sh and conformance.sh. start_emulator SQLGEN WORK [ARGS...] starts
# `sqlgen emulator` on a free loopback port with the data folder WORK/data and waits for /healthz;
# it sets `port` and `emulator_pid` and calls the caller's `fail` when the emulator does not come up.
start_emulator() {
    local sqlgen="$1" work="$2"
    shift 2
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
    "$sqlgen" emulator --port "$port" --data-dir "$work/data" "$@" >"$work/emulator.log" 2>&1 &
    emulator_pid=$!
    for _ in $(seq 1 100); do
        if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then return 0; fi
        kill -0 "$emulator_pid" 2>/dev/null || { cat "$work/emulator.log" >&2; fail "the emulator exited at start"; }
        sleep 0.1
    done
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { cat "$work/emulator.log" >&2; fail "the emulator did not answer /healthz"; }
}

# stop_emulator: SIGTERM to the emulator start_emulator started (if still running), then wait.
stop_emulator() {
    if [ -n "$emulator_pid" ] && kill -0 "$emulator_pid" 2>/dev/null; then
        kill -TERM "$emulator_pid" 2>/dev/null || true
        wait "$emulator_pid" 2>/dev/null || true
    fi
}
