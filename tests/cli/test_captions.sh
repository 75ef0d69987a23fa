#!/usr/bin/env bash
# test_captions.sh — the caption of a print page (render --page) names the command that
# makes the very maze again: for every generator and every maze option (shapes, a mask
# file whose name needs quoting, braid, --longest, --goal farthest, --start/--goal,
# --root, generator options, islands, streams, unicursal, labyrinth, symmetry,
# sparse), the captioned command, run as written,
# gives the same bytes; after `solve --start` moves the start, the caption still
# rebuilds that maze (with --root); a maze read from text art says no command makes it.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
command -v pdftotext >/dev/null || { echo "pdftotext missing (poppler-utils)"; exit 1; }
printf '..####....####..\n.######..######.\n################\n.##############.\n..############..\n....########....\n' |
  tr '#.' '.#' >"heart mask.txt"
printf '....#.....\n....#.....\n#####.....\n......####\n' >islands.txt

# caption FILE.amz — the command on its print page (pdftotext may wrap it: joined).
caption() {
  "$AMAZE" render "$1" --page a4 -o page.pdf || { fail "render --page $1"; return 1; }
  pdftotext page.pdf - | tr '\n\f' '  ' | sed -e 's/.*maze - //' -e 's/ *$//'
}

# check NAME ARGS... — generate with ARGS, then the caption must rebuild it byte for byte.
check() {
  local name=$1
  shift
  CHECKS=$((CHECKS + 1))
  "$AMAZE" generate "$@" -o "$name.amz" 2>err.txt || { fail "$name: generate $*: $(cat err.txt)"; return; }
  local cap
  cap=$(caption "$name.amz")
  case $cap in
    "amaze generate "*) ;;
    *) fail "$name: caption names no command: $cap"; return ;;
  esac
  # The caption is a shell command line (quoting included): run it as written.
  eval "\"\$AMAZE\" ${cap#amaze } -o again.amz" 2>err.txt || { fail "$name: '$cap' failed: $(cat err.txt)"; return; }
  if [[ " $* " == *" --stream "* ]]; then
    # A stream is the same maze in the streamed-rows layout: compare the mazes.
    "$AMAZE" render "$name.amz" --style blocks >a.txt && "$AMAZE" render again.amz --style blocks >b.txt
    cmp -s a.txt b.txt || fail "$name: '$cap' makes another maze than generate $*"
    return
  fi
  cmp -s "$name.amz" again.amz || fail "$name: '$cap' makes another maze than generate $*"
}

for g in $("$AMAZE" generate --list-algorithms | awk '{ print $1 }'); do
  check "g-$g" -a "$g" -s 17x11 --seed 5
  "$AMAZE" generate --list-algorithms | grep "^$g " | grep -q hex && check "g-$g-hex" -a "$g" -t hex -s 13x9 --seed 5
done
check circle -s 21x17 --seed 2 --shape circle
check diamond -a wilson -s 21x17 --seed 2 --shape diamond
check hexagon -t hex -s 15x15 --seed 2 --shape hexagon
check triangle -a prim -t hex -s 15x13 --seed 2 --shape triangle
check mask --mask "heart mask.txt" --seed 3
check islands --mask islands.txt --allow-islands --seed 3
check braid -s 20x12 --seed 4 --braid 0.35
check longest -a kruskal -s 20x12 --seed 4 --longest
check farthest -s 20x12 --seed 4 --goal farthest --start 5,5
check ends -s 20x12 --seed 4 --start 3,2 --goal 18,1
check root -s 20x12 --seed 4 --root 10,6 --start 1,1
check unicursal -s 20x12 --seed 4 --unicursal
check unicursal-hex -a wilson -t hex -s 14x10 --seed 4 --unicursal --start 5,3
check labyrinth -s 21x17 --labyrinth classical
check symmetry-x -s 21x12 --seed 4 --symmetry x
check symmetry-xy -a kruskal -s 21x13 --seed 4 --symmetry xy
check symmetry-radial -a prim -t hex -s 14x11 --seed 4 --symmetry radial
check sparse -s 20x12 --seed 4 --sparse 3
check sparse-share -a prim -s 20x12 --seed 4 --sparse 0.15 --braid 0.2
check bias -a binary-tree -s 20x12 --seed 4 --bias sw:0.7
check bias-corner -a binary-tree -s 20x12 --seed 4 --bias se
check choice -a growing-tree -s 20x12 --seed 4 --choice newest:75,random:25
check branching -a hunt-and-kill -s 20x12 --seed 4 --branching 0.3 --near-start
check all -a growing-tree -t hex -s 19x13 --seed 9 --shape circle --braid 0.2 --choice oldest --goal farthest
check stream -a sidewinder -s 40x9 --seed 6 --stream

# solve --start moves the start: the caption keeps the maze by its old start as --root.
"$AMAZE" generate -s 20x12 --seed 8 -o moved.amz
"$AMAZE" solve moved.amz --start 7,4 -o moved-solved.amz
cap=$(caption moved-solved.amz)
[[ $cap == *"--root 0,0"*"--start 7,4"* ]] || fail "moved start: caption $cap"
eval "\"\$AMAZE\" ${cap#amaze } -o again.amz" 2>err.txt || fail "moved start: '$cap' failed: $(cat err.txt)"
"$AMAZE" render moved-solved.amz --no-solution --style blocks >a.txt
"$AMAZE" render again.amz --style blocks >b.txt
cmp -s a.txt b.txt || fail "moved start: '$cap' makes another maze"
CHECKS=$((CHECKS + 1))

# Text art records nothing: the caption says so instead of naming a wrong command.
"$AMAZE" generate -s 8x5 --seed 1 --format text >art.txt
cap=$(caption art.txt)
[[ $cap == *"no command makes it again"* ]] || fail "text art caption: $cap"
CHECKS=$((CHECKS + 1))

finish
