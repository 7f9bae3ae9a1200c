#!/usr/bin/env bash
# CPU and context switches per thread of a running server over an interval, by thread name (the server names its own:
# kesher-commit, kesher-flush, kesher-ckpt, kesher-net, kesher-worker; the main thread serves
# sockets too and stays "kesher"). With a message rate, also µs of that thread per message.
#
#   server/bench/thread_cpu.sh PID [SECONDS] [MSG_PER_S]
#
# e.g. beside `make bench-load RATE=8000 DURATION=20`, 10 s in, with the pid it prints:
#   server/bench/thread_cpu.sh 12345 10 8000
set -euo pipefail

pid=${1:?usage: thread_cpu.sh PID [SECONDS] [MSG_PER_S]}
seconds=${2:-10}
rate=${3:-0}
ticks=$(getconf CLK_TCK)

# One line a thread: tid, name, utime + stime in clock ticks, context switches (voluntary and
# not). A name may hold spaces: take the fields after the last ')' of /proc/…/stat (fields 14
# and 15 of the whole line).
sample() {
  for task in /proc/"$pid"/task/*; do
    local stat name switches
    stat=$(cat "$task/stat" 2>/dev/null) || continue
    name=$(tr ' ' '_' <"$task/comm")
    switches=$(awk '/ctxt_switches/ { n += $2 } END { print n }' "$task/status" 2>/dev/null) || continue
    awk -v tid="${task##*/}" -v name="$name" -v switches="$switches" \
      '{ sub(/^.*\) /, ""); print tid, name, $12 + $13, switches }' <<<"$stat"
  done | sort
}

before=$(sample)
sleep "$seconds"
after=$(sample)
printf '%-8s %-16s %8s %10s %12s %12s\n' tid thread 'CPU' 'µs/msg' 'switches/s' 'switches/msg'
# join: tid, name, ticks and switches before, name, ticks and switches after.
join <(echo "$before") <(echo "$after") |
  awk -v s="$seconds" -v hz="$ticks" -v rate="$rate" '{
    used = ($6 - $3) / hz;
    switches = $7 - $4;
    if (used <= 0 && switches <= 0) next;
    per = rate > 0 ? sprintf("%.1f", used * 1e6 / (rate * s)) : "-";
    per_switches = rate > 0 ? sprintf("%.2f", switches / (rate * s)) : "-";
    printf "%-8s %-16s %7.1f%% %10s %12d %12s\n", $1, $2, 100 * used / s, per, switches / s, per_switches
  }' | sort -k3 -rn
