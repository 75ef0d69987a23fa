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

# replay ROWS COLS BOARD MOVES: true when the blank's moves take BOARD to the goal
# (tiles in order, blank last) without leaving the board. Independent of the library.
replay() {
  awk -v r="$1" -v c="$2" -v board="$3" -v moves="$4" 'BEGIN {
    n = split(board, t, " "); if (n != r * c) exit 1
    for (i = 1; i <= n; i++) if (t[i] == 0) b = i - 1
    for (k = 1; k <= length(moves); k++) {
      m = substr(moves, k, 1); y = int(b / c); x = b % c
      if (m == "U") { if (y == 0) exit 1; nb = b - c }
      else if (m == "D") { if (y == r - 1) exit 1; nb = b + c }
      else if (m == "L") { if (x == 0) exit 1; nb = b - 1 }
      else if (m == "R") { if (x == c - 1) exit 1; nb = b + 1 }
      else exit 1
      t[b + 1] = t[nb + 1]; t[nb + 1] = 0; b = nb
    }
    for (i = 1; i < n; i++) if (t[i] != i) exit 1
    exit t[n] != 0 }'
}

# slide_solve: the board amaze slide shuffle makes, and a solution as short as the
# CLI's optimal one that really solves it (checked by the CLI, a second client).
for args in "3 3 7" "2 4 1" "3 4 11"; do
  set -- $args
  "$ex/slide_solve" "$1" "$2" "$3" >"$tmp/s" 2>"$tmp/serr" || fail "slide_solve $args: $(cat "$tmp/serr")"
  board=$(sed -n 1p "$tmp/s"); moves=$(sed -n 2p "$tmp/s")
  [ "$board" = "$("$AMAZE" slide shuffle "$1x$2" --seed "$3")" ] || fail "slide_solve $args: board differs from amaze slide shuffle"
  want=$("$AMAZE" slide solve --size "$1x$2" -a ida ${board#*: } | tr -d '\n' | wc -c)
  [ "${#moves}" -eq "$want" ] || fail "slide_solve $args: ${#moves} moves, the CLI's optimum is $want"
  replay "$1" "$2" "${board#*: }" "$moves" || fail "slide_solve $args: the moves do not solve the board"
done

# terrain_tiles: the tile-type counts amaze terrain stats reports for the same map.
for args in "64 48 3" "10 7 1" "129 65 42"; do
  set -- $args
  "$ex/terrain_tiles" "$1" "$2" "$3" >"$tmp/t" || fail "terrain_tiles $args"
  "$AMAZE" terrain generate -s "$1x$2" --seed "$3" -o "$tmp/w.amt"
  json=$("$AMAZE" terrain stats --json "$tmp/w.amt")
  for ty in water earth sand rock; do
    want=$(printf '%s' "$json" | sed "s/.*\"$ty\":\([0-9]*\).*/\1/")
    [ "$(grep "^$ty " "$tmp/t")" = "$ty $want" ] || fail "terrain_tiles $args: $(grep "^$ty " "$tmp/t"), stats say $want"
  done
  want=$(printf '%s' "$json" | sed 's/.*"vegetation":\([0-9]*\).*/\1/')
  [ "$(grep '^vegetation ' "$tmp/t")" = "vegetation $want" ] || fail "terrain_tiles $args: vegetation"
done

# grid_picture: on every topology, levels too, byte for byte the picture the CLI's
# generate | solve | render pipeline draws, and the counts amaze stats gives (it is
# built with libamaze-render, which make test always has: scripts/deps.sh).
[ -x "$ex/grid_picture" ] || fail "examples/grid_picture was not built"
if [ -x "$ex/grid_picture" ]; then
  for args in "polar 8 7" "polar 5x4 2" "triangle 12x7 3" "octagon 7x5 4" "hex 6x5x2 5" "square 6x4x3 6" "square 9x7 1"; do
    set -- $args
    "$ex/grid_picture" "$1" "$2" "$3" "$tmp/ex.png" >"$tmp/out" 2>"$tmp/err" || fail "grid_picture $args: $(cat "$tmp/err")"
    "$AMAZE" generate -t "$1" -s "$2" --seed "$3" | "$AMAZE" solve - | "$AMAZE" render - -o "$tmp/cli.png"
    cmp -s "$tmp/ex.png" "$tmp/cli.png" || fail "grid_picture $args: the picture differs from the CLI's"
    json=$("$AMAZE" generate -t "$1" -s "$2" --seed "$3" | "$AMAZE" stats --json -)
    cells=$(printf '%s' "$json" | sed 's/.*"cells":\([0-9]*\).*/\1/')
    len=$(printf '%s' "$json" | sed 's/.*"solution_length":\([0-9]*\).*/\1/')
    grep -q ": $cells cells, $((cells - 1)) passages (perfect), solution $len moves$" "$tmp/out" ||
      fail "grid_picture $args: '$(cat "$tmp/out")', stats say $cells cells, solution $len"
  done
  "$ex/grid_picture" polar 10x3x2 1 "$tmp/bad.png" 2>"$tmp/err" && fail "grid_picture took polar 10x3x2"
  grep -q '^grid_picture: ' "$tmp/err" || fail "grid_picture bad size message: $(cat "$tmp/err")"
  [ ! -e "$tmp/bad.png" ] || fail "grid_picture left a picture after refusing its size"
fi

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
