#!/usr/bin/env bash
# test_terrain.sh — `amaze terrain` end to end: help, deterministic .amt output, pipes,
# terminal drawing (plain with NO_COLOR / TERM=dumb, 24-bit colour on a terminal),
# PNG pictures decoded with libpng (amz-pngpeek, not amaze) whose pixel hues match the
# tile types read from the plain drawing, stats, and errors as `amaze: <what>: <why>`.
set -u
A="${AMAZE:?AMAZE must point at the amaze program}"
PEEK="$(dirname "$A")/amz-pngpeek"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
check() { # check DESCRIPTION COMMAND...
    local d=$1
    shift
    if "$@"; then ok; else bad "$d"; fi
}
# expect_error CODE TEXT COMMAND...: exit code CODE, stderr starting "amaze: " and containing TEXT.
expect_error() {
    local code=$1 text=$2
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$rc" -ne "$code" ]; then
        bad "$* exited $rc, expected $code ($(head -c 300 "$T/err"))"
    elif ! head -n1 "$T/err" | grep -q '^amaze: '; then
        bad "$*: error does not start with 'amaze: ': $(head -n1 "$T/err")"
    elif ! grep -qF -- "$text" "$T/err"; then
        bad "$*: error lacks '$text': $(cat "$T/err")"
    else
        ok
    fi
}

# ---- help ----
check "terrain --help" bash -c "'$A' terrain --help | grep -q 'generate'"
for sub in generate render stats view; do
    check "terrain $sub --help" bash -c "'$A' terrain $sub --help | grep -q 'Usage: amaze terrain $sub'"
done
check "help terrain" bash -c "'$A' help terrain | grep -q 'render'"
check "amaze --help lists terrain" bash -c "'$A' --help | grep -q 'terrain'"

# ---- generate: deterministic, any output path ----
W=96 H=64
"$A" terrain generate -s ${W}x${H} --seed 3 -o "$T/w.amt" || bad "generate"
"$A" terrain generate -s ${W}x${H} --seed 3 -o "$T/w2.amt" || bad "generate again"
"$A" terrain generate -s ${W}x${H} --seed 3 >"$T/w3.amt" || bad "generate to a pipe"
"$A" terrain generate -s ${W}x${H} --seed 4 -o "$T/w4.amt" || bad "generate seed 4"
check "same seed, same bytes" cmp -s "$T/w.amt" "$T/w2.amt"
check "stdout gets the same .amt" cmp -s "$T/w.amt" "$T/w3.amt"
check "other seed, other map" bash -c "! cmp -s '$T/w.amt' '$T/w4.amt'"
check "no temporary files left" bash -c "[ \$(ls -A '$T' | grep -c tmp) -eq 0 ]"
"$A" terrain generate -s 33x17 --seed 1 --wrap --roughness 0.8 --thresholds 30,35,70 --vegetation 0.2 -o "$T/o.amt" ||
    bad "generate with every option"
check "options are stored" bash -c "'$A' terrain stats '$T/o.amt' | grep -q 'seed 1, ds noise, roughness 0.8, wrapped, thresholds 30,35,70, vegetation 0.2'"

# ---- terminal drawing ----
NO_COLOR=1 "$A" terrain render "$T/w.amt" >"$T/plain.txt" || bad "render plain"
check "plain: $H lines" test "$(wc -l <"$T/plain.txt")" -eq $H
check "plain: $W glyphs a line" bash -c "awk 'length(\$0) != $W { exit 1 }' '$T/plain.txt'"
check "plain: only tile glyphs" bash -c "! grep -q '[^~:.,^]' '$T/plain.txt'"
"$A" terrain render "$T/w.amt" --color always >"$T/color.txt" || bad "render --color always"
check "colour: 24-bit backgrounds" grep -q $'\x1b\[48;2;' "$T/color.txt"
check "colour: same glyphs under the escapes" bash -c "sed 's/\x1b\[[0-9;]*m//g' '$T/color.txt' | cmp -s - '$T/plain.txt'"
"$A" terrain render "$T/w.amt" --region 10,5,20x3 --color never >"$T/region.txt" || bad "render --region"
check "region is the matching block" bash -c "sed -n '6,8p' '$T/plain.txt' | cut -c11-30 | cmp -s - '$T/region.txt'"
"$A" terrain generate -s ${W}x${H} --seed 3 | "$A" terrain render - --color never >"$T/piped.txt" || bad "pipe"
check "generate | render -" cmp -s "$T/piped.txt" "$T/plain.txt"
if command -v script >/dev/null 2>&1; then
    # On a terminal, auto colour is on unless NO_COLOR or TERM=dumb.
    script -qec "'$A' terrain render '$T/w.amt'" /dev/null >"$T/tty.txt" 2>&1
    check "tty: colour by default" grep -q $'\x1b\[48;2;' "$T/tty.txt"
    NO_COLOR=1 script -qec "'$A' terrain render '$T/w.amt'" /dev/null >"$T/tty2.txt" 2>&1
    check "tty: NO_COLOR gives plain glyphs" bash -c "! grep -q $'\x1b\[' '$T/tty2.txt'"
    TERM=dumb script -qec "'$A' terrain render '$T/w.amt'" /dev/null >"$T/tty3.txt" 2>&1
    check "tty: TERM=dumb gives plain glyphs" bash -c "! grep -q $'\x1b\[' '$T/tty3.txt'"
    script -qec "'$A' terrain generate -s 20x5 --seed 3 --color never" /dev/null >"$T/tty4.txt" 2>&1
    check "tty: generate draws the map" test "$(tr -d '\r' <"$T/tty4.txt" | grep -c '^[~:.,^]\{20\}$')" -eq 5
else
    echo "note: 'script' not found; terminal-detection checks skipped"
fi

# ---- PNG ----
"$A" terrain render "$T/w.amt" -o "$T/w.png" || bad "render png"
"$A" terrain render "$T/w.amt" -o "$T/w2.png" || bad "render png again"
"$A" terrain render "$T/w.amt" -o "$T/w3.png" --scale 3 || bad "render png --scale 3"
"$A" terrain render "$T/w.amt" -o "$T/ws.png" --hillshade || bad "render png --hillshade"
check "png: reproducible" cmp -s "$T/w.png" "$T/w2.png"
check "png: size" test "$("$PEEK" "$T/w.png")" = "$W $H"
check "png: scaled size" test "$("$PEEK" "$T/w3.png")" = "$((3 * W)) $((3 * H))"

# hue (degrees) of "R G B"
hue() { awk '{ r=$1/255; g=$2/255; b=$3/255; mx=r; if (g>mx) mx=g; if (b>mx) mx=b; mn=r; if (g<mn) mn=g; if (b<mn) mn=b;
    d=mx-mn; if (d==0) { print -1; exit } if (mx==r) h=60*((g-b)/d); else if (mx==g) h=60*((b-r)/d)+120; else h=60*((r-g)/d)+240;
    if (h<0) h+=360; printf "%d\n", h }'; }
# Every glyph in the plain drawing, with the hue band its pixel must fall in.
for spec in '~ 195 225 water' ': 38 58 sand' '. 80 110 earth' ', 115 145 vegetation' '^ 5 45 rock'; do
    read -r g lo hi name <<<"$spec"
    # up to 5 tiles of this glyph, spread over the map
    coords=$(awk -v g="$g" '{ for (i = 1; i <= length($0); i++) if (substr($0, i, 1) == g) print i-1 "," NR-1 }' "$T/plain.txt" |
        awk 'NR % 97 == 1' | head -n 5)
    if [ -z "$coords" ]; then
        bad "no $name tile in the test map (pick another seed)"
        continue
    fi
    for xy in $coords; do
        h=$("$PEEK" "$T/w.png" "$xy" | tail -n1 | hue)
        if [ "$h" -ge "$lo" ] && [ "$h" -le "$hi" ]; then ok; else bad "$name tile at $xy has hue $h, not in $lo..$hi"; fi
        x=${xy%,*} y=${xy#*,}
        s1=$("$PEEK" "$T/w.png" "$xy" | tail -n1)
        s3=$("$PEEK" "$T/w3.png" "$((3 * x + 2)),$((3 * y + 1))" | tail -n1)
        [ "$s1" = "$s3" ] && ok || bad "scale 3: tile $xy is $s3, not $s1"
        sh=$("$PEEK" "$T/ws.png" "$xy" | tail -n1)
        if [ "$name" = water ]; then
            [ "$sh" = "$s1" ] && ok || bad "hill-shading changed water at $xy"
        fi
    done
done
# Hill-shading changes land somewhere.
check "hillshade changes the picture" bash -c "! cmp -s '$T/w.png' '$T/ws.png'"

# ---- stats ----
"$A" terrain stats "$T/w.amt" >"$T/stats.txt" || bad "stats"
for word in water earth sand rock vegetation heights "2 bytes a tile" "12 bytes a tile"; do
    check "stats mentions '$word'" grep -qF "$word" "$T/stats.txt"
done
"$A" terrain stats "$T/w.amt" --json >"$T/stats.json" || bad "stats --json"
tiles=$(sed 's/.*"tiles":\([0-9]*\).*/\1/' "$T/stats.json")
types=$(sed 's/.*"types":{\([^}]*\)}.*/\1/' "$T/stats.json" | tr ',' '\n' | sed 's/.*://' | awk '{ s += $1 } END { print s }')
hsum=$(sed 's/.*"heights":\[\([^]]*\)\].*/\1/' "$T/stats.json" | tr ',' '\n' | awk '{ s += $1 } END { print s }')
check "json: $W x $H tiles" test "$tiles" -eq $((W * H))
check "json: types add up" test "$types" -eq "$tiles"
check "json: heights add up" test "$hsum" -eq "$tiles"
check "json: packed bytes" grep -q "\"packed_bytes\":$((2 * W * H))," "$T/stats.json"
# Glyph counts of the drawing agree with the type counts.
water=$(sed 's/.*"water":\([0-9]*\).*/\1/' "$T/stats.json")
check "json: water matches the drawing" test "$water" -eq "$(tr -cd '~' <"$T/plain.txt" | wc -c)"

# ---- errors ----
expect_error 2 "--roughness: 0 is outside (0, 1]" "$A" terrain generate --roughness 0
expect_error 2 "'abc' is not a number" "$A" terrain generate --roughness abc
expect_error 2 "--vegetation" "$A" terrain generate --vegetation 1.5
expect_error 2 "must not decrease" "$A" terrain generate --thresholds 50,40,60
expect_error 2 "not three heights" "$A" terrain generate --thresholds 40,45
expect_error 2 "--size" "$A" terrain generate -s 0x5
expect_error 2 "sides must be 1 to 1048576" "$A" terrain generate -s 2000000x5
expect_error 1 "more than the" "$A" terrain generate -s 1000x1000 --max-memory 1K -o "$T/x.amt"
expect_error 2 "generate writes .amt maps" "$A" terrain generate -s 9x9 -o "$T/x.png"
expect_error 2 "unknown command 'frobnicate'" "$A" terrain frobnicate
expect_error 2 "unknown option" "$A" terrain render --bogus "$T/w.amt"
expect_error 2 "missing the map file" "$A" terrain render
expect_error 2 "--scale" "$A" terrain render "$T/w.amt" -o "$T/x.png" --scale 0
expect_error 2 "--format" "$A" terrain render "$T/w.amt" --format gif
expect_error 2 "--region" "$A" terrain render "$T/w.amt" -o "$T/x.png" --region 0,0,5x5
expect_error 1 "region" "$A" terrain render "$T/w.amt" --region 90,0,10x10
# Sides past int32 are refused, not wrapped (2^32 would be 0: "to the edge").
for r in 0,0,4294967296x5 0,0,5x4294967296 0,0,3000000000x5 0,0,2147483648x1; do
    expect_error 2 "is not a region" "$A" terrain render "$T/w.amt" --region $r
    expect_error 2 "is not a region" "$A" terrain generate --noise fbm --region $r -o "$T/x.amt"
done
expect_error 1 "missing.amt: cannot open" "$A" terrain render "$T/missing.amt"
head -c 120 "$T/w.amt" >"$T/trunc.amt"
expect_error 1 "truncated" "$A" terrain render "$T/trunc.amt"
cp "$T/w.amt" "$T/flip.amt"
printf '\x55' | dd of="$T/flip.amt" bs=1 seek=500 conv=notrunc status=none
expect_error 1 "checksum mismatch" "$A" terrain stats "$T/flip.amt"
echo "hello" >"$T/text.amt"
expect_error 1 "not an .amt terrain file" "$A" terrain stats "$T/text.amt"
expect_error 1 "cannot create" "$A" terrain generate -s 9x9 --seed 1 -o "$T/nodir/x.amt"
expect_error 1 "cannot create" "$A" terrain render "$T/w.amt" -o "$T/nodir/x.png"
check "failed writes leave nothing" test ! -e "$T/nodir"
check "x.amt and x.png never written" bash -c "[ ! -e '$T/x.amt' ] && [ ! -e '$T/x.png' ]"

# ---- help: within 80 columns, and saying what the limits are ----
for sub in "" generate render stats view; do
    check "terrain $sub --help fits 80 columns" bash -c "'$A' terrain $sub --help | awk 'length(\$0) > 80 { exit 1 }'"
done
check "thresholds help says heights run 0 to 99" bash -c "'$A' terrain generate --help | grep -q '0 to 99'"
check "size help names the 2^36-tile limit" bash -c "'$A' terrain generate --help | grep -q '2^36 tiles'"
expect_error 2 "at most 2^36 tiles" "$A" terrain generate -s 1048576x1048576 -o "$T/huge.amt"
"$A" terrain generate -s 1048576x3 --seed 1 -q -o "$T/long.amt" || bad "a 1048576-tile side is accepted"
check "1048576x3 map written" test "$("$A" terrain stats "$T/long.amt" --json | sed 's/.*"width":\([0-9]*\).*/\1/')" = 1048576

# ---- output names: only what the command writes; never onto the input ----
expect_error 2 "terrain render writes .png or .txt files" "$A" terrain render "$T/w.amt" -o "$T/x.svg"
expect_error 2 "terrain render writes .png or .txt files" "$A" terrain render "$T/w.amt" -o "$T/x"
expect_error 2 "terrain generate writes .amt files" "$A" terrain generate -s 9x9 -o "$T/x.bin"
"$A" terrain generate -s 9x9 --seed 1 -o /dev/null || bad "generate to /dev/null"
cp "$T/w.amt" "$T/keep.amt"
expect_error 2 "would destroy it" "$A" terrain render "$T/keep.amt" -o "$T/keep.amt" --format png
ln "$T/keep.amt" "$T/hard.txt"
expect_error 2 "would destroy it" "$A" terrain render "$T/keep.amt" -o "$T/hard.txt"
check "the input survives" cmp -s "$T/keep.amt" "$T/w.amt"
"$A" terrain render "$T/w.amt" -o "$T/w.txt" --color never || bad "render to .txt"
check ".txt gets the plain drawing" cmp -s "$T/w.txt" "$T/plain.txt"

# ---- version-1 maps (amaze 0.1.0) still load ----
V1="$AMZ_TEST_DIR/cli/data/terrain-v1.amt"
"$A" terrain stats "$V1" --json >"$T/v1.json" || bad "stats of a version-1 map"
check "v1: size" grep -q '"width":40,"height":24' "$T/v1.json"
check "v1: no biomes" grep -q '"biome_tiles":{"none":960,' "$T/v1.json"
"$A" terrain render "$V1" --color never >"$T/v1.txt" || bad "render a version-1 map"
check "v1: 24 lines of 40 glyphs" bash -c "[ \$(wc -l <'$T/v1.txt') -eq 24 ] && awk 'length(\$0) != 40 { exit 1 }' '$T/v1.txt'"

# ---- endless worlds: neighbouring windows join without seams ----
F="--noise fbm --seed 11 --biomes --period 32"
"$A" terrain generate $F --region -50,-7,60x9 -o "$T/big.amt" || bad "fbm window"
"$A" terrain generate $F --region -50,-7,25x9 -o "$T/left.amt" || bad "fbm left window"
"$A" terrain generate $F --region -25,-7,35x9 -o "$T/right.amt" || bad "fbm right window"
for f in big left right; do "$A" terrain render "$T/$f.amt" --color never >"$T/$f.txt"; done
paste -d '' "$T/left.txt" "$T/right.txt" >"$T/joined.txt"
check "fbm: left + right windows = the big one" cmp -s "$T/joined.txt" "$T/big.txt"
check "fbm: the window remembers its place" bash -c "'$A' terrain stats '$T/big.amt' --json | grep -q '\"x\":-50,\"y\":-7,'"
expect_error 2 "add --noise fbm" "$A" terrain generate --region 0,0,10x10
expect_error 2 "not both" "$A" terrain generate --noise fbm -s 5x5 --region 0,0,10x10
expect_error 2 "power of two" "$A" terrain generate --noise fbm --period 100
expect_error 2 "within world tiles" "$A" terrain generate --noise fbm --region 2147483600,0,100x5

# ---- erosion, rivers, biomes: stats and pictures ----
"$A" terrain generate -s 120x90 --seed 5 --erosion 1 --rivers --biomes -q -o "$T/e.amt" || bad "generate with erosion, rivers, biomes"
"$A" terrain stats "$T/e.amt" --json >"$T/e.json" || bad "stats of a biome map"
for b in ocean beach desert grassland forest taiga tundra snow swamp; do
    check "json: biome share '$b'" grep -q "\"biomes\":{.*\"$b\":0\.[0-9]*" "$T/e.json"
done
bsum=$(sed 's/.*"biomes":{\([^}]*\)}.*/\1/' "$T/e.json" | tr ',' '\n' | sed 's/.*://' | awk '{ s += $1 } END { printf "%.3f", s }')
check "json: biome shares add up to 1 ($bsum)" test "$bsum" = "1.000"
check "json: rivers traced" bash -c "grep -q '\"rivers\":[1-9]' '$T/e.json'"
"$A" terrain render "$T/e.amt" -o "$T/e.png" --hillshade --legend || bad "biome picture with a legend"
read -r pw ph <<<"$("$PEEK" "$T/e.png")"
check "legend: at least 400 px wide ($pw)" test "$pw" -eq 400
check "legend: a band below the map ($ph)" test "$ph" -gt 90
"$A" terrain render "$T/e.amt" -o "$T/e2.png" --hillshade --legend || bad "biome picture again"
check "biome picture reproducible" cmp -s "$T/e.png" "$T/e2.png"
"$A" terrain render "$T/e.amt" -o "$T/t.png" --palette types || bad "types palette"
check "palettes differ" bash -c "! cmp -s '$T/t.png' '$T/e2.png'"
expect_error 2 "--palette" "$A" terrain render "$T/e.amt" -o "$T/x.png" --palette neon
expect_error 1 "more than the" "$A" terrain render "$T/e.amt" -o "$T/x.png" --scale 64 --max-memory 200K

# ---- the terminal: fitted drawing, progress bar, the view ----
if command -v script >/dev/null 2>&1; then
    script -qec "stty cols 50 rows 12; '$A' terrain generate --seed 3 --color never" /dev/null >"$T/fit.txt" 2>&1
    check "tty: generate fits the terminal (50x11)" test "$(tr -d '\r' <"$T/fit.txt" | grep -c '^[~:.,^=]\{50\}$')" -eq 11
    script -qec "stty cols 30 rows 12; '$A' terrain generate -s 100x5 --seed 3 --color never" /dev/null >"$T/crop.txt" 2>&1
    check "tty: a wider map is cropped" test "$(tr -d '\r' <"$T/crop.txt" | grep -c '^[~:.,^=]\{30\}$')" -eq 5
    check "tty: with a notice" grep -q "showing 30x5 of the 100x5 map" "$T/crop.txt"
    AMAZE_PROGRESS_DELAY=0 script -qec "'$A' terrain generate -s 1500x1500 --seed 1 -o '$T/p.amt'" /dev/null >"$T/bar.txt" 2>&1
    check "tty: a progress bar" grep -q 'terrain \[' "$T/bar.txt"
    AMAZE_PROGRESS_DELAY=0 script -qec "'$A' terrain generate -s 1500x1500 --seed 1 -q -o '$T/p.amt'" /dev/null >"$T/nobar.txt" 2>&1
    check "tty: -q hides it" bash -c "! grep -q 'terrain \[' '$T/nobar.txt'"
    printf '+-jjlLq' | script -qec "stty cols 60 rows 15; '$A' terrain view '$T/e.amt'" /dev/null >"$T/view.txt" 2>&1
    check "view: shows the status line" grep -q "arrows pan" "$T/view.txt"
    check "view: zoomed out to 1:8 to fit 120x90 in 60x14" grep -aq " 1:8 " "$T/view.txt"
    check "view: names biomes" grep -aEq "(ocean|beach|desert|grassland|forest|taiga|tundra|snow|savanna|mountain)" "$T/view.txt"
fi
expect_error 2 "give a map file" "$A" terrain view -
if command -v script >/dev/null 2>&1; then
    script -qec "'$A' terrain stats -" /dev/null </dev/null >"$T/tty-in.txt" 2>&1
    check "stats - on a terminal says so instead of waiting" grep -q "standard input is a terminal" "$T/tty-in.txt"
fi
expect_error 1 "cannot open" "$A" terrain view "$T/missing.amt"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
