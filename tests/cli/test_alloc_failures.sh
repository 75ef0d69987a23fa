#!/usr/bin/env bash
# test_alloc_failures.sh — every allocation of a generate, solve, render and stats run
# failing in turn (AMZ_FAIL_ALLOC_AT=N, N from 1 to the run's total): each run ends
# with exit 1 and one clear line, never a crash, a sanitizer report, a leak (the ASan
# build checks leaks at exit) or a leftover file.
set -u
AMAZE=${AMAZE:?path to the amaze binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

"$AMAZE" generate -t hex -s 9x7 --seed 1 --shape circle -o "$tmp/in.amz" || exit 1
"$AMAZE" solve "$tmp/in.amz" -o "$tmp/solved.amz" || exit 1

runs=(
  "generate -s 30x20 --seed 1 -o $tmp/out/g.amz"
  "generate -t hex --shape hexagon -s 9x9 -a hunt-and-kill --seed 2 -o $tmp/out/h.json"
  "solve $tmp/in.amz -o $tmp/out/s.amz"
  "solve -a dfs $tmp/in.amz --format json -o $tmp/out/s.json"
  "render $tmp/solved.amz -o $tmp/out/r.txt"
  "stats --json $tmp/solved.amz"
)
for run in "${runs[@]}"; do
  mkdir -p "$tmp/out"
  total=$(AMZ_COUNT_ALLOCS=1 "$AMAZE" $run 2>&1 >/dev/null | sed -n 's/^allocations: //p')
  [ -n "$total" ] && [ "$total" -gt 0 ] || { fail "$run: no allocation count (test hooks off?)"; continue; }
  for n in $(seq 1 "$total"); do
    rm -rf "$tmp/out" && mkdir "$tmp/out"
    AMZ_FAIL_ALLOC_AT=$n "$AMAZE" $run >/dev/null 2>"$tmp/err"
    st=$?
    if [ "$st" -ne 1 ]; then
      fail "$run: allocation $n of $total failing gave exit $st: $(head -3 "$tmp/err")"
      continue
    fi
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^amaze: ' "$tmp/err" ||
      fail "$run: allocation $n: stderr: $(head -3 "$tmp/err")"
    [ -z "$(ls -A "$tmp/out")" ] || fail "$run: allocation $n left $(ls -A "$tmp/out")"
  done
  echo "$run: $total allocations, each failure handled"
done
[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
