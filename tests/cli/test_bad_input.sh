#!/usr/bin/env bash
# test_bad_input.sh — every bad input of the issue's list, and more usage mistakes:
# each ends with exit 1 (2 for usage errors), one "amaze: <what>: <why>" line on stderr
# saying what was wrong, nothing on stdout, no output or temporary file left in the
# output folder, no crash and no sanitizer report.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
O=$T/o
mkdir "$O"

# reset_out — an empty output folder again (only when a failed check left files).
reset_out() {
    rmdir "$O" 2>/dev/null || rm -rf "$O"
    mkdir "$O"
}

# bad CODE NEEDLE ARGS... — run with an empty output folder, expect the failure and
# an output folder still empty.
bad() {
    local code=$1 needle=$2
    shift 2
    run "$@"
    expect_fail "$code" "$needle" "amaze $*"
    expect_empty_dir "$O" "amaze $*" || reset_out
}

# bad_in FILE CODE NEEDLE ARGS... — the same with FILE as standard input.
bad_in() {
    local input=$1 code=$2 needle=$3
    shift 3
    run_in "$input" "$@"
    expect_fail "$code" "$needle" "amaze $* < $input"
    expect_empty_dir "$O" "amaze $* < $input" || reset_out
}

"$AMAZE" generate -s 20x10 --seed 3 -o good.amz || fail "cannot make good.amz"
"$AMAZE" generate -s 20x10 --seed 3 --format text -o good.txt || fail "cannot make good.txt"

# ---- sizes: zero, negative, not numbers, too large ----
for s in 0x5 5x0 0x0; do
    bad 2 "width and height must be at least 1" generate -s "$s" -o "$O/m.amz"
done
for s in -3x5 5x-3 axb 10 10x x10 1e3x2 " 5x5" "5x5 " 5x5x5x5 +5x5 0x10x 5X 99999999999999999999x2 ""; do
    bad 2 "is not a size: expected WIDTHxHEIGHT" generate -s "$s" -o "$O/m.amz"
done
bad 2 "width and height must be at most 2147483647" generate -s 3000000000x1 -o "$O/m.amz"
bad 2 "more than the 68719476736 cells a maze may have" generate -s 100000000x100000000 -o "$O/m.amz"
bad 1 "more than the 1.0 GB allowed" generate -s 100000x100000 --max-memory 1G -o "$O/m.amz"
bad 1 "needs about" generate -s 3000x3000 -t hex --max-memory 1M -o "$O/m.amz"
bad 2 "is not a size in bytes" generate --max-memory 12Q -o "$O/m.amz"

# ---- unknown names ----
bad 2 "unknown generator 'nope'" generate -a nope -o "$O/m.amz"
# A grid its rules refuse: named by the option at fault (it said "grid").
bad 2 "amaze: --weave: --weave works on square grids only, not hex" generate -t hex --weave 0.5 -o "$O/m.amz"
bad 2 "amaze: --levels: levels work on square, hex and triangle grids, not octagon" generate -t octagon --levels 2 -o "$O/m.amz"
bad 2 "amaze: --wrap: --wrap x on a hex grid needs an even width" generate -t hex -s 5x4 --wrap x -o "$O/m.amz"
bad 2 "amaze: --wrap: --wrap works on square, hex and triangle grids, not polar" generate -t polar --wrap x -o "$O/m.amz"
bad 2 "amaze: --size: 0 rings" generate -t polar -s 0 -o "$O/m.amz"
bad 2 "unknown solver 'no-such-solver'" solve -a no-such-solver good.amz -o "$O/m.amz"
bad 2 "unknown topology 'cube'" generate -t cube -o "$O/m.amz"
bad 2 "'png': generate writes amz, json or text" generate --format png -o "$O/m.amz"
bad 2 "'svg': solve writes amz, json or text" solve good.amz --format svg -o "$O/m.amz"
bad 2 "render writes text" render good.amz --format json -o "$O/m.txt"
bad 2 "cannot tell the format from the file name" generate -o "$O/m.png"
bad 2 "cannot tell the format from the file name" solve good.amz -o "$O/m"
bad 2 "unknown style 'fancy'" generate --format text --style fancy -o "$O/m.txt"
bad 2 "unknown style 'fancy'" render good.amz --style fancy -o "$O/m.txt"
bad 2 "expected auto, always or never" render good.amz --color sometimes -o "$O/m.txt"

# ---- usage mistakes ----
bad 2 "unknown option '--bogus'" generate --bogus
bad 2 "unknown option '-x'" solve -x good.amz
bad 2 "option '--size' needs a value" generate --size
bad 2 "option '-o' needs a value" render good.amz -o
bad 2 "unexpected argument 'extra'" generate extra
bad 2 "expected one input file, got 2" solve good.amz good.amz
bad 2 "expected one input file, got 2" stats good.amz good.amz
# Refused before the output is opened, even where temporary files have names.
AMZ_TEST_NAMED_TMP=1 bad 2 "drop --braid" stats --algorithms --difficulty easy --braid 0.5 -o "$O/t.txt"
bad 2 "not a whole number" generate --seed -1
bad 2 "not a whole number" generate --seed 18446744073709551616
bad 2 "is not a cell: expected X,Y" generate --start 5
bad 2 "is not a cell: expected X,Y" solve good.amz --goal a,b
bad 2 "unknown command" frobnicate
bad 2 "unknown command 'nope'" help nope

# ---- start or goal outside the maze ----
bad 1 "(20,0) is outside the 20x10 square maze" generate -s 20x10 --start 20,0 -o "$O/m.amz"
bad 1 "(0,10) is outside the 20x10 square maze" generate -s 20x10 --goal 0,10 -o "$O/m.amz"
bad 1 "(99,99) is outside the 20x10 square maze" solve good.amz --start 99,99 -o "$O/m.amz"
bad 1 "(2147483647,0) is outside" solve good.amz --goal 2147483647,0 -o "$O/m.amz"

# ---- .amz files: truncated, bit-flipped, wrong version, trailing data ----
size=$(wc -c <good.amz)
bad 1 "empty input" solve /dev/null -o "$O/m.amz"
for cut in 1 4 8 20 44 45 46 60 $((size - 5)) $((size - 1)); do
    head -c "$cut" good.amz >cut.amz
    bad 1 "truncated file" solve cut.amz -o "$O/m.amz"
    bad_in cut.amz 1 "truncated file" render -o "$O/m.txt"
done
# Flip one bit in each field (magic, version, topology, flags, width, height, start,
# goal, seed, name length, name, passages, checksum), through three commands. Every
# bit of small files is flipped in tests/unit/test_amz.c; this is the CLI's side of it.
mapfile -t bytes < <(od -An -v -tu1 -w1 good.amz)
flip() { # flip FILE OFFSET BIT OUT
    cp "$1" "$4"
    printf "$(printf '\\%03o' $((bytes[$2] ^ (1 << $3))))" | dd of="$4" bs=1 seek="$2" conv=notrunc status=none
}
k=0
for i in 0 3 7 8 9 10 11 12 14 15 16 19 20 27 28 35 36 43 44 45 50 56 60 $((size - 9)) $((size - 4)) $((size - 1)); do
    flip good.amz "$i" $((k % 8)) flipped.amz
    case $((k % 3)) in
    0) bad 1 "" solve flipped.amz -o "$O/m.amz" ;;
    1) bad 1 "" render flipped.amz -o "$O/m.txt" ;;
    2) bad 1 "" stats flipped.amz ;;
    esac
    k=$((k + 1))
done
flip good.amz 8 1 v2.amz # version 1 -> 3
bad 1 "unsupported .amz version 3" solve v2.amz -o "$O/m.amz"
flip good.amz 10 1 topo.amz
bad 1 "unknown topology code 2" stats topo.amz
flip good.amz 11 4 flags.amz
bad 1 "unknown flags 0x10" render flags.amz
cat good.amz good.amz >twice.amz
bad 1 "unexpected data after the checksum" solve twice.amz -o "$O/m.amz"
{ cat good.amz; echo; } >nl.amz
bad_in nl.amz 1 "unexpected data after the checksum" stats -
printf '\x89XYZ\r\n\x1a\n' >fake.amz
bad 1 "not an .amz file (bad magic number)" solve fake.amz -o "$O/m.amz"
printf '\x89PNG\r\n\x1a\n' >fake.png
bad 1 "fake.png: " solve fake.png -o "$O/m.png"
head -c 300 /dev/urandom | tr -d '\000' >noise.bin
printf '\000' >>noise.bin
bad 1 "" stats noise.bin

# ---- text art: ragged rows, no cells, wrong shape ----
printf '#####\n#S  #\n####\n' >ragged.txt
bad 1 "rows must all be the same length" solve ragged.txt -o "$O/m.amz"
bad_in ragged.txt 1 "line 3 has 4 characters but line 1 has 5" render -o "$O/m.txt"
printf '\n\n\n' >blank.txt
bad 1 "no maze in the text: it has no cells" stats blank.txt
: >empty.txt
bad 1 "empty input" render empty.txt -o "$O/m.txt"
printf '+--+--+\n|     |\n' >shape.txt
bad 1 "a maze of WxH cells is 3W+1 by 2H+1" solve shape.txt -o "$O/m.amz"
printf '#####\n#S#S#\n#####\n' >twos.txt
bad 1 "a second 'S' marker" solve twos.txt -o "$O/m.amz"
printf '#####\n# # #\n##  #\n#####\n#####\n' >wall.txt
bad 1 "a wall where cell" stats wall.txt
printf '###\n#\xff#\n###\n' >utf8.txt
bad 1 "line 2: invalid UTF-8" render utf8.txt -o "$O/m.txt"
sed '2s/^\(.\{10\}\)./\1/' good.txt >cutline.txt
bad 1 "rows must all be the same length" solve cutline.txt -o "$O/m.amz"

# ---- JSON ----
printf '{"topology":"square","width":2,"height":1,"cells":[2,0]}' >onesided.json
bad 1 "opens E but its neighbour does not open W back" solve onesided.json -o "$O/m.amz"
printf '{"topology":"square","width":2,"height":1}' >nocells.json
bad 1 'missing "cells"' stats nocells.json
printf '{"topology":"square","width":100000,"height":100000,"cells":[0]}' >huge.json
bad 1 '"cells" has 1 entries' stats huge.json

# ---- unreadable or missing input ----
bad 1 "missing.amz: cannot open: No such file or directory" solve missing.amz -o "$O/m.amz"
bad 1 "cannot open: No such file or directory" render "$T/no/such/dir/m.amz"
bad 1 "read error: Is a directory" stats "$T"
if [ -r /proc/self/mem ]; then
    bad 1 "read error" stats /proc/self/mem # readable by name, but reading fails (even for root)
fi
if [ "$(id -u)" -ne 0 ]; then
    cp good.amz locked.amz && chmod 000 locked.amz
    bad 1 "cannot open: Permission denied" solve locked.amz
fi

# ---- output in a missing folder, or where a file cannot go ----
bad 1 "cannot create: No such file or directory" generate -o "$O/missing/m.amz"
bad 1 "cannot create: No such file or directory" solve good.amz -o "$O/missing/m.json"
bad 1 "cannot create: No such file or directory" render good.amz -o "$O/missing/m.txt"
bad 1 "cannot create: Is a directory" generate --format amz -o "$O/"
reset_out
mkdir "$O/taken"
run generate --format amz -o "$O/taken"
expect_fail 1 "cannot create: Is a directory" "generate -o an existing folder"
[ "$(ls -A "$O")" = taken ] && [ -z "$(ls -A "$O/taken")" ] || fail "generate -o folder left files: $(ls -AR "$O")"
# A failing command leaves an existing output file as it was.
cp good.amz "$O/keep.amz"
run solve cut.amz -o "$O/keep.amz"
expect_fail 1 "truncated" "solve over an existing file"
cmp -s good.amz "$O/keep.amz" || fail "a failed solve changed its existing output file"
expect_no_temp "$O" "solve over an existing file"
# Standard output that cannot be written.
"$AMAZE" generate -s 50x50 >/dev/full 2>"$ERR"
RC=$?
crash_check "generate >/dev/full"
: >"$OUT"
expect_fail 1 "standard output: write failed" "generate > /dev/full"
"$AMAZE" stats good.amz >/dev/full 2>"$ERR"
RC=$?
crash_check "stats >/dev/full"
expect_fail 1 "standard output: write failed" "stats > /dev/full"
"$AMAZE" render good.amz >&- 2>"$ERR"
RC=$?
crash_check "render >&-"
expect_fail 1 "standard output" "render with stdout closed"

finish
