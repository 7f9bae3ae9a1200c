#!/usr/bin/env bash
# PostgreSQL's round trips per message under cluster chat load: runs run_cluster_load.sh at RATE
# messages a second and, once the measured window has begun, counts the sendto, recvfrom and
# epoll_wait calls of every PostgreSQL process for 5 s with perf (Debian's linux-perf; root, or
# kernel.perf_event_paranoid <= 1). Prints the counts, the messages they cover and each per message.
# Usage: BUILD_DIR=build RATE=1000 server/bench/count_pg_syscalls.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
RATE=${RATE:-1000}
WINDOW=5
out=$(mktemp)
trap 'rm -f "$out"' EXIT
BUILD_DIR=$BUILD_DIR USERS=2000 RATES="$RATE" DURATION=$((WINDOW + 7)) WARMUP=3 \
  server/bench/run_cluster_load.sh >"$out" 2>&1 &
bench=$!
for _ in $(seq 600); do
  grep -q '^chatting' "$out" && break
  sleep 0.2
done
sleep 5  # the warm-up, and into the measured window
pids=$(pgrep -d, -x postgres)
perf stat -x, -e 'syscalls:sys_enter_sendto,syscalls:sys_enter_recvfrom,syscalls:sys_enter_epoll_wait' \
  -p "$pids" -- sleep "$WINDOW" 2>&1 |
  awk -F, -v messages=$((RATE * WINDOW)) \
    '$3 ~ /syscalls/ { sub(/syscalls:sys_enter_/, "", $3); printf "%s: %d in %d messages, %.1f per message\n", $3, $1, messages, $1 / messages }'
wait "$bench"
grep -E 'rate|CPU' "$out"
