#!/usr/bin/env bash
# test_stats.sh — `amaze stats --json` cross-checked against figures counted here from
# the maze's own JSON export (per-cell direction masks) and from `solve --format json`;
# the table form agrees; a hand-drawn imperfect maze gives hand-counted figures.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

check_generated() {
    local w=$1 h=$2 topo=$3 algo=$4 seed=$5 what="$1x$2 $3 $4 seed $5"
    run generate -s "${w}x$h" -t "$topo" -a "$algo" --seed "$seed" --format json -o m.json
    expect_ok "generate $what"
    run solve m.json --format json -o s.json
    expect_ok "solve $what"
    run stats --json m.json
    expect_ok "stats $what"
    cp "$OUT" st.json

    local cells=0 ends=0 dead=0 junctions=0 isolated=0 mask deg
    while read -r mask; do
        deg=$(((mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1) + (mask >> 4 & 1) + (mask >> 5 & 1)))
        cells=$((cells + 1))
        ends=$((ends + deg))
        [ "$deg" -eq 1 ] && dead=$((dead + 1))
        [ "$deg" -ge 3 ] && junctions=$((junctions + 1))
        [ "$deg" -eq 0 ] && isolated=$((isolated + 1))
    done < <(json_list m.json cells)
    [ "$cells" -eq $((w * h)) ] || fail "$what: the export has $cells cells"
    local sol_cells
    sol_cells=$(json_list s.json solution | wc -l)

    [ "$(json_word st.json topology)" = "\"$topo\"" ] || fail "$what: topology $(json_word st.json topology)"
    [ "$(json_num st.json width)" = "$w" ] || fail "$what: width"
    [ "$(json_num st.json height)" = "$h" ] || fail "$what: height"
    [ "$(json_num st.json cells)" = "$cells" ] || fail "$what: cells $(json_num st.json cells) vs $cells"
    [ "$(json_num st.json passages)" = $((ends / 2)) ] || fail "$what: passages $(json_num st.json passages) vs $((ends / 2))"
    [ $((ends / 2)) -eq $((cells - 1)) ] || fail "$what: a generated maze with $((ends / 2)) passages for $cells cells"
    [ "$(json_num st.json dead_ends)" = "$dead" ] || fail "$what: dead ends $(json_num st.json dead_ends) vs $dead"
    [ "$(json_num st.json junctions)" = "$junctions" ] || fail "$what: junctions"
    [ "$(json_num st.json isolated)" = "$isolated" ] || fail "$what: isolated"
    [ "$(json_num st.json parts)" = 1 ] || fail "$what: parts"
    [ "$(json_word st.json perfect)" = true ] || fail "$what: not perfect"
    [ "$(json_word st.json solvable)" = true ] || fail "$what: not solvable"
    [ "$(json_num st.json solution_length)" = $((sol_cells - 1)) ] ||
        fail "$what: solution_length $(json_num st.json solution_length), solve found $((sol_cells - 1)) moves"
    # The percentage, to two decimals, within rounding.
    local pct want
    pct=$(json_num st.json dead_end_percent)
    pct=${pct//./}
    pct=$((10#$pct))
    want=$((dead * 10000 / cells))
    [ $((pct - want)) -ge 0 ] && [ $((pct - want)) -le 1 ] || fail "$what: dead_end_percent $pct/100 vs $want/100"
    # Start and goal as [x,y] agree with the export's cell numbers.
    local start goal
    start=$(json_num m.json start)
    goal=$(json_num m.json goal)
    grep -q "\"start\":\[$((start % w)),$((start / w))\]" st.json || fail "$what: start"
    grep -q "\"goal\":\[$((goal % w)),$((goal / w))\]" st.json || fail "$what: goal"
    # The table says the same.
    run stats m.json
    expect_ok "stats table $what"
    expect_stdout_has "cells       $cells" "$what table"
    expect_stdout_has "passages    $((ends / 2))" "$what table"
    expect_stdout_has "dead ends   $dead (" "$what table"
    expect_stdout_has "perfect     yes" "$what table"
    expect_stdout_has "solution    $((sol_cells - 1)) moves" "$what table"
    expect_stdout_has "$algo, seed $seed" "$what table"
}

check_generated 30 20 square backtracker 1
check_generated 30 20 square hunt-and-kill 2
check_generated 1 25 square backtracker 3
check_generated 25 1 square hunt-and-kill 4
check_generated 17 13 hex backtracker 5
check_generated 17 13 hex hunt-and-kill 6
check_generated 1 1 square backtracker 7

# A maze drawn by hand, counted by hand (3x3 cells, numbered 0-8 row by row):
# passages 0-1 0-3 1-4 2-5 3-4 3-6 4-7 5-8 6-7 (9, with the loop 0-1-4-3); degrees
# 2 2 1 3 3 2 2 2 1: dead ends 2 and 8, junctions 3 and 4, nothing isolated; parts
# {0,1,3,4,6,7} and {2,5,8}, so the start (0,0) does not reach the goal (2,2).
cat >hand.txt <<'EOF'
#######
#S  # #
# # # #
#   # #
# # # #
#   #G#
#######
EOF
run stats --json hand.txt
expect_ok "stats hand.txt"
cp "$OUT" hand.json
for kv in cells:9 passages:9 dead_ends:2 junctions:2 isolated:0 parts:2; do
    [ "$(json_num hand.json "${kv%%:*}")" = "${kv#*:}" ] ||
        fail "hand-drawn maze: ${kv%%:*} is $(json_num hand.json "${kv%%:*}"), expected ${kv#*:}"
done
[ "$(json_word hand.json perfect)" = false ] || fail "hand-drawn maze: perfect"
[ "$(json_word hand.json solvable)" = false ] || fail "hand-drawn maze: solvable"
[ "$(json_word hand.json solution_length)" = null ] || fail "hand-drawn maze: solution_length not null"
[ "$(json_word hand.json algorithm)" = '""' ] || fail "hand-drawn maze: algorithm"
run stats hand.txt
expect_stdout_has "solution    none" "hand-drawn table"
expect_stdout_has "perfect     no" "hand-drawn table"

# Names come back escaped: a maze whose algorithm field holds a quote and a backslash.
printf '{"topology":"square","width":1,"height":1,"algorithm":"a\\"b\\\\c","cells":[0]}' >odd.json
run stats --json odd.json
expect_ok "stats of an odd algorithm name"
grep -qF '"algorithm":"a\"b\\c"' "$OUT" || fail "algorithm name not escaped in stats --json: $(cat "$OUT")"

finish
