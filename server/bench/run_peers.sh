#!/usr/bin/env bash
# make bench-peers: the chat load of `make bench-load` against Kesher and against ejabberd (Debian's
# package), one after the other on the same machine, and the two side by side
# (docs/performance.md, "Peer: ejabberd").
#
#   server/bench/run_peers.sh                          # both servers, then the table
#   server/bench/run_peers.sh ejabberd chat [ARGS]     # one ejabberd run (kesher_load ARGS)
#   server/bench/run_peers.sh ejabberd connections [ARGS]
#
# USERS members in pairs; RATES (messages/s, ascending) are stepped through over the same sockets,
# DURATION measured seconds after WARMUP at each, until p99 exceeds P99_LIMIT_MS or a server falls
# behind; then USERS idle authenticated sockets for memory per connection (each against a fresh
# server). Logs and the JSON of every run go to $BUILD_DIR/bench-peers/.
#
# ejabberd runs from a temporary folder as an unprivileged user (the package's `ejabberd` user when
# this runs as root): its own ejabberd.yml, spool (Mnesia), logs and SQLite file, HTTP/WebSocket
# and Erlang distribution ports on 127.0.0.1, a node name and cookie of its own and no epmd. The
# members are rows inserted into its `users` table before it starts. It is stopped with SIGTERM and
# the folder removed, whatever happens.
set -euo pipefail

BUILD_DIR=${BUILD_DIR:-build}
KESHER_LOAD_BIN=${KESHER_LOAD_BIN:-$BUILD_DIR/server/kesher_load}
USERS=${USERS:-10000}
RATES=${RATES:-50 100 200 400 700 1000 1500 2000 3000 4000 5000 6000 7000 8000 9000 10000 11000 12000 14000 16000 18000 20000}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-3}
P99_LIMIT_MS=${P99_LIMIT_MS:-20}
# On a machine shared with other work, NICE=-10 runs servers and generator ahead of it (root
# only), as in run_load.sh, which reads the same variable.
NICE=${NICE:-0}
export NICE
EJABBERD_SQL=/usr/share/ejabberd/sql/lite.sql
PASSWORD=load-bench-password
here=$(dirname "$0")
results=$BUILD_DIR/bench-peers

for tool in erl sqlite3 setpriv curl node; do
  command -v "$tool" >/dev/null || { echo "run_peers.sh: $tool is missing (scripts/bootstrap)" >&2; exit 1; }
done
if [[ ! -f $EJABBERD_SQL ]] || ! compgen -G '/usr/lib/erlang/lib/p1_sqlite3-*' >/dev/null; then
  echo "run_peers.sh: ejabberd or erlang-p1-sqlite3 is missing (scripts/bootstrap)" >&2
  exit 1
fi
[[ -x $KESHER_LOAD_BIN ]] || { echo "run_peers.sh: $KESHER_LOAD_BIN is missing (make bench-tools)" >&2; exit 1; }

# A port nobody listens on now (the kernel's choice, so two runs never pick the same one).
free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => {
    console.log(s.address().port); s.close(); })"
}

ejabberd_pid=
ejabberd_dir=
# shellcheck disable=SC2317 # called by the trap and by ejabberd_run
stop_ejabberd() {
  if [[ -n $ejabberd_pid ]] && kill -0 "$ejabberd_pid" 2>/dev/null; then
    # The Erlang VM (OTP 25) takes SIGTERM as init:stop(): ejabberd closes its sessions and the
    # SQLite file cleanly.
    kill -TERM "$ejabberd_pid"
    for _ in $(seq 600); do kill -0 "$ejabberd_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$ejabberd_pid" 2>/dev/null; then
      echo "run_peers.sh: ejabberd still running 60 s after SIGTERM; killing it" >&2
      kill -KILL "$ejabberd_pid" 2>/dev/null || true
    fi
    wait "$ejabberd_pid" 2>/dev/null || true
  fi
  ejabberd_pid=
  [[ -n $ejabberd_dir ]] && rm -rf "$ejabberd_dir"
  ejabberd_dir=
}
trap stop_ejabberd EXIT
trap 'exit 130' INT TERM

# Starts ejabberd with `members` registered; sets ejabberd_pid (beam.smp itself) and ejabberd_port.
start_ejabberd() {
  local members=$1
  ejabberd_dir=$(mktemp -d /tmp/kesher-peer-ejabberd.XXXXXX)
  local dir=$ejabberd_dir
  mkdir -p "$dir/spool" "$dir/logs"
  ejabberd_port=$(free_port)
  local dist_port
  dist_port=$(free_port)

  # The schema ejabberd would create itself, in WAL mode as Kesher's (journal_mode is stored in the
  # file; ejabberd leaves synchronous at SQLite's default, FULL, as Kesher does), and the members.
  {
    cat "$EJABBERD_SQL"
    echo "PRAGMA journal_mode = WAL;"
    echo "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $members)"
    echo "INSERT INTO users (username, password) SELECT 'load' || i, '$PASSWORD' FROM n;"
  } | sqlite3 "$dir/ejabberd.db" >/dev/null

  cat >"$dir/ejabberd.yml" <<EOF
# Written by server/bench/run_peers.sh for one benchmark run.
hosts: [localhost]
loglevel: warning
log_rotate_count: 0
hide_sensitive_log_data: true
certfiles: []
default_db: sql
sql_type: sqlite
sql_database: "$dir/ejabberd.db"
new_sql_schema: false
# SQLite takes one writer; ejabberd warns against more than one connection to it.
sql_pool_size: 1
auth_method: sql
# Members sign in with SASL PLAIN checked against the stored password: no SCRAM hashing, the
# cheapest sign-in ejabberd has (Kesher's sockets present a session cookie).
auth_password_format: plain
# A WebSocket closes after this long without a frame from the client (default 5 minutes): an hour,
# as Kesher's --ws-idle-timeout in the stepped chat run, whose receivers never write.
websocket_timeout: 3600
listen:
  -
    port: $ejabberd_port
    ip: "127.0.0.1"
    module: ejabberd_http
    # ejabberd's default backlog is 5: the generator's 128 handshakes in flight then get resets.
    # Kesher listens with the system's maximum (somaxconn), so ejabberd gets the same.
    backlog: $(cat /proc/sys/net/core/somaxconn)
    request_handlers:
      /ws: ejabberd_http_ws
modules:
  mod_mam:
    db_type: sql
    # Archive every chat message, as Kesher stores every one; the default archives nothing.
    default: always
  mod_ping: {}
EOF

  # A node name and cookie of this run's: no other Erlang node can take it for one of its own. The
  # cookie is in $HOME/.erlang.cookie (HOME is the folder), not on the command line for ps to show.
  local node="kesher-peer-$$-$RANDOM@localhost"
  head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' >"$dir/.erlang.cookie"
  chmod 400 "$dir/.erlang.cookie"
  local run_as=()
  if [[ $(id -u) == 0 ]]; then
    chown -R ejabberd:ejabberd "$dir"
    run_as=(setpriv --reuid=ejabberd --regid=ejabberd --init-groups)
  fi
  # What `ejabberdctl foreground` runs, without the system's paths: nice, env and setpriv exec, so
  # the pid is beam.smp's. -erl_epmd_port with -start_epmd false: distribution on a port of its own,
  # and no epmd daemon left behind.
  nice -n "$NICE" env HOME="$dir" EJABBERD_CONFIG_PATH="$dir/ejabberd.yml" EJABBERD_LOG_PATH="$dir/logs/ejabberd.log" \
    ERL_CRASH_DUMP="$dir/logs/erl_crash.dump" ERL_LIBS=/usr/lib/x86_64-linux-gnu \
    ERL_MAX_PORTS=$((members + 2000)) ERL_MAX_ETS_TABLES=1400 \
    "${run_as[@]}" erl -sname "$node" +K true +P 250000 \
    -start_epmd false -erl_epmd_port "$dist_port" -kernel inet_dist_use_interface '{127,0,0,1}' \
    -mnesia dir "\"$dir/spool\"" -s ejabberd -noinput >"$dir/logs/erl.out" 2>&1 &
  ejabberd_pid=$!
  for _ in $(seq 600); do
    kill -0 "$ejabberd_pid" 2>/dev/null || { cat "$dir/logs/erl.out" "$dir/logs/ejabberd.log" >&2; exit 1; }
    [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$ejabberd_port/ws") != 000 ]] && break
    sleep 0.1
  done
  [[ $(cat "/proc/$ejabberd_pid/comm") == beam.smp ]] ||
    { echo "run_peers.sh: pid $ejabberd_pid is $(cat "/proc/$ejabberd_pid/comm"), not beam.smp" >&2; exit 1; }
  echo "ejabberd $(dpkg-query -W -f='${Version}' ejabberd) pid $ejabberd_pid (beam.smp, user" \
       "$(stat -c %U "/proc/$ejabberd_pid")) on 127.0.0.1:$ejabberd_port/ws, $members members, in $dir"
}

# One kesher_load run against a fresh ejabberd: `chat` or `connections`, then kesher_load options.
ejabberd_run() {
  local mode=$1
  shift
  local members=$USERS
  # As run_load.sh: both processes hold one descriptor per socket.
  if (( $(ulimit -Hn) < members + 1000 )); then ulimit -Hn $((members + 1000)) 2>/dev/null || true; fi
  ulimit -Sn "$(ulimit -Hn)"
  start_ejabberd "$members"
  local common=(--protocol xmpp --port "$ejabberd_port" --server-pid "$ejabberd_pid"
                --xmpp-domain localhost --password "$PASSWORD")
  local status=0
  if [[ $mode == chat ]]; then
    echo "+ kesher_load chat ${common[*]} --users $members --duration $DURATION --warmup $WARMUP $*"
    nice -n "$NICE" "$KESHER_LOAD_BIN" chat "${common[@]}" --users "$members" --duration "$DURATION" \
      --warmup "$WARMUP" "$@" || status=$?
  else
    echo "+ kesher_load connections ${common[*]} --count $members $*"
    nice -n "$NICE" "$KESHER_LOAD_BIN" connections "${common[@]}" --count "$members" "$@" || status=$?
  fi
  mkdir -p "$results"
  cp "$ejabberd_dir/logs/ejabberd.log" "$results/ejabberd-$mode.server.log" 2>/dev/null || true
  if grep -qE '\[(error|critical)\]' "$ejabberd_dir/logs/ejabberd.log" 2>/dev/null; then
    echo "ejabberd log:" >&2
    grep -E '\[(error|critical)\]' "$ejabberd_dir/logs/ejabberd.log" | head -20 >&2
  fi
  stop_ejabberd
  return "$status"
}

if [[ ${1:-} == ejabberd ]]; then
  shift
  ejabberd_run "$@"
  exit
fi

mkdir -p "$results"
rates=$(echo "$RATES" | tr -s ' ' ',')
steps=(--rates "$rates" --p99-limit-ms "$P99_LIMIT_MS" --json)
machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "bench-peers: $USERS users, rates $rates msg/s, ${DURATION} s measured after ${WARMUP} s at each, nice $NICE; $machine"

# Each run against a fresh server; the last JSON line of each is what the table reads. The run
# stays in this shell (no pipeline), so the trap still stops an ejabberd it started.
run() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local status=0
  "$@" > >(tee "$results/$name.log") 2>&1 || status=$?
  wait  # for tee
  (( status == 0 )) || echo "run_peers.sh: $name exited with $status" >&2
  grep '^{' "$results/$name.log" | tail -1 >"$results/$name.json" || true
}
run kesher-connections env COUNT="$USERS" USERS="$USERS" BUILD_DIR="$BUILD_DIR" \
  "$here/run_load.sh" connections --json
# The stepped chat keeps its sockets for minutes and the receivers never write: Kesher would close
# them after 45 s without a frame (ejabberd after 5 minutes, websocket_timeout below). Both wait an
# hour instead, so that no keep-alive frames, which are not chat, are added to the load.
run kesher-chat env USERS="$USERS" DURATION="$DURATION" WARMUP="$WARMUP" BUILD_DIR="$BUILD_DIR" \
  SERVER_ARGS="--ws-idle-timeout 3600 ${SERVER_ARGS:-}" "$here/run_load.sh" chat "${steps[@]}"
run ejabberd-connections ejabberd_run connections --json
run ejabberd-chat ejabberd_run chat "${steps[@]}"

echo "machine after: load average $(cut -d' ' -f1-3 /proc/loadavg)"
node "$here/peers_table.mjs" "$results" "$P99_LIMIT_MS" | tee "$results/table.md"
