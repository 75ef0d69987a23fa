#!/usr/bin/env bash
# test_newcomer.sh — what a new user tripped on (issue 15), each as the kind of defect
# it was, swept over every command it applies to: output names a command does not
# write, refused option pairs (usage errors, exit 2, naming the options), masks with
# islands, a FILE given to animate, input waited for in silence on a terminal, an
# output onto its own input (issue 22), the shared maze options of generate, animate
# and play, stats -o, and help texts within 80 columns.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
mkdir -p o
"$AMAZE" generate -s 8x6 --seed 1 -o m.amz

# ---- an output name whose extension the command does not write is refused ----
run render m.amz -o o/x.bmp
expect_fail 2 "render writes .txt, .png, .svg or .pdf files" "render -o x.bmp"
run render m.amz -o o/noext
expect_fail 2 "cannot tell the format from the file name" "render -o without extension"
run animate -s 5x5 --seed 1 -o o/x.png
expect_fail 2 "animate writes .gif files" "animate -o x.png"
run stats m.amz -o o/x.xml
expect_fail 2 "stats writes .txt or .json files" "stats -o x.xml"
run generate -s 5x5 -o o/x.xyz
expect_fail 2 "generate writes .amz, .json or .txt files" "generate -o x.xyz"
"$AMAZE" render m.amz -o pic.png --cell 4
run solve pic.png -o o/x.amz
expect_fail 2 "solve writes .png files" "solve picture -o x.amz"
run generate -a eller -s 5x5 --stream -o o/x.txt
expect_fail 2 "generate writes .amz or .png files" "generate --stream -o x.txt"
# The extension's case does not matter; devices take the command's default format.
run render m.amz -o o/x.PNG
expect_ok "render -o x.PNG"
run render m.amz -o /dev/null
expect_ok "render -o /dev/null"
[ "$(ls o)" = "x.PNG" ] || fail "refused outputs left files: $(ls o)"

# ---- a combination refused before any work is a usage error naming the options ----
printf '....\n....\n' >rect.txt
run generate -a binary-tree -t hex
expect_fail 2 "binary-tree does not work on hex grids" "binary-tree on hex"
run generate -a binary-tree --shape circle
expect_fail 2 "--shape circle needs a generator that works around missing cells" "binary-tree --shape"
run generate -a eller --mask rect.txt
expect_fail 2 "--mask rect.txt needs a generator" "eller --mask"
run generate -a backtracker --bias ne
expect_fail 2 "--bias is an option of binary-tree, not of backtracker" "--bias with backtracker"
run generate -a wilson --choice random
expect_fail 2 "--choice is an option of growing-tree, not of wilson" "--choice with wilson"
run generate -a eller --threads 2
expect_fail 2 "--threads is an option of prim and kruskal, not of eller" "--threads with eller"
run generate -a backtracker --stream
expect_fail 2 "backtracker cannot stream (binary-tree, sidewinder and eller stream square grids)" "--stream with backtracker"
run generate --allow-islands
expect_fail 2 "--allow-islands" "--allow-islands without a mask"
# The same rules hold in the other commands that make a maze.
run animate -a binary-tree --shape circle -o o/a.gif
expect_fail 2 "binary-tree makes full rectangles only" "animate binary-tree --shape"
run animate -a backtracker --bias ne -o o/a.gif
expect_fail 2 "--bias is an option of binary-tree" "animate --bias"
run play -a eller --mask rect.txt
expect_fail 2 "--mask rect.txt needs a generator" "play eller --mask"

# ---- --allow-islands: start and goal on one island, so the maze has a path ----
printf '..#..\n' >islands.txt
"$AMAZE" generate --mask islands.txt --allow-islands --seed 4 -o isl.amz
run solve isl.amz -o o/isl-solved.amz
expect_ok "solve a maze of two islands"
printf '...#......\n...#......\n' >isl2.txt
"$AMAZE" generate --mask isl2.txt --allow-islands --start 1,1 --seed 4 -o isl2.amz
run solve isl2.amz -o o/isl2-solved.amz
expect_ok "goal follows a start on the small island"
"$AMAZE" generate --mask isl2.txt --allow-islands --start 1,1 --goal 9,1 --seed 4 -o isl3.amz
run solve isl3.amz
expect_fail 1 "no path" "ends the user put on two islands still have no path"

# ---- animate FILE animates the solve ----
run animate m.amz -o o/a.gif --cell 6 --duration 1
expect_ok "animate FILE -o a.gif"
run animate m.amz -s 5x5 -o o/b.gif
expect_fail 2 "the maze comes from m.amz: drop --size" "animate FILE with --size"
# Every option that makes a maze is refused by name when the maze comes from a file,
# by animate FILE and play --file alike (one list, cli_maze_making_option).
for pair in "-t hex|--topology" "-a wilson|--algorithm" "--seed 3|--seed" "--levels 2|--levels" \
            "--wrap x|--wrap" "--weave 0.3|--weave" "--shape circle|--shape" "--braid 0.2|--braid" \
            "--unicursal|--unicursal" "--symmetry x|--symmetry" "--sparse 1|--sparse" "--root 1,1|--root" \
            "--allow-islands|--allow-islands" "--branching 0.5|--branching" "--difficulty hard|--difficulty"; do
  opt=${pair%|*} name=${pair#*|}
  # shellcheck disable=SC2086 # the option and its value split on purpose
  run animate m.amz $opt -o o/d.gif
  if [ "$name" = --difficulty ]; then
    expect_fail 2 "unknown option '--difficulty'" "animate FILE $opt"
  else
    expect_fail 2 "$name: the maze comes from m.amz: drop $name" "animate FILE $opt"
  fi
  # shellcheck disable=SC2086
  run play --file m.amz $opt
  if [ "$name" = --difficulty ]; then
    expect_fail 2 "unknown option '--difficulty'" "play --file $opt"
  else
    expect_fail 2 "the file sets the maze: drop $name" "play --file $opt"
  fi
done
run play --file m.amz --start 1,1
expect_fail 2 "the file sets the maze: drop --start" "play --file --start"
# Text-art options with a picture are refused as picture options with text art are.
run render m.amz --style unicode -o o/r.png
expect_fail 2 "--style and --color are for text art" "render --style with a picture"
run render m.amz --color always --format svg
expect_fail 2 "--style and --color are for text art" "render --color with a picture"
run animate m.amz --what generate -o o/c.gif
expect_fail 2 "only --what solve animates it" "animate FILE --what generate"

# ---- input on a terminal: a usage hint instead of a silent wait ----
for c in stats render solve; do
  on_tty "'$AMAZE' $c"
  [ "$RC" -eq 2 ] && grep -q "no maze given and standard input is a terminal" "$OUT" ||
    fail "$c on a terminal with no file: exit $RC: $(head -c 200 "$OUT")"
done
on_tty "'$AMAZE' stats -"
grep -q "reading a maze from the terminal" "$OUT" || fail "stats - on a terminal gives no notice"

# ---- an output onto its own input, in another format, is refused ----
cp m.amz keep.amz
ln -s keep.amz link.txt
ln -s keep.amz link.json
ln -s keep.amz link.gif
run render keep.amz -o link.txt
expect_fail 2 "is the input keep.amz" "render .amz onto itself as text"
run solve keep.amz -o link.json
expect_fail 2 "is the input keep.amz" "solve .amz onto itself as JSON"
run stats keep.amz -o link.json
expect_fail 2 "is the input keep.amz" "stats onto its input"
run animate keep.amz -o link.gif
expect_fail 2 "is the input keep.amz" "animate onto its input"
cmp -s keep.amz m.amz || fail "the input was changed"
# The same format is fine: the file is read whole first and replaced atomically.
run solve keep.amz -o keep.amz
expect_ok "solve .amz onto itself"
"$AMAZE" stats keep.amz --json >st.json
[ "$(json_word st.json solvable)" = true ] && [ -n "$(json_num st.json solution_length)" ] ||
  fail "solve onto itself lost the maze"

# ---- stats -o ----
run stats m.amz -o o/st.json
expect_ok "stats -o FILE.json"
[ "$(head -c 1 o/st.json)" = "{" ] || fail "stats -o .json wrote no JSON"
run stats m.amz -o o/st.txt
expect_ok "stats -o FILE.txt"
grep -q "^dead ends" o/st.txt || fail "stats -o .txt wrote no table"
run stats m.amz --json --format text
expect_fail 2 "ask for two formats" "stats --json --format text"
run stats m.amz --max-memory 0
expect_fail 2 "nothing fits in 0 bytes" "--max-memory 0"

# ---- one set of maze options: generate, animate and play take the same ones ----
for c in generate animate play book; do
  "$AMAZE" "$c" --help >help.txt
  for opt in --size --topology --algorithm --seed --shape --mask --allow-islands --start --goal --longest \
             --braid --bias --choice --branching --near-start --threads; do
    grep -q -- "$opt" help.txt || fail "$c --help lacks $opt"
  done
done
run animate -s 10x8 --seed 2 --shape circle --braid 0.5 --cell 5 --duration 1 -o o/shape.gif
expect_ok "animate --shape --braid"

# ---- text: prose is no maze; trailing spaces and "+-+" art read ----
echo "hello world" >hello.txt
run solve hello.txt
expect_fail 1 "hello.txt: not a maze: it starts 'hello world'" "plain text"
"$AMAZE" generate -s 7x4 --seed 3 --format text | sed 's/$/   /' >trailing.txt
run solve trailing.txt --format text
expect_ok "text art with trailing spaces"
printf '+-+-+-+\n|S    |\n+ +-+ +\n| |  G|\n+-+-+-+\n' >single.txt
run stats single.txt --json
expect_ok "single-dash +-+ art"
[ "$(json_num "$OUT" width)" = 3 ] && [ "$(json_num "$OUT" height)" = 2 ] || fail "+-+ art size: $(cat "$OUT")"

# ---- live animate leaves the finished maze on the normal screen ----
COLUMNS=100 LINES=30 timeout --foreground -k 5 60 script -qfec \
  "$AMAZE animate -s 8x5 --seed 3 --fps 50 --steps-per-frame 40" /dev/null >live.out 2>&1 ||
  fail "live animation exited $?"
after=$(perl -0777 -ne 'print $1 if /\x1b\[\?1049l(.*)\z/s' live.out | tr -d '\r')
CHECKS=$((CHECKS + 1))
grep -q $'\xe2\x96\x80' <<<"$after" || fail "live animate: the maze is gone from the screen after the end"
[ "$(grep -c $'\xe2\x96\x80' <<<"$after")" -ge 5 ] || fail "live animate: not the whole last frame after the end"

# ---- what the help says holds ----
"$AMAZE" generate -s 1000x1000 --seed 1 | "$AMAZE" render - -o o/k.png
"$AMAZE" render --help | grep -q "(2W+3)x(2H+3) px" || fail "render --help no longer gives the picture size"
[ "$(od -An -tx1 -j16 -N8 o/k.png | tr -d ' \n')" = "000007d3000007d3" ] || fail "a 1000x1000 picture is not 2003x2003"
"$AMAZE" --help | grep -q "shuffle, check, solve, bench, play" || fail "amaze --help omits slide play"

# ---- help within 80 columns, for every command ----
for c in "" generate solve render stats animate play terrain slide book dungeon "dungeon generate" \
  "dungeon render" "dungeon stats" "dungeon dijkstra"; do
  # shellcheck disable=SC2086
  "$AMAZE" $c --help >help.txt
  n=0
  while IFS= read -r line; do # ${#line} counts characters in the UTF-8 locale of lib.sh
    n=$((n + 1))
    [ ${#line} -le 80 ] || fail "amaze $c --help line $n has ${#line} columns: $line"
  done <help.txt
done

finish
