#!/usr/bin/env bash
# test_stats_ranges.sh — every generator's dead-end share on 100x100 mazes stays within
# the range docs/STATS.md documents, maze by maze, on both grids. The ranges are read
# from the document itself (the "Dead ends by generator" table), so the two cannot
# drift apart, and a generator without a documented range fails the test.
set -euo pipefail
: "${AMAZE:?AMAZE must point at the amaze program}" "${AMZ_SOURCE_DIR:?}"
doc="$AMZ_SOURCE_DIR/docs/STATS.md"
fail=0

# Table rows look like: | `name` | 10.0 | 8.5 to 11.5 | 10.2 | 8.5 to 11.5 |
declare -A lo hi
while IFS= read -r line; do
  if [[ $line =~ ^\|\ \`([a-z-]+)\`\ \|\ [0-9.]+\ \|\ ([0-9.]+)\ to\ ([0-9.]+)\ \|\ ([^|]*)\|\ ([^|]*)\| ]]; then
    name=${BASH_REMATCH[1]}
    lo[square:$name]=${BASH_REMATCH[2]}; hi[square:$name]=${BASH_REMATCH[3]}
    if [[ ${BASH_REMATCH[5]} =~ ([0-9.]+)\ to\ ([0-9.]+) ]]; then
      lo[hex:$name]=${BASH_REMATCH[1]}; hi[hex:$name]=${BASH_REMATCH[2]}
    fi
  fi
done < "$doc"
[ ${#lo[@]} -gt 0 ] || { echo "no ranges found in $doc"; exit 1; }

# 12 mazes a generator; under valgrind (AMAZE_REAL) or the sanitizers, ten times
# slower, the first 3 of them: the same code, and ranges that hold for 12 hold for 3.
count=12
if [ -n "${AMAZE_REAL:-}${AMZ_SANITIZED:-}" ]; then count=3; fi
for topo in square hex; do
  seed=$([ $topo = square ] && echo 501 || echo 701)
  out=$("$AMAZE" stats --algorithms --json --count $count --size 100x100 --topology $topo --seed $seed)
  seen=0
  while IFS= read -r line; do
    [[ $line =~ \"algorithm\":\"([a-z-]+)\" ]] || continue
    name=${BASH_REMATCH[1]}
    [[ $line =~ \"dead_end_percent\":\{\"mean\":[0-9.]+,\"min\":([0-9.]+),\"max\":([0-9.]+)\} ]] ||
      { echo "$topo $name: no dead-end figures in: $line"; fail=1; continue; }
    min=${BASH_REMATCH[1]} max=${BASH_REMATCH[2]}
    seen=$((seen + 1))
    key=$topo:$name
    if [ -z "${lo[$key]:-}" ]; then
      echo "$topo $name: no documented dead-end range in docs/STATS.md"; fail=1; continue
    fi
    if awk -v a="$min" -v b="$max" -v l="${lo[$key]}" -v h="${hi[$key]}" 'BEGIN { exit !(a >= l && b <= h) }'; then
      echo "ok   $topo $name: dead ends $min..$max% within ${lo[$key]}..${hi[$key]}%"
    else
      echo "FAIL $topo $name: dead ends $min..$max% outside ${lo[$key]}..${hi[$key]}%"; fail=1
    fi
  done <<< "$out"
  expected=$("$AMAZE" generate --list-algorithms | awk -v t="$topo" '$2 ~ t' | wc -l)
  [ "$seen" -eq "$expected" ] || { echo "$topo: $seen generators measured, $expected listed"; fail=1; }
done
exit $fail
