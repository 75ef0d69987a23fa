#!/usr/bin/env bash
# test_examples.sh — the programs in examples/ build and do what they say, checked
# against the amaze program (a different client of the same library).
set -u
AMAZE=${AMAZE:?path to the amaze binary}
ex=$(dirname "$AMAZE")/examples
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# print_maze: the same maze as amaze generate with the same size and seed.
for args in "20 10 7" "5 3 1" "33 12 99"; do
  set -- $args
  "$ex/print_maze" "$1" "$2" "$3" >"$tmp/a" || fail "print_maze $args"
  "$AMAZE" generate -s "$1x$2" --seed "$3" --format text --color never >"$tmp/b"
  cmp -s "$tmp/a" "$tmp/b" || fail "print_maze $args differs from amaze generate"
done

# solve_file: a path of solution_length + 1 cells, start to goal, each step adjacent.
"$AMAZE" generate -s 30x20 --seed 5 --start 2,3 --goal 25,17 -o "$tmp/m.amz"
"$ex/solve_file" "$tmp/m.amz" >"$tmp/path" 2>/dev/null || fail "solve_file"
len=$("$AMAZE" stats --json "$tmp/m.amz" | sed 's/.*"solution_length":\([0-9]*\).*/\1/')
[ "$(wc -l <"$tmp/path")" -eq $((len + 1)) ] || fail "solve_file path has $(wc -l <"$tmp/path") cells, want $((len + 1))"
[ "$(head -1 "$tmp/path")" = "2,3" ] && [ "$(tail -1 "$tmp/path")" = "25,17" ] || fail "solve_file ends"
awk -F, 'NR > 1 { d = ($1 - x) ^ 2 + ($2 - y) ^ 2; if (d != 1) bad = 1 } { x = $1; y = $2 } END { exit bad }' \
  "$tmp/path" || fail "solve_file path has a jump"
"$AMAZE" generate -s 8x8 --seed 1 --format text >"$tmp/m.txt"
"$ex/solve_file" - <"$tmp/m.txt" >/dev/null 2>&1 || fail "solve_file from stdin text art"
"$ex/solve_file" "$tmp/missing.amz" >/dev/null 2>"$tmp/err" && fail "solve_file on a missing file succeeded"
grep -q 'cannot open' "$tmp/err" || fail "solve_file missing-file message: $(cat "$tmp/err")"

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
