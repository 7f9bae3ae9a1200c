#!/usr/bin/env bash
# Runs kesher_load against a fresh server (docs/performance.md, "Chat load" and "Idle connections").
#
#   server/bench/run_load.sh chat          # USERS, RATE, DURATION, WARMUP
#   server/bench/run_load.sh connections   # COUNT
#   server/bench/run_load.sh uploads       # CLIENTS uploading a 12-MP JPEG while USERS chat at RATE
#   server/bench/run_load.sh console       # USERS members write to PERSONAS personas at RATE; the
#                                          # latency is until each message is in the console's queue
#   FLOOR_BIN=… run_load.sh chat --logins 0  # the chat against kesher_relay_floor (make bench-floor)
#
# The generator puts up to 10,000 members on one 127.0.0.x address, so the server's per-address
# socket cap (256 by default, for carriers' NATs) is lifted for the run.
#
# Seeds members with sessions into a temporary data folder (`kesher seed-load`), starts the server
# on a free port, runs the generator beside it, stops the server with SIGTERM and prints the
# generator's report. Arguments after the mode go to kesher_load (e.g. --threads 2 --json);
# SERVER_ARGS goes to the server (e.g. SERVER_ARGS="--worker-threads 8"). On a machine shared with
# other work, NICE=-10 runs server and generator ahead of it (root only).
set -euo pipefail

mode=${1:?usage: run_load.sh chat|connections [kesher_load options]}
shift
BUILD_DIR=${BUILD_DIR:-build}
KESHER_BIN=${KESHER_BIN:-$BUILD_DIR/server/kesher}
KESHER_LOAD_BIN=${KESHER_LOAD_BIN:-$BUILD_DIR/server/kesher_load}
PLACES=${PLACES:-$BUILD_DIR/places.tsv}
USERS=${USERS:-10000}
RATE=${RATE:-20000}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-5}
COUNT=${COUNT:-50000}
CLIENTS=${CLIENTS:-20}
SERVER_ARGS=${SERVER_ARGS:-}
PERSONAS=${PERSONAS:-40}
NICE=${NICE:-0}

case $mode in
  chat | console) sockets=$USERS ;;
  connections) sockets=$COUNT ;;
  uploads) sockets=$((USERS + CLIENTS)) ;;
  *) echo "run_load.sh: unknown mode $mode (chat, console, connections or uploads)" >&2; exit 2 ;;
esac
for file in "$KESHER_BIN" "$KESHER_LOAD_BIN" "$PLACES"; do
  [[ -e $file ]] || { echo "run_load.sh: $file is missing (make server places)" >&2; exit 1; }
done

# Server and generator each hold one descriptor per socket. Root may raise the hard limit; a
# container without CAP_SYS_RESOURCE may not, and then the run is capped to what fits.
wanted_files=$((sockets + 1000))
if (( $(ulimit -Hn) < wanted_files )); then ulimit -Hn "$wanted_files" 2>/dev/null || true; fi
ulimit -Sn "$(ulimit -Hn)"
fits=$(( $(ulimit -Hn) - 300 ))
if (( sockets > fits )); then
  echo "run_load.sh: only $(ulimit -Hn) open files allowed per process (the hard limit can't be" \
       "raised here); running $fits sockets instead of $sockets" >&2
  sockets=$fits
  USERS=$(( fits < USERS ? fits : USERS ))
  COUNT=$(( fits < COUNT ? fits : COUNT ))
fi
echo "open files per process: $(ulimit -n); local ports: $(tr '\t' '-' < /proc/sys/net/ipv4/ip_local_port_range);" \
     "somaxconn: $(cat /proc/sys/net/core/somaxconn) (the generator spreads sockets over" \
     "127.0.0.x sources, 10,000 per address, and keeps 128 handshakes in flight)"

work=$(mktemp -d /tmp/kesher-load.XXXXXX)
server_pid=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

"$KESHER_BIN" --data "$work/data" --log-level warn seed-load --users "$sockets" \
  --out "$work/sessions.txt"
if [[ $mode == console ]]; then
  # Personas to write to, and an operator whose console watches the queue.
  for i in $(seq "$PERSONAS"); do
    echo "INSERT INTO users (kind, name, gender, birth_date, place_id, created_at, persona_key)" \
         "VALUES ('persona', 'Persona $i', 2, '1995-01-01', 293397, 0, 'load-$i');"
  done | sqlite3 "$work/data/kesher.db"
  sqlite3 "$work/data/kesher.db" "SELECT id FROM users WHERE kind = 'persona'" >"$work/personas.txt"
  echo "load operator password" | "$KESHER_BIN" --data "$work/data" --log-level warn \
    staff add --email load-operator@kesher.test --role operator >/dev/null
fi

if [[ -n ${FLOOR_BIN:-} ]]; then
  # make bench-floor: the chat's wire pattern with no server behind it (bench/relay_floor.cpp).
  nice -n "$NICE" "$FLOOR_BIN" --port 0 --host 127.0.0.1 --sessions "$work/sessions.txt" \
    >"$work/server.out" 2>"$work/server.log" &
else
  # shellcheck disable=SC2086 # SERVER_ARGS is a list of options
  nice -n "$NICE" "$KESHER_BIN" --port 0 --host 127.0.0.1 --data "$work/data" --places "$PLACES" \
    --web "$work/no-web" --log-level warn --max-sockets-per-ip 100000 $SERVER_ARGS >"$work/server.out" 2>"$work/server.log" &
fi
server_pid=$!
port=
for _ in $(seq 300); do
  # The server may not have opened server.out yet on a busy machine; set -e must not end the run.
  port=$(sed -n 's/^kesher listening on [^ ]*:\([0-9]*\) .*/\1/p' "$work/server.out" 2>/dev/null || true)
  [[ -n $port ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
[[ -n $port ]] || { echo "run_load.sh: the server did not start" >&2; exit 1; }
echo "server pid $server_pid on 127.0.0.1:$port, data in $work/data, nice $NICE"

common=(--port "$port" --sessions "$work/sessions.txt" --server-pid "$server_pid")
status=0
if [[ $mode == uploads ]]; then
  # A phone photo: 4000x3000, grain over a gradient, about 3.7 MB at quality 88 like a real one.
  vips xyz "$work/xyz.v" 4000 3000
  vips extract_band "$work/xyz.v" "$work/x.v" 0
  vips linear "$work/x.v" "$work/ramp.v" 0.04 0
  for band in 0 1; do
    vips gaussnoise "$work/grain$band.v" 4000 3000 --sigma 12 --mean $((100 - 10 * band))
    vips add "$work/grain$band.v" "$work/ramp.v" "$work/sum$band.v"
    vips cast "$work/sum$band.v" "$work/band$band.v" uchar
  done
  vips bandjoin "$work/band0.v $work/band1.v $work/band0.v" "$work/photo.jpg[Q=88]"
  echo "+ kesher_load chat ${common[*]} --users $USERS --rate $RATE --duration $DURATION --warmup $WARMUP $* & upload_load.py"
  nice -n "$NICE" "$KESHER_LOAD_BIN" chat "${common[@]}" --users "$USERS" --rate "$RATE" --duration "$DURATION" \
    --warmup "$WARMUP" "$@" >"$work/chat.out" &
  chat_pid=$!
  python3 "$(dirname "$0")/upload_load.py" "$port" "$work/sessions.txt" "$work/photo.jpg" \
    --clients "$CLIENTS" --duration "$DURATION" --warmup "$WARMUP" --skip "$USERS" || status=$?
  wait "$chat_pid" || status=$?
  cat "$work/chat.out"
elif [[ $mode == console ]]; then
  staff_cookie=$(curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
    -d '{"email":"load-operator@kesher.test","password":"load operator password"}' \
    "http://127.0.0.1:$port/console/api/login" | sed -n 's/^[Ss]et-[Cc]ookie: staff_session=\([^;]*\);.*/\1/p')
  [[ -n $staff_cookie ]] || { echo "run_load.sh: the operator could not sign in" >&2; exit 1; }
  echo "+ kesher_load chat ${common[*]} --users $USERS --rate $RATE --personas … --console-cookie … $*"
  nice -n "$NICE" "$KESHER_LOAD_BIN" chat "${common[@]}" --users "$USERS" --rate "$RATE" --duration "$DURATION" \
    --warmup "$WARMUP" --personas "$work/personas.txt" --console-cookie "$staff_cookie" "$@" || status=$?
elif [[ $mode == chat ]]; then
  echo "+ kesher_load chat ${common[*]} --users $USERS --rate $RATE --duration $DURATION --warmup $WARMUP $*"
  nice -n "$NICE" "$KESHER_LOAD_BIN" chat "${common[@]}" --users "$USERS" --rate "$RATE" --duration "$DURATION" \
    --warmup "$WARMUP" "$@" || status=$?
else
  echo "+ kesher_load connections ${common[*]} --count $COUNT $*"
  nice -n "$NICE" "$KESHER_LOAD_BIN" connections "${common[@]}" --count "$COUNT" "$@" || status=$?
fi

# An overloaded server still has queued writes to commit; give it a while, then stop it hard.
kill -TERM "$server_pid"
for _ in $(seq 300); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server_pid" 2>/dev/null; then
  echo "run_load.sh: the server was still busy 30 s after SIGTERM; killing it" >&2
  kill -KILL "$server_pid"
fi
wait "$server_pid" || true
server_pid=
if grep -qE '\[(error|critical)\]' "$work/server.log"; then
  echo "server log:" >&2
  grep -E '\[(error|critical)\]' "$work/server.log" | head -20 >&2
fi
exit "$status"
