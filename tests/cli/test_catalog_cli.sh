#!/usr/bin/env bash
# test_catalog_cli.sh — the algorithm catalog through the amaze program: every
# generator and solver of the issue is listed; refused combinations exit 2 with a
# message naming the problem; output is byte-identical for the same seed and options;
# --braid 1 and --longest show in `amaze stats`; a wall follower that circles a loop
# exits 1 saying so while Tremaux solves the same maze.
set -uo pipefail
: "${AMAZE:?AMAZE must point at the amaze program}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # description, expected exit code, command...
  local what=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne "$want" ]; then
    echo "FAIL $what: exit $got, expected $want"; cat "$tmp/err"; fail=1
  else
    echo "ok   $what"
  fi
}
expect_err() { # description, regex the error message must match
  if grep -Eq "$2" "$tmp/err"; then echo "ok   $1"; else echo "FAIL $1: message was: $(cat "$tmp/err")"; fail=1; fi
}

gens="backtracker hunt-and-kill binary-tree sidewinder aldous-broder wilson houston prim prim-simple kruskal growing-tree eller recursive-division"
solvers="bfs dfs astar bidir dead-end-fill wall-follower tremaux"
"$AMAZE" generate --list-algorithms >"$tmp/gens"
"$AMAZE" solve --list-algorithms >"$tmp/solvers"
for g in $gens; do
  grep -q "^$g " "$tmp/gens" || { echo "FAIL generator $g is not listed"; fail=1; }
done
for s in $solvers; do
  grep -q "^$s " "$tmp/solvers" || { echo "FAIL solver $s is not listed"; fail=1; }
done
grep -q "^binary-tree  *square,polar  " "$tmp/gens" || { echo "FAIL binary-tree should be listed as square and polar"; fail=1; }

# Refusals: usage errors (exit 2) with a message saying what is wrong.
check "binary-tree on hex" 2 "$AMAZE" generate -a binary-tree -t hex --seed 1
expect_err "binary-tree on hex: message" "binary-tree.*does not work on hex"
check "--bias with eller" 2 "$AMAZE" generate -a eller --bias ne
expect_err "--bias with eller: message" "option of binary-tree"
check "--choice with backtracker" 2 "$AMAZE" generate --choice random
check "--branching with wilson" 2 "$AMAZE" generate -a wilson --branching 0.5
check "--bias bad corner" 2 "$AMAZE" generate -a binary-tree --bias up
check "--bias bad weight" 2 "$AMAZE" generate -a binary-tree --bias ne:1.5
check "--choice malformed" 2 "$AMAZE" generate -a growing-tree --choice newest:75,
expect_err "--choice malformed: message" "choice"
check "--braid above 1" 2 "$AMAZE" generate --braid 1.5
check "--braid not a number" 2 "$AMAZE" generate --braid lots
check "--longest with --start" 2 "$AMAZE" generate --longest --start 1,1
check "--goal twice" 2 "$AMAZE" generate --goal farthest --goal 1,1
check "--hand with bfs" 2 "$AMAZE" solve -a bfs --hand left /dev/null
check "--hand sideways" 2 "$AMAZE" solve -a wall-follower --hand up /dev/null
check "stats --count without --algorithms" 2 "$AMAZE" stats --count 5 /dev/null
check "stats --algorithms with a file" 2 "$AMAZE" stats --algorithms maze.amz

# Same seed and options, same bytes; every generator, both grids where it works.
for g in $gens; do
  for t in square hex; do
    grep -q "^$g  *[a-z,]*$t" "$tmp/gens" || continue
    "$AMAZE" generate -a "$g" -t "$t" -s 23x17 --seed 99 --braid 0.3 -o "$tmp/a.amz" &&
      "$AMAZE" generate -a "$g" -t "$t" -s 23x17 --seed 99 --braid 0.3 -o "$tmp/b.amz" ||
      { echo "FAIL $g $t: generate failed"; fail=1; continue; }
    cmp -s "$tmp/a.amz" "$tmp/b.amz" || { echo "FAIL $g $t: two runs differ"; fail=1; }
  done
done
echo "ok   deterministic output checked"

# Braided: no dead end left; longest: the solution is the diameter.
"$AMAZE" generate -a kruskal -s 30x20 --seed 4 --braid 1 | "$AMAZE" stats --json - >"$tmp/s1"
grep -q '"dead_ends":0,' "$tmp/s1" && grep -q '"perfect":false' "$tmp/s1" &&
  echo "ok   --braid 1 leaves no dead end" || { echo "FAIL --braid 1: $(cat "$tmp/s1")"; fail=1; }
"$AMAZE" generate -a prim -s 30x20 --seed 4 --longest | "$AMAZE" stats --json - >"$tmp/s2"
len=$(sed -n 's/.*"solution_length":\([0-9]*\).*/\1/p' "$tmp/s2")
dia=$(sed -n 's/.*"diameter":\([0-9]*\).*/\1/p' "$tmp/s2")
[ -n "$len" ] && [ "$len" = "$dia" ] && echo "ok   --longest spans the diameter ($len moves)" ||
  { echo "FAIL --longest: solution $len, diameter $dia"; fail=1; }

# A ring of passages around an enclosed goal: both hands circle it, Tremaux does not.
printf '#######\n#S    #\n# ### #\n# #G  #\n# ### #\n#     #\n#######\n' >"$tmp/ring.txt"
for hand in left right; do
  check "wall follower ($hand) on a ring" 1 "$AMAZE" solve -a wall-follower --hand $hand "$tmp/ring.txt" -o "$tmp/x.amz"
  expect_err "wall follower ($hand): message" "came back to where it started"
done
[ ! -e "$tmp/x.amz" ] && echo "ok   no output file after a failed solve" || { echo "FAIL output written"; fail=1; }
check "tremaux on the ring" 0 "$AMAZE" solve -a tremaux "$tmp/ring.txt" -o "$tmp/x.amz"
for s in $solvers; do
  check "$s on a hex maze" 0 sh -c "'$AMAZE' generate -t hex -a wilson -s 15x9 --seed 2 | '$AMAZE' solve -a $s - -o '$tmp/$s.amz'"
done
check "stats --algorithms runs" 0 "$AMAZE" stats --algorithms --count 1 --size 8x5 --topology hex
exit $fail
