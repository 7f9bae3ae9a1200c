#!/usr/bin/env bash
# make bench-images: media::normalize (kesher_bench's Normalize cases) and ImageMagick's convert
# doing the same job on the same 12 MP pictures, each pinned to one core, in one run; prints time
# and peak RSS per picture and the ratios (docs/performance.md "Images").
# Usage: server/bench/run_images.sh BUILD_DIR [RUNS]   (RUNS: convert runs per picture, default 5)
# CORE (default 0) is the core both run on.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${1:?usage: server/bench/run_images.sh BUILD_DIR [RUNS]}
runs=${2:-5}
core=${CORE:-0}
KESHER_BENCH_IMAGES=$(realpath "$build_dir")/bench-images
export KESHER_BENCH_IMAGES
mkdir -p "$KESHER_BENCH_IMAGES"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Column COLUMN of the first row whose benchmark name starts with PREFIX in a google benchmark
# CSV file.
csv_value() {
  sed -n '/^name,/,$p' "$1" | awk -F, -v prefix="\"$2" -v column="$3" '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == column || $i == "\"" column "\"") at = i }
    NR > 1 && index($1, prefix) == 1 { print $at; exit }'
}

# ImageMagick as the issue states it, writing the display size and then the thumbnail from it
# (one decode, as normalize does; it makes no blurred copy). MAGICK_THREAD_LIMIT=1: one thread,
# like normalize's one libvips worker. Prints wall seconds, CPU seconds and peak RSS (KiB).
convert_once() {
  local input=$1 hint=$2
  MAGICK_THREAD_LIMIT=1 /usr/bin/time -f '%e %U %S %M' -o "$work/time" taskset -c "$core" \
    convert $hint "$input" -auto-orient -strip -resize '1280x1280>' -quality 82 \
    -write "$work/display.jpg" -resize '320x320>' -quality 82 "$work/thumb.jpg"
  awk '{ print $1, $2 + $3, $4 }' "$work/time"
}

# Median wall and CPU milliseconds, and the largest peak RSS in MiB, over RUNS runs.
measure_convert() {
  for ((i = 0; i < runs; i++)); do convert_once "$1" "$2"; done >"$work/runs"
  median() { cut -d' ' -f"$1" "$work/runs" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  awk -v wall="$(median 1)" -v cpu="$(median 2)" -v peak="$(cut -d' ' -f3 "$work/runs" | sort -g | tail -1)" \
    'BEGIN { printf "%.0f %.0f %.0f\n", wall * 1000, cpu * 1000, peak / 1024 }'
}

echo "== media::normalize: display 1280, thumbnail 320, blurred 24 px; taskset -c $core, a process per case"
cases=(jpeg_12mp:photo.jpg jpeg_12mp_p3_rotated:phone.jpg heic_12mp:photo.heic)
for case in "${cases[@]}"; do
  for run in "${case%%:*}" "${case%%:*}_once"; do
    taskset -c "$core" "$build_dir/server/kesher_bench" --benchmark_filter="^Normalize/$run/" \
      --benchmark_out="$work/$run.csv" --benchmark_out_format=csv 2>&1 | sed -n '/^Normalize/p'
  done
done

echo
echo "== ImageMagick $(convert -version | sed -n 's/^Version: ImageMagick \([^ ]*\).*/\1/p'), same core, median of $runs runs"
printf '%-32s | %-28s | %-37s |\n' "" "ImageMagick convert" "media::normalize"
printf '%-22s %-9s | %8s %8s %9s | %8s %8s %9s %8s | %7s %7s %7s\n' picture convert wall_ms cpu_ms \
  peak_MiB wall_ms cpu_ms peak_MiB one_MiB "wall x" "cpu x" "peak x"
for case in "${cases[@]}"; do
  name=${case%%:*} file=$KESHER_BENCH_IMAGES/${case#*:}
  kesher_wall=$(csv_value "$work/$name.csv" "Normalize/$name/" real_time)
  kesher_cpu=$(csv_value "$work/$name.csv" "Normalize/$name/" cpu_ms)
  kesher_peak=$(csv_value "$work/$name.csv" "Normalize/$name/" peak_rss_MiB)
  kesher_one=$(csv_value "$work/${name}_once.csv" "Normalize/${name}_once/" peak_rss_MiB)
  hints=("")
  # ImageMagick's shrink-on-load for JPEG: libjpeg scales while decoding to at least this size.
  [[ $file == *.jpg ]] && hints+=("-define jpeg:size=2560x2560")
  for hint in "${hints[@]}"; do
    read -r wall cpu peak < <(measure_convert "$file" "$hint")
    label=plain
    [ -z "$hint" ] || label=jpeg:size
    printf '%-22s %-9s | %8s %8s %9s | %8.0f %8.0f %9.0f %8.0f | %6.1fx %6.1fx %6.1fx\n' "$name" \
      "$label" "$wall" "$cpu" "$peak" "$kesher_wall" "$kesher_cpu" "$kesher_peak" "$kesher_one" \
      "$(awk -v a="$wall" -v b="$kesher_wall" 'BEGIN { print a / b }')" \
      "$(awk -v a="$cpu" -v b="$kesher_cpu" 'BEGIN { print a / b }')" \
      "$(awk -v a="$peak" -v b="$kesher_one" 'BEGIN { print a / b }')"
  done
done
cat <<'NOTE'
wall_ms, cpu_ms: per picture (convert: median of its runs; normalize: mean over at least 2 s).
peak_MiB: the whole process's peak RSS: convert's for one picture (/usr/bin/time); kesher_bench's
over all its pictures (libvips, the benchmark binary and the input included; idle_rss_MiB above
is the process before any decode); one_MiB: kesher_bench's for a single picture. peak x compares
convert with one_MiB.
NOTE
