#!/usr/bin/env bash
# test_shapes.sh — hex mazes and shaped mazes from the command line (issue 4).
set -u
AMAZE=${AMAZE:?path to the amaze binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# expect_error STATUS NEEDLE CMD... : exit status, one stderr line "amaze: ...", needle in it.
expect_error() {
  local want=$1 needle=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [ "$got" -eq "$want" ] || fail "$*: exit $got, expected $want"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: stderr is not one line: $(cat "$tmp/err")"
  grep -q '^amaze: ' "$tmp/err" || fail "$*: stderr lacks the amaze: prefix"
  grep -qF -- "$needle" "$tmp/err" || fail "$*: stderr lacks '$needle': $(cat "$tmp/err")"
}

# The issue's demo: a solved honeycomb through a pipe.
"$AMAZE" generate -t hex -s 12x8 --seed 4 | "$AMAZE" solve - | "$AMAZE" render - >"$tmp/hex.txt" ||
  fail "hex pipeline failed"
grep -q 'S' "$tmp/hex.txt" && grep -q 'G' "$tmp/hex.txt" && grep -q '\.' "$tmp/hex.txt" ||
  fail "hex rendering lacks start, goal or path"
width=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' "$tmp/hex.txt")
[ "$width" -le 80 ] || fail "12x8 hex art is $width columns wide"
[ "$(wc -l <"$tmp/hex.txt")" -eq 18 ] || fail "12x8 hex art is not 18 lines"

# A hexagon of hexagons: 15x15 gives radius 7, 3*7*8+1 = 169 cells, perfect.
"$AMAZE" generate -t hex --shape hexagon -s 15x15 --seed 1 -o "$tmp/hexagon.amz" || fail "hexagon"
"$AMAZE" stats --json "$tmp/hexagon.amz" >"$tmp/stats.json" || fail "stats of hexagon"
grep -q '"cells":169,' "$tmp/stats.json" || fail "hexagon has not 169 cells: $(cat "$tmp/stats.json")"
grep -q '"perfect":true' "$tmp/stats.json" || fail "hexagon maze not perfect"
grep -q '"topology":"hex"' "$tmp/stats.json" || fail "topology lost"

# Shapes on both topologies: perfect, solvable, and JSON keeps removed cells as -1.
for spec in "square circle" "square diamond" "hex circle" "hex triangle" "hex rect"; do
  set -- $spec
  "$AMAZE" generate -t "$1" --shape "$2" -s 21x13 --seed 9 --format json >"$tmp/s.json" || fail "$spec"
  "$AMAZE" stats --json "$tmp/s.json" | grep -q '"perfect":true,"solvable":true' || fail "$spec not perfect"
  if [ "$2" != rect ]; then grep -q -- '-1' "$tmp/s.json" || fail "$spec: no removed cell in JSON"; fi
  "$AMAZE" solve "$tmp/s.json" -o "$tmp/s.amz" && "$AMAZE" solve "$tmp/s.amz" --json >"$tmp/s2.json" ||
    fail "$spec: solve round trip"
done

# Masks from text files, islands refused or allowed.
printf '..#..\n..#..\n#####\n.....\n' >"$tmp/islands.txt"
expect_error 1 "3 separate islands" "$AMAZE" generate --mask "$tmp/islands.txt" -o "$tmp/i.amz"
[ ! -e "$tmp/i.amz" ] || fail "refused generation left a file"
"$AMAZE" generate --mask "$tmp/islands.txt" --allow-islands --seed 2 -o "$tmp/i.amz" || fail "allow-islands"
"$AMAZE" stats --json "$tmp/i.amz" | grep -q '"parts":3,' || fail "allowed islands are not 3 parts"
# A PNG mask (tests/cli/data/ring_mask.png: 9x7 white with a black 3x3 hole, written by
# hand with zlib): light pixels are cells, so 63 - 9 = 54 cells in one perfect maze.
"$AMAZE" generate --mask "$AMZ_TEST_DIR/cli/data/ring_mask.png" --seed 4 -o "$tmp/ring.amz" || fail "PNG mask"
"$AMAZE" stats --json "$tmp/ring.amz" | grep -q '"cells":54,.*"perfect":true' || fail "PNG mask: not 54 cells, perfect"
"$AMAZE" generate --mask "$AMZ_TEST_DIR/cli/data/ring_mask.png" -t hex --seed 4 --format json | grep -q -- '-1' ||
  fail "PNG mask on hex"
head -c 40 "$AMZ_TEST_DIR/cli/data/ring_mask.png" >"$tmp/cut.png"
expect_error 1 "truncated" "$AMAZE" generate --mask "$tmp/cut.png"
printf '.x.\n' >"$tmp/badmask.txt"
expect_error 1 "column 2" "$AMAZE" generate --mask "$tmp/badmask.txt"
printf '...\n..\n' >"$tmp/ragged.txt"
expect_error 1 "same length" "$AMAZE" generate --mask "$tmp/ragged.txt"
printf '###\n# #\n' >"$tmp/empty.txt"
expect_error 1 "no cell" "$AMAZE" generate --mask "$tmp/empty.txt"
expect_error 1 "cannot open" "$AMAZE" generate --mask "$tmp/missing.txt"
expect_error 2 "drop --size" "$AMAZE" generate --mask "$tmp/islands.txt" -s 5x5
# A mask on grids of levels, wrap-around and weave keeps them (it once made a plain
# grid, silently), every level the mask's cells; its recipe, run again, is the maze.
printf '......\n..#...\n...#..\n......\n' >"$tmp/ring.txt"
for spec in "--levels 2" "--wrap xy" "--weave 1" "-t hex --wrap x --levels 3" "-t triangle --wrap y" "-t octagon"; do
  # shellcheck disable=SC2086
  (cd "$tmp" && "$AMAZE" generate $spec --mask ring.txt --seed 3 --format json >"$tmp/mg.json") ||
    fail "mask with $spec"
  case $spec in
    *levels*) grep -q "\"levels\":${spec##* }," "$tmp/mg.json" || fail "mask with $spec: levels dropped" ;;
  esac
  case $spec in
    *wrap*) grep -q '"wrap":' "$tmp/mg.json" || fail "mask with $spec: wrap dropped" ;;
    *weave*) grep -q '"weave":true' "$tmp/mg.json" || fail "mask with $spec: weave dropped" ;;
  esac
  recipe=$(sed -n 's/.*"recipe":"\([^"]*\)".*/\1/p' "$tmp/mg.json")
  # shellcheck disable=SC2086
  (cd "$tmp" && "$AMAZE" generate $recipe --format json) | cmp -s - "$tmp/mg.json" ||
    fail "mask with $spec: the recipe '$recipe' makes another maze"
done
printf ".....\n" >"$tmp/odd.txt"
expect_error 1 "even width" "$AMAZE" generate -t hex --wrap x --mask "$tmp/odd.txt"
# Octagon: the small square between four removed octagons goes with them (it was left
# as an island of its own).
printf '...\n.##\n.##\n' >"$tmp/oct.txt"
"$AMAZE" generate -t octagon --mask "$tmp/oct.txt" --seed 1 -o "$tmp/oct.amz" || fail "octagon mask"
"$AMAZE" stats --json "$tmp/oct.amz" | grep -q '"cells":5,.*"perfect":true' || fail "octagon mask: not 5 cells, perfect"
# Polar: -s gives the rings, the mask is laid over the disc (the centre row's hole).
printf '.....\n.....\n..#..\n.....\n.....\n' >"$tmp/hole.txt"
"$AMAZE" generate -t polar -s 9 --mask "$tmp/hole.txt" --seed 2 -o "$tmp/pm.amz" || fail "polar mask"
"$AMAZE" stats "$tmp/pm.amz" | grep -q '^maze  *9 polar' || fail "polar mask: not 9 rings"
"$AMAZE" generate -t polar -s 9 --seed 2 -o "$tmp/pfull.amz"
pc=$("$AMAZE" stats --json "$tmp/pm.amz" | sed 's/.*"cells":\([0-9]*\),.*/\1/')
fc=$("$AMAZE" stats --json "$tmp/pfull.amz" | sed 's/.*"cells":\([0-9]*\),.*/\1/')
[ "$pc" -lt "$fc" ] && [ "$pc" -gt $((fc * 3 / 4)) ] || fail "polar mask: $pc of $fc cells kept"
expect_error 2 "not defined on hex" "$AMAZE" generate -t hex --shape diamond
expect_error 2 "not defined on square" "$AMAZE" generate --shape hexagon
expect_error 2 "unknown shape" "$AMAZE" generate --shape blob
expect_error 1 "blocks style draws square" "$AMAZE" render "$tmp/hexagon.amz" --style blocks

# Text art of hex and shaped mazes is refused on import instead of misread.
"$AMAZE" render "$tmp/hexagon.amz" >"$tmp/hexagon.txt"
expect_error 1 "hex maze drawn as text" "$AMAZE" stats "$tmp/hexagon.txt"
"$AMAZE" generate --shape circle -s 9x9 --seed 1 --format text >"$tmp/circle.txt"
expect_error 1 "shaped mazes" "$AMAZE" stats "$tmp/circle.txt"

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo "ok"
