#!/usr/bin/env bash
# make bench-cluster: the chat load of make bench-load through HAProxy across the nodes of
# scripts/cluster (PostgreSQL, Redis, NODES kesher nodes), with each process's CPU per message
# (docs/performance.md "Several nodes").
#
#   server/bench/run_cluster_load.sh            # USERS (2000), RATES ("250 500 1000"), DURATION,
#                                               # WARMUP, NODES (2), SERVER_ARGS (for every node)
#
# Starts scripts/cluster on a free port with no demo data, seeds USERS members with sessions into
# its PostgreSQL (`kesher seed-load`), then for each rate runs kesher_load chat against HAProxy and
# prints one row: delivered msg/s, latency, refusals, and the user+system CPU that each part used
# over the run (its warm-up and its USERS connections included) divided by the messages sent in
# it. Stops the cluster (SIGTERM) at the end, which removes its folder.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
USERS=${USERS:-2000}
RATES=${RATES:-250 500 1000}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-3}
NODES=${NODES:-2}
SERVER_ARGS=${SERVER_ARGS:-}
bin=$BUILD_DIR/server/kesher
load=$BUILD_DIR/server/kesher_load
for file in "$bin" "$load" "$BUILD_DIR/places.tsv"; do
  [[ -e $file ]] || { echo "run_cluster_load.sh: $file is missing (make bench-tools places)" >&2; exit 1; }
done
# Server and generator hold a descriptor per socket, HAProxy two.
wanted_files=$((4 * USERS + 1000))
if (( $(ulimit -Hn) < wanted_files )); then ulimit -Hn "$wanted_files" 2>/dev/null || true; fi
ulimit -Sn "$(ulimit -Hn)"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scratch=$(mktemp -d /tmp/kesher-bench-cluster.XXXXXX)
cluster_pid=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
  if [[ -n $cluster_pid ]] && kill -0 "$cluster_pid" 2>/dev/null; then
    kill -TERM "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT
# shellcheck disable=SC2097,SC2098 # each variable is for scripts/cluster only
BUILD_DIR=$BUILD_DIR PORT=$port NODES=$NODES SEED_DEMO=0 ORIGIN=http://127.0.0.1:$port \
  WEB=$scratch/no-web NODE_ARGS="--max-sockets-per-ip 100000 --log-level warn $SERVER_ARGS" \
  scripts/cluster >"$scratch/cluster.log" 2>&1 &
cluster_pid=$!
work=
for _ in $(seq 600); do
  work=$(sed -n 's/^(PostgreSQL, Redis and the shared data folder in \([^;]*\);.*/\1/p' "$scratch/cluster.log")
  [[ -n $work ]] && break
  kill -0 "$cluster_pid" 2>/dev/null || { cat "$scratch/cluster.log" >&2; exit 1; }
  sleep 0.1
done
[[ -n $work ]] || { echo "run_cluster_load.sh: the cluster did not start" >&2; exit 1; }
database="postgres:///kesher?host=$work/pg-socket&user=kesher"

# The parts, by what scripts/cluster started: its own children, and PostgreSQL's postmaster with
# every backend under it.
node_pids=()
for i in $(seq "$NODES"); do
  for pid in $(pgrep -P "$cluster_pid" -x kesher); do
    if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qE -- "--node-id node$i( |$)"; then node_pids+=("$pid"); fi
  done
done
(( ${#node_pids[@]} == NODES )) || { echo "run_cluster_load.sh: found ${#node_pids[@]} of $NODES nodes" >&2; exit 1; }
redis_pid=$(pgrep -P "$cluster_pid" -x redis-server)
haproxy_pid=$(pgrep -P "$cluster_pid" -x haproxy)
postmaster_pid=$(head -1 "$work/pg/postmaster.pid")

# "pid ticks" for every process of a part.
ticks_of() {
  local pid
  for pid in "$@"; do
    [[ -r /proc/$pid/stat ]] || continue
    # Fields after the parenthesised name: utime and stime are the 12th and 13th.
    sed 's/^.*) //' "/proc/$pid/stat" | awk -v pid="$pid" '{ print pid, $12 + $13 }'
  done
}
sample() {
  local i
  for i in "${!node_pids[@]}"; do ticks_of "${node_pids[i]}" | sed "s/^/node$((i + 1)) /"; done
  ticks_of "$redis_pid" | sed 's/^/redis /'
  ticks_of "$haproxy_pid" | sed 's/^/haproxy /'
  # shellcheck disable=SC2046 # a list of pids
  ticks_of "$postmaster_pid" $(pgrep -P "$postmaster_pid") | sed 's/^/postgresql /'
}

"$bin" --data "$work/data" --database "$database" --log-level warn seed-load --users "$USERS" \
  --out "$scratch/sessions.txt"
echo "cluster of $NODES nodes behind HAProxy on 127.0.0.1:$port ($work); nodes ${node_pids[*]}," \
  "redis $redis_pid, haproxy $haproxy_pid, postgresql $postmaster_pid; $USERS members"
parts="node1"
for i in $(seq 2 "$NODES"); do parts+=" node$i"; done
parts+=" redis haproxy postgresql"
for rate in $RATES; do
  sample >"$scratch/before"
  "$load" chat --port "$port" --sessions "$scratch/sessions.txt" --server-pid "${node_pids[0]}" \
    --users "$USERS" --rate "$rate" --duration "$DURATION" --warmup "$WARMUP" --json \
    >"$scratch/load.out"
  sample >"$scratch/after"
  tail -1 "$scratch/load.out" >"$scratch/load.json"
  python3 - "$scratch" "$(getconf CLK_TCK)" "$parts" <<'PY'
import json, sys
scratch, tick, parts = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
def read(name):
    out = {}
    for line in open(f"{scratch}/{name}"):
        part, pid, ticks = line.split()
        out[(part, pid)] = int(ticks)
    return out
before, after = read("before"), read("after")
run = json.load(open(f"{scratch}/load.json"))
sent = max(run["sent_total"], 1)
cpu = {part: 0 for part in parts}
for (part, pid), ticks in after.items():
    cpu[part] += ticks - before.get((part, pid), 0)
errors = run["errors_total"]
print(f"rate {run['target_rate']}/s: delivered {run['delivered_per_s']:.0f}/s, "
      f"p50 {run['latency']['p50_ms']:.1f} ms, p99 {run['latency']['p99_ms']:.1f} ms, "
      f"errors {errors} {json.dumps(run['errors']) if errors else ''}")
print("  CPU per message sent (µs): " + ", ".join(
    f"{part} {cpu[part] * 1e6 / tick / sent:.0f}" for part in parts))
PY
done
