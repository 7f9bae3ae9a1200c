#!/usr/bin/env bash
# make bench-images: media::normalize (kesher_bench's Normalize cases) and ImageMagick's convert
# doing the same job on the same 12 MP pictures, each pinned to one core, in one run; prints
# milliseconds and peak RSS per picture and the ratio (docs/performance.md "Images").
# Usage: server/bench/run_images.sh BUILD_DIR [RUNS]   (RUNS: convert runs per picture, default 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${1:?usage: server/bench/run_images.sh BUILD_DIR [RUNS]}
runs=${2:-5}
core=${CORE:-0}
export KESHER_BENCH_IMAGES=$(realpath "$build_dir")/bench-images
mkdir -p "$KESHER_BENCH_IMAGES"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== media::normalize: display 1280, thumbnail 320 and blurred 24 px, one core (taskset -c $core)"
taskset -c "$core" "$build_dir/server/kesher_bench" --benchmark_filter='^Normalize/' \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_out="$work/kesher.csv" --benchmark_out_format=csv

# column NAME of the CSV row whose name is ROW
csv_value() {
  awk -F, -v row="\"$1\"" -v column="$2" '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == column || $i == "\"" column "\"") at = i }
    $1 == row { print $at }' <(sed -n '/^name,/,$p' "$work/kesher.csv")
}

# One convert per picture, as the issue states it, writing the display size and then the
# thumbnail from it (one decode, as normalize does; ImageMagick makes no blurred copy).
# MAGICK_THREAD_LIMIT=1: one OpenMP thread, like normalize's one libvips worker.
convert_once() {
  local input=$1 hint=$2
  MAGICK_THREAD_LIMIT=1 /usr/bin/time -f '%e %M' -o "$work/time" taskset -c "$core" \
    convert $hint "$input" -auto-orient -strip -resize '1280x1280>' -quality 82 \
    -write "$work/display.jpg" -resize '320x320>' -quality 82 "$work/thumb.jpg"
  cat "$work/time"
}

# Median seconds and the largest peak RSS (KiB) over RUNS runs.
measure_convert() {
  local input=$1 hint=$2
  for ((i = 0; i < runs; i++)); do convert_once "$input" "$hint"; done |
    sort -n | awk '{ t[NR] = $1; if ($2 > m) m = $2 } END { print t[int((NR + 1) / 2)], m }'
}

echo
echo "== ImageMagick $(convert -version | sed -n 's/^Version: ImageMagick \([^ ]*\).*/\1/p'), one core, median of $runs runs"
printf '%-22s %-10s %11s %13s %11s %13s %9s\n' picture convert convert_ms convert_MiB kesher_ms \
  kesher_MiB ratio
for case in jpeg_12mp:photo.jpg jpeg_12mp_p3_rotated:phone.jpg heic_12mp:photo.heic; do
  name=${case%%:*} file=$KESHER_BENCH_IMAGES/${case#*:}
  kesher_ms=$(csv_value "Normalize/$name/real_time_median" real_time)
  kesher_mib=$(csv_value "Normalize/$name/real_time_median" peak_rss_MiB)
  hints=("")
  # ImageMagick's own shrink-on-load for JPEG: libjpeg scales while decoding to at least this.
  [[ $file == *.jpg ]] && hints+=("-define jpeg:size=2560x2560")
  for hint in "${hints[@]}"; do
    read -r seconds kib < <(measure_convert "$file" "$hint")
    label=plain
    [ -z "$hint" ] || label=jpeg:size
    convert_ms=$(awk -v s="$seconds" 'BEGIN { printf "%.0f", s * 1000 }')
    printf '%-22s %-10s %11s %13.0f %11.0f %13.0f %8.1fx\n' "$name" "$label" \
      "$convert_ms" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$kesher_ms" "$kesher_mib" \
      "$(awk -v a="$convert_ms" -v b="$kesher_ms" 'BEGIN { print a / b }')"
  done
done
echo "(kesher_MiB: the bench process's peak RSS, libraries and the input included; convert_MiB:"
echo " convert's maximum resident set size from /usr/bin/time. ratio: convert_ms / kesher_ms.)"
