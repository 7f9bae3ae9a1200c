#!/usr/bin/env bash
# Runs the libFuzzer targets of a sanitizer build (make fuzz, make fuzz-smoke): each for SECONDS,
# JOBS at a time, and prints a table of executions per target. New inputs go into
# BUILD_DIR/fuzz/corpus/<target> (the repository's corpus is only read), crashes into
# BUILD_DIR/fuzz/artifacts/<target>/, logs into BUILD_DIR/fuzz/logs/<target>.log.
# Usage: server/fuzz/run.sh BUILD_DIR SECONDS JOBS [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."

build_dir=${1:?usage: server/fuzz/run.sh BUILD_DIR SECONDS JOBS [TARGET...]}
seconds=${2:?seconds per target}
jobs=${3:?targets at a time}
shift 3
seeds=server/fuzz/corpus
if (($#)); then
  targets=("$@")
else
  targets=()
  for dir in "$seeds"/*/; do targets+=("$(basename "$dir")"); done
fi

dictionary_for() {
  case "$1" in
    envelope | fields | auth_body | dispatch | acquisition) echo server/fuzz/dicts/json.dict ;;
    http_request) echo server/fuzz/dicts/http.dict ;;
    image_normalize) echo server/fuzz/dicts/image.dict ;;
    operator_text) echo server/fuzz/dicts/honesty.dict ;;
    push_subscription) echo server/fuzz/dicts/push.dict ;;
  esac
}

work="$build_dir/fuzz"
mkdir -p "$work/logs"
run_one() {
  local target=$1 binary="$build_dir/server/fuzz/fuzz_$1"
  local corpus="$work/corpus/$target" artifacts="$work/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  local options=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
    -artifact_prefix="$artifacts")
  local dictionary
  dictionary=$(dictionary_for "$target")
  [ -z "$dictionary" ] || options+=(-dict="$dictionary")
  "$binary" "${options[@]}" "$corpus" "$seeds/$target" >"$work/logs/$target.log" 2>&1
}

start=$(date +%s)
pids=()
declare -A status
for target in "${targets[@]}"; do
  [ -x "$build_dir/server/fuzz/fuzz_$target" ] || { echo "no fuzz_$target in $build_dir" >&2; exit 2; }
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  run_one "$target" &
  pids+=("$!:$target")
done
for entry in "${pids[@]}"; do
  if wait "${entry%%:*}"; then status[${entry#*:}]=ok; else status[${entry#*:}]=FAILED; fi
done

stat() { sed -n "s/^stat::$2: *//p" "$work/logs/$1.log" | tail -1; }
printf '%-16s %12s %10s %9s %8s  %s\n' target executions exec/s new_units rss_mb result
failed=0
for target in "${targets[@]}"; do
  printf '%-16s %12s %10s %9s %8s  %s\n' "$target" "$(stat "$target" number_of_executed_units)" \
    "$(stat "$target" average_exec_per_sec)" "$(stat "$target" new_units_added)" \
    "$(stat "$target" peak_rss_mb)" "${status[$target]}"
  if [ "${status[$target]}" != ok ]; then
    failed=1
    echo "  log: $work/logs/$target.log; input: $(ls -t "$work/artifacts/$target" | head -1)" >&2
    grep -m5 -E 'ERROR|fuzz check failed|runtime error|SUMMARY' "$work/logs/$target.log" >&2 || true
  fi
done
echo "${#targets[@]} targets, ${seconds}s each, $jobs at a time: $(($(date +%s) - start))s"
exit "$failed"
