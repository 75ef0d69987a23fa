#!/usr/bin/env bash
# campaign.sh BUILD SECONDS RUNS JOBS TARGET... — a long fuzzing run: each target until
# RUNS executions or SECONDS seconds, whichever comes first, JOBS targets at a time
# (longest first is the caller's choice of order). Each keeps its growing corpus in
# BUILD/fuzz-work/<target> (seeded from tests/fuzz/corpus/<target>), its whole log in
# BUILD/fuzz-logs/<target>.log and its crashes in BUILD/fuzz-crashes/<target>-*.
# Prints one Markdown table row a target: executions, seconds, the coverage reached
# (libFuzzer's cov: edges and ft: features at the end), the inline 8-bit counters the
# binary carries (the library's included) and the number of crash files.
# `campaign.sh --table BUILD TARGET...` prints the table again from the logs (for a
# campaign stopped part way, or run in several lanes).
set -u

# table BUILD TARGET... — the rows from each target's log; status 1 if any crashed.
table() {
  local build=$1 t log execs secs last cov ft counters crashes status=0
  shift
  echo "| target | executions | seconds | cov (edges) | ft (features) | counters | crash files |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  for t in "$@"; do
    log=$build/fuzz-logs/$t.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^exit .* after \([0-9]*\) s$/\1/p' "$log" | tail -1)
    last=$(grep -aE '^#[0-9]+[[:space:]]' "$log" | grep -a 'cov:' | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    counters=$(sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -1)
    crashes=$(find "$build/fuzz-crashes" -name "$t-*" | wc -l)
    [ "$crashes" -eq 0 ] || status=1
    echo "| \`$t\` | ${execs:-?} | ${secs:-?} | ${cov:-?} | ${ft:-?} | ${counters:-?} | $crashes |"
  done
  return $status
}

if [ "${1:-}" = --table ]; then
  shift
  table "$@"
  exit
fi
if [ "${1:-}" = --one ]; then
  # One target (run by xargs below): BUILD SECONDS RUNS TARGET.
  build=$2 seconds=$3 runs=$4 t=$5
  here=$(cd "$(dirname "$0")" && pwd)
  mkdir -p "$build/fuzz-work/$t" "$build/fuzz-logs" "$build/fuzz-crashes"
  log=$build/fuzz-logs/$t.log
  start=$(date +%s)
  "$build/tests/fuzz_$t" -runs="$runs" -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -close_fd_mask=3 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-crashes/$t-" "$build/fuzz-work/$t" "$here/corpus/$t" \
    >"$log" 2>&1
  echo "exit $? after $(($(date +%s) - start)) s" >>"$log"
  exit 0
fi
if [ $# -lt 5 ]; then
  echo "usage: campaign.sh BUILD SECONDS RUNS JOBS TARGET... | --table BUILD TARGET..." >&2
  exit 2
fi
build=$1 seconds=$2 runs=$3 jobs=$4
shift 4
for t in "$@"; do
  [ -x "$build/tests/fuzz_$t" ] || { echo "campaign.sh: $build/tests/fuzz_$t: not built" >&2; exit 1; }
done
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash "$0" --one "$build" "$seconds" "$runs" {}
table "$build" "$@"
