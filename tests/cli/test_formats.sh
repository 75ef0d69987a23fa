#!/usr/bin/env bash
# test_formats.sh — output format by --format, by the -o extension, and text-or-.amz by
# whether stdout is a terminal; colour only on a terminal; every format and text style
# read back by solve, render and stats (sniffed from files and from stdin).
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# ---- choosing the output format ----
run generate -s 6x4 --seed 5
expect_ok "generate to a pipe"
is_amz "$OUT" || fail "generate to a non-terminal did not write .amz"
cp "$OUT" ref.amz

for fmt in amz json text; do
    run generate -s 6x4 --seed 5 --format "$fmt"
    expect_ok "--format $fmt"
    cp "$OUT" "by-flag.$fmt"
done
is_amz by-flag.amz || fail "--format amz is not .amz"
cmp -s by-flag.amz ref.amz || fail "--format amz differs from the default pipe output"
[ "$(head -c 13 by-flag.json)" = '{"topology":"' ] || fail "--format json does not write JSON"
[ "$(head -c 4 by-flag.text)" = "+--+" ] || fail "--format text does not write ascii art"

for ext in amz json txt; do
    run generate -s 6x4 --seed 5 -o "by-ext.$ext"
    expect_ok "-o by-ext.$ext"
    [ ! -s "$OUT" ] || fail "-o by-ext.$ext also wrote to stdout"
done
cmp -s by-ext.amz by-flag.amz || fail "-o .amz differs from --format amz"
cmp -s by-ext.json by-flag.json || fail "-o .json differs from --format json"
cmp -s by-ext.txt by-flag.text || fail "-o .txt differs from --format text"
# --format wins over the extension; "-o -" is standard output.
run generate -s 6x4 --seed 5 --format json -o odd.txt
cmp -s odd.txt by-flag.json || fail "--format json -o odd.txt did not write JSON"
run generate -s 6x4 --seed 5 -o -
cmp -s "$OUT" ref.amz || fail "-o - is not standard output"
run generate -s 6x4 --seed 5 -o weird.png
expect_fail 2 "cannot tell the format" "-o weird.png"
run generate -s 6x4 --seed 5 -o noext
expect_fail 2 "cannot tell the format" "-o noext"
expect_no_temp "$T" "format choices"
[ ! -e weird.png ] && [ ! -e noext ] || fail "a refused output file was created"

# ---- terminal or not ----
on_tty "'$AMAZE' generate -s 6x4 --seed 5"
[ "$RC" -eq 0 ] || fail "generate on a terminal: exit $RC"
tr -d '\r' <"$OUT" >tty.txt
[ "$(head -c 4 tty.txt)" = "+--+" ] || fail "generate on a terminal did not draw text"
grep -q $'\e\\[1;32mS' tty.txt || fail "no colour on a terminal"
# Same picture as --format text once the colour codes are removed.
sed 's/\x1b\[[0-9;]*m//g' tty.txt >tty-plain.txt
cmp -s tty-plain.txt by-flag.text || fail "terminal drawing differs from --format text"
on_tty "NO_COLOR=1 '$AMAZE' generate -s 6x4 --seed 5"
grep -q $'\e' "$OUT" && fail "NO_COLOR did not turn colour off"
on_tty "'$AMAZE' generate -s 6x4 --seed 5 --color never"
grep -q $'\e' "$OUT" && fail "--color never still coloured"
# Binary data for a terminal only when asked for by name (-o -), for every command.
on_tty "'$AMAZE' generate -s 6x4 --seed 5 --format amz"
[ "$RC" -eq 1 ] && grep -q "will not write amz data to a terminal" "$OUT" ||
  fail "--format amz on a terminal: exit $RC, $(head -c 200 "$OUT")"
on_tty "'$AMAZE' generate -s 6x4 --seed 5 --format amz -o -"
is_amz "$OUT" || fail "--format amz -o - on a terminal did not write .amz"
"$AMAZE" generate -s 6x4 --seed 5 -o tty-in.amz
on_tty "'$AMAZE' render tty-in.amz --format png"
[ "$RC" -eq 1 ] && grep -q "will not write png data to a terminal" "$OUT" || fail "render png on a terminal: exit $RC"
on_tty "'$AMAZE' solve tty-in.amz --format amz"
[ "$RC" -eq 1 ] && grep -q "will not write amz data to a terminal" "$OUT" || fail "solve amz on a terminal: exit $RC"
on_tty "'$AMAZE' render tty-in.amz --format svg"
[ "$RC" -eq 0 ] && grep -q "<svg" "$OUT" || fail "render svg (text) on a terminal: exit $RC"
run generate -s 6x4 --seed 5 --format text --color always
grep -q $'\e\\[1;32mS' "$OUT" || fail "--color always did not colour a pipe"
run generate -s 6x4 --seed 5 --format text
grep -q $'\e' "$OUT" && fail "colour in text written to a pipe"

# ---- styles, read back ----
run solve ref.amz -o solved.amz
expect_ok "solve ref.amz -o solved.amz"
for style in ascii unicode blocks; do
    for color in never always; do
        run render solved.amz --style "$style" --color "$color"
        expect_ok "render --style $style --color $color"
        cp "$OUT" "art-$style-$color.txt"
        # Every rendering reads back (sniffed as text) to the same maze, start and goal.
        run solve "art-$style-$color.txt" --format json
        expect_ok "solve art-$style-$color.txt"
        cp "$OUT" "back-$style-$color.json"
    done
done
run solve solved.amz --format json
cp "$OUT" solved.json
for f in back-*.json; do
    # Text keeps no origin: compare all but seed, algorithm and recipe.
    a=$(sed -e 's/"seed":[0-9]*,"algorithm":"[^"]*",//' -e 's/"recipe":"[^"]*",//' "$f")
    b=$(sed -e 's/"seed":[0-9]*,"algorithm":"[^"]*",//' -e 's/"recipe":"[^"]*",//' solved.json)
    [ "$a" = "$b" ] || fail "$f: the text rendering did not read back to the same maze"
done
grep -q '#' art-blocks-never.txt || fail "blocks style has no # walls"
[ "$(wc -l <art-blocks-never.txt)" -eq 9 ] || fail "blocks style of 6x4 is not 9 lines"
[ "$(head -n 1 art-blocks-never.txt | tr -d '\n' | wc -c)" -eq 13 ] || fail "blocks style of 6x4 is not 13 wide"
run render solved.amz --no-solution
grep -q '\.' "$OUT" && fail "--no-solution still drew the path"

# ---- inputs of every format, from files and from stdin ----
run generate -s 11x7 -t hex --seed 2 --format json -o hex.json
run generate -s 11x7 -t hex --seed 2 -o hex.amz
for input in by-flag.amz by-flag.json by-flag.text hex.json hex.amz; do
    run stats --json "$input"
    expect_ok "stats $input"
    cp "$OUT" "st-file.json"
    run_in "$input" stats --json -
    expect_ok "stats - < $input"
    cmp -s "$OUT" st-file.json || fail "stats of $input differs between a file and stdin"
    run_in "$input" stats --json
    cmp -s "$OUT" st-file.json || fail "stats with no file did not read stdin ($input)"
done
run solve hex.amz --format json
expect_ok "solve hex.amz"
grep -q '"solution":\[' "$OUT" || fail "solve --format json of a hex maze has no solution"
run solve hex.amz --json
grep -q '"solution":\[' "$OUT" || fail "solve --json has no solution"
run render hex.amz -o hex.txt
expect_ok "render of a hex maze"
grep -q '/' hex.txt || fail "hex rendering has no / walls"
run render hex.amz --style blocks
expect_fail 1 "square mazes only" "render --style blocks of a hex maze"
run solve hex.txt
expect_fail 1 "hex maze drawn as text, which cannot be read back" "solve of hex text art"

finish
