#!/usr/bin/env bash
# make test-asan: the unit tests of a sanitizer build and every fuzz corpus replayed once, then the
# integration tests of the Release build against the sanitizer build's kesher binary (the tests only
# drive it over HTTP and sockets, so one set is compiled, not two). Any sanitizer report, from the
# tests or from a server they started, fails the run: reports go to files, which must stay absent.
# Usage: server/tests/run_sanitized.sh BUILD_DIR PLACES_TSV PERSONAS_DIR RELEASE_BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=$(realpath "${1:?usage: run_sanitized.sh BUILD_DIR PLACES_TSV PERSONAS_DIR}")
places=$(realpath "${2:?places file (make places)}")
personas=$(realpath "${3:?personas folder (make personas)}")
release_dir=$(realpath "${4:?the Release build with kesher_integration_tests (make server)}")

logs="$build_dir/sanitizer-logs"
rm -rf "$logs"
mkdir -p "$logs"
export ASAN_OPTIONS="detect_leaks=1:check_initialization_order=1:strict_init_order=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"
export LSAN_OPTIONS="suppressions=$PWD/server/tests/lsan.supp:print_suppressions=0"

status=0
(cd "$build_dir" && KESHER_PLACES="$places" KESHER_PERSONAS="$personas" \
  ctest --output-on-failure -j2 -L 'unit|fuzz') ||
  status=$?
# Hardening's bounds are the Release server's (make hardening-test); here it would only skip.
(cd "$release_dir" && KESHER_PLACES="$places" KESHER_PERSONAS="$personas" \
  KESHER_SERVER_BIN="$build_dir/server/kesher" KESHER_SERVER_SANITIZED=1 \
  ctest --output-on-failure -j4 -L integration -E integration_alone) ||
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
