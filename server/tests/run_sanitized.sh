#!/usr/bin/env bash
# make test-asan: the unit and integration tests of a sanitizer build (the kesher binary they start
# is the ASan+UBSan one), then every fuzz corpus replayed once. Any sanitizer report, from the tests
# or from a server they started, fails the run: reports go to files, which must stay absent.
# Usage: server/tests/run_sanitized.sh BUILD_DIR PLACES_TSV PERSONAS_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=$(realpath "${1:?usage: run_sanitized.sh BUILD_DIR PLACES_TSV PERSONAS_DIR}")
places=$(realpath "${2:?places file (make places)}")
personas=$(realpath "${3:?personas folder (make personas)}")

logs="$build_dir/sanitizer-logs"
rm -rf "$logs"
mkdir -p "$logs"
export ASAN_OPTIONS="detect_leaks=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="suppressions=$PWD/server/tests/lsan.supp:print_suppressions=0"

status=0
(cd "$build_dir" && KESHER_PLACES="$places" KESHER_PERSONAS="$personas" \
  ctest --output-on-failure -j2 -L 'unit|integration|fuzz') ||
  status=$?

reports=("$logs"/*)
if [ -e "${reports[0]}" ]; then
  echo "sanitizer reports (${#reports[@]}):" >&2
  for report in "${reports[@]}"; do
    echo "== $report" >&2
    head -60 "$report" >&2
  done
  status=1
fi
exit "$status"
