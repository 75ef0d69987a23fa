#!/usr/bin/env bash
# test_dungeon.sh — `amaze dungeon` and `amaze play --dungeon` end to end: the issue's
# pipe (generate | render -) drawn with roguelike glyphs, the same seed giving the same
# bytes, every output format by name and flag (the .amd magic, PNG decoded with
# amz-pngpeek, not amaze), colour on a terminal only, stats against counts taken here
# from the text drawing, Dijkstra maps as numbers checked step by step against their
# neighbours, solve --dijkstra on a maze, the game started and quit under a terminal,
# and every refusal as one `amaze: <what>: <why>` line with the right exit code.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
PEEK="$(dirname "$AMAZE")/amz-pngpeek"

# ---- the issue's pipe ----
"$AMAZE" dungeon generate -s 80x40 --seed 1 | "$AMAZE" dungeon render - >level.txt 2>err.txt ||
  fail "generate | render -: $(cat err.txt)"
[ "$(wc -l <level.txt)" -eq 40 ] || fail "the level is not 40 lines"
for g in '#' '.' '+' '<' '>'; do
  grep -qF -- "$g" level.txt || fail "the level has no '$g'"
done
[ "$(grep -o '<' level.txt | wc -l)" -eq 1 ] && [ "$(grep -o '>' level.txt | wc -l)" -eq 1 ] ||
  fail "not one '<' and one '>'"
grep -q $'\x1b' level.txt && fail "colour in a pipe"
CHECKS=$((CHECKS + 1))

# ---- reproducible, formats by name and flag ----
run dungeon generate -s 61x31 --seed 7 -o a.amd
expect_ok "generate -o a.amd"
run dungeon generate -s 61x31 --seed 7 -o b.amd
cmp -s a.amd b.amd || fail "the same seed gave other bytes"
[ "$(head -c 4 a.amd | od -An -tx1 | tr -d ' \n')" = "89414d44" ] || fail "a.amd lacks the .amd magic"
run dungeon generate -s 61x31 --seed 8 -o c.amd
cmp -s a.amd c.amd && fail "another seed gave the same dungeon"
run dungeon generate -s 61x31 --seed 7 -o a.txt
expect_ok "generate -o a.txt"
run dungeon render a.amd
cmp -s "$OUT" a.txt || fail "render of the .amd differs from generate -o .txt"
run dungeon generate -s 61x31 --seed 7 --format txt
cmp -s "$OUT" a.txt || fail "--format txt differs from -o .txt"
run dungeon render a.amd -o a.png --scale 3
expect_ok "render -o a.png"
if [ -x "$PEEK" ]; then
  read -r pw ph < <("$PEEK" a.png size) || true
  [ "${pw:-0}" = 183 ] && [ "${ph:-0}" = 93 ] || fail "a 61x31 map at scale 3 is not 183x93 px: ${pw:-?}x${ph:-?}"
fi
run dungeon generate -s 61x31 --seed 7 -o x.png
expect_ok "generate -o x.png"
cmp -s x.png a.png && fail "scale 8 and scale 3 gave the same picture"

# ---- colour: always, never, auto on a terminal only ----
run dungeon render a.amd --color always
grep -q $'\x1b\[' "$OUT" || fail "--color always: no colour"
run dungeon render a.amd --color never
grep -q $'\x1b' "$OUT" && fail "--color never: colour"
on_tty "$AMAZE dungeon render a.amd"
grep -q $'\x1b\[' "$OUT" || fail "a terminal: no colour"
on_tty "NO_COLOR=1 $AMAZE dungeon render a.amd"
grep -q $'\x1b' "$OUT" && fail "NO_COLOR on a terminal: colour"
on_tty "$AMAZE dungeon generate -s 30x15 --seed 2"
grep -qF '<' "$OUT" || fail "generate on a terminal does not draw the level"

# ---- stats against the drawing ----
run dungeon stats a.amd --json
expect_ok "stats --json"
cp "$OUT" s.json
n_doors=$(tr -cd '+' <a.txt | wc -c)
[ "$(json_num s.json doors)" = "$n_doors" ] || fail "stats: doors $(json_num s.json doors), the drawing has $n_doors"
n_floor=$(tr -cd '.+<>' <a.txt | wc -c)
[ "$(json_num s.json floor)" = "$n_floor" ] || fail "stats: floor $(json_num s.json floor), the drawing has $n_floor"
[ "$(json_num s.json dead_ends)" = 0 ] || fail "stats: dead ends left with the default --dead-ends 1"
run dungeon stats a.amd
expect_stdout_has "rooms:" "stats text"
run dungeon generate -s 61x31 --seed 7 --dead-ends 0 -o open.amd
"$AMAZE" dungeon stats open.amd --json >o.json
[ "$(json_num o.json dead_ends)" -gt 0 ] || fail "--dead-ends 0 left no dead end"

# ---- Dijkstra maps: 0 at the goal, each other value one more than a neighbour's ----
run dungeon dijkstra a.amd --goal down
expect_ok "dijkstra --goal down"
cp "$OUT" map.txt
awk '
  { for (i = 1; i <= NF; i++) v[NR, i] = $i; if (NF > w) w = NF; h = NR }
  END {
    for (y = 1; y <= h; y++) for (x = 1; x <= w; x++) {
      c = v[y, x]; if (c !~ /^[0-9]+$/) continue
      if (c == 0) { zeros++; continue }
      ok = 0
      split("0 1 0 -1", dx); split("-1 0 1 0", dy)
      for (k = 1; k <= 4; k++) { n = v[y + dy[k], x + dx[k]]; if (n ~ /^[0-9]+$/ && n + 1 == c) ok = 1 }
      if (!ok) { print "tile " x "," y " = " c " has no neighbour at " c - 1; bad = 1 }
    }
    if (zeros != 1) { print zeros " zeros"; bad = 1 }
    exit bad
  }' map.txt || fail "the Dijkstra map is not a map of steps"
# The map is full-width numbers; '#' where the drawing has a wall.
read -r -a first <map.txt
[ "${first[0]}" = "#" ] || fail "the map's corner is not a wall"
run dungeon dijkstra a.amd --goal up --goal down --flee 1.2 -o flee.json
expect_ok "dijkstra --flee -o .json"
grep -q '"kind":"flee"' flee.json || fail "flee JSON lacks its kind"
run dungeon dijkstra a.amd -o heat.png --scale 2
expect_ok "dijkstra -o heat.png"
run dungeon dijkstra a.amd --goal 0,0
expect_fail 1 "not a walkable tile" "dijkstra --goal on a wall"

# ---- solve --dijkstra on a maze ----
"$AMAZE" generate -s 9x5 --seed 3 -o m.amz
run solve m.amz --dijkstra "start;goal"
expect_ok "solve --dijkstra"
[ "$(tr -s ' ' '\n' <"$OUT" | grep -cx 0)" = 2 ] || fail "solve --dijkstra: not two zeros for two goals"
[ "$(wc -l <"$OUT")" = 5 ] || fail "solve --dijkstra: not a line a row"
run solve m.amz --dijkstra goal --flee 1.5 -o mheat.png
expect_ok "solve --dijkstra --flee -o png"
run solve m.amz --flee 1.2
expect_fail 2 "--dijkstra" "--flee without --dijkstra"
run solve m.amz --dijkstra start -a dfs
expect_fail 2 "--algorithm" "--dijkstra with a solver"
run solve m.amz --dijkstra 20,20
expect_fail 1 "is outside the 9x5 square maze" "--dijkstra outside the maze"

# ---- refusals ----
run dungeon generate -s 4x40
expect_fail 2 "sides must be" "a side of 4"
run dungeon generate -a eller
expect_fail 2 "eller" "a generator that cannot work around rooms"
run dungeon generate --room-size 4-8
expect_fail 2 "odd sides" "even room sides"
run dungeon generate --loops 2
expect_fail 2 "--loops" "loops outside 0..1"
run dungeon generate -o x.bmp
expect_fail 2 ".amd, .txt or .png" "generate -o x.bmp"
run dungeon render a.amd -o x.amd
expect_fail 2 ".txt or .png" "render -o x.amd"
run dungeon frobnicate
expect_fail 2 "unknown command" "unknown subcommand"
head -c 150 a.amd >short.amd
run dungeon render short.amd
expect_fail 1 "truncated" "a cut file"
printf 'not a dungeon at all, just some text of some length to read........................................................................................' >text.amd
run dungeon stats text.amd
expect_fail 1 "magic" "a text file"
run dungeon render a.amd --max-memory 1k
expect_fail 1 "allowed" "--max-memory"
run play --dungeon a.amd --seed 3
expect_fail 2 "only --fog" "play --dungeon with maze options"
run play --dungeon -
expect_fail 2 "keyboard" "play --dungeon -"
run play --dungeon a.amd
expect_fail 1 "needs a terminal" "play --dungeon without a terminal"

finish
