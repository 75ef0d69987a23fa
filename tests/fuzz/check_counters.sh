#!/usr/bin/env bash
# check_counters.sh TARGET MIN [TARGET MIN ...] — each libFuzzer target, run on no
# input, reports more than MIN inline 8-bit coverage counters ("INFO: Loaded N modules
# (M inline 8-bit counters)"): the library it fuzzes is instrumented, not only the
# harness file, so what the fuzzer explores is the code under test.
set -u
status=0
while [ $# -ge 2 ]; do
  target=$1 min=$2
  shift 2
  line=$("$target" -runs=0 2>&1 | grep -m1 'inline 8-bit counters')
  n=$(sed -n 's/.*(\([0-9]*\) inline 8-bit counters).*/\1/p' <<<"$line")
  if [ -z "$n" ] || [ "$n" -le "$min" ]; then
    echo "FAIL: $(basename "$target"): ${n:-no} coverage counters (want more than $min): $line"
    status=1
  else
    echo "ok: $(basename "$target"): $n coverage counters"
  fi
done
exit $status
