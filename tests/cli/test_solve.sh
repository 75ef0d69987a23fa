#!/usr/bin/env bash
# test_solve.sh — `amaze solve`: paths checked here cell by cell against the maze's
# exported masks (moves between neighbours through open walls, from start to goal),
# --start/--goal, both solvers, -v, imperfect and unsolvable mazes, and pipes.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# check_path SOLVED.json START GOAL WHAT — the "solution" of a square maze's JSON is a
# walk from START to GOAL, each step to a neighbour through an open passage (masks N=1
# E=2 S=4 W=8). Prints the number of moves.
check_path() {
    local file=$1 start=$2 goal=$3 what=$4 w prev="" c d bit i=0 moves=-1
    w=$(json_num "$file" width)
    mapfile -t masks < <(json_list "$file" cells)
    while read -r c; do
        moves=$((moves + 1))
        if [ -z "$prev" ]; then
            [ "$c" = "$start" ] || fail "$what: the path starts at $c, not $start"
        else
            d=$((c - prev))
            case $d in
            -$w) bit=1 ;;
            1) bit=2 ;;
            $w) bit=4 ;;
            -1) bit=8 ;;
            *) bit=0 ;;
            esac
            if [ "$bit" -eq 0 ] || [ $((masks[prev] & bit)) -eq 0 ]; then
                fail "$what: move $moves from $prev to $c is not through an open passage"
            fi
            if { [ "$d" -eq 1 ] || [ "$d" -eq -1 ]; } && [ $((prev / w)) -ne $((c / w)) ]; then
                fail "$what: move $moves wraps around a row"
            fi
        fi
        prev=$c
        i=$((i + 1))
    done < <(json_list "$file" solution)
    [ "$prev" = "$goal" ] || fail "$what: the path ends at $prev, not $goal"
    echo "$moves"
}

run generate -s 24x16 --seed 11 --format json -o m.json
expect_ok "generate m.json"
for algo in bfs dfs; do
    run solve m.json -a "$algo" --format json -o "$algo.json"
    expect_ok "solve -a $algo"
    moves=$(check_path "$algo.json" 0 $((24 * 16 - 1)) "solve -a $algo")
    eval "moves_$algo=$moves"
done
# A perfect maze has one path: both solvers find it.
[ "$moves_bfs" = "$moves_dfs" ] || fail "bfs ($moves_bfs) and dfs ($moves_dfs) differ on a perfect maze"

# --start and --goal (column,row).
run solve m.json --start 3,2 --goal 20,13 --format json -o ends.json
expect_ok "solve --start --goal"
check_path ends.json $((2 * 24 + 3)) $((13 * 24 + 20)) "solve --start 3,2 --goal 20,13" >/dev/null
run stats --json ends.json
grep -q '"start":\[3,2\],"goal":\[20,13\]' "$OUT" || fail "solve --start/--goal not kept in the output"
run generate -s 9x9 --seed 1 --start 4,4 --goal 0,8 --format json -o g.json
run solve g.json --format json -o gs.json
check_path gs.json 40 72 "generate --start 4,4 --goal 0,8" >/dev/null

# -v reports on stderr and still succeeds.
run solve m.json -v -o v.amz
[ "$RC" -eq 0 ] || fail "solve -v: exit $RC"
grep -qE "^amaze: solve: bfs found a path of $moves_bfs moves after exploring [0-9]+ of 384 cells$" "$ERR" ||
    fail "solve -v line: $(cat "$ERR")"

# An imperfect maze (a loop): bfs is shortest, dfs takes the first way round.
cat >loop.txt <<'EOF'
+--+--+--+
|S       |
+  +--+  +
|        |
+  +--+--+
|       G|
+--+--+--+
EOF
run solve loop.txt --format json -o loop-bfs.json
expect_ok "solve loop.txt"
moves=$(check_path loop-bfs.json 0 8 "loop bfs")
[ "$moves" -eq 4 ] || fail "bfs on loop.txt took $moves moves, expected 4"
run solve loop.txt -a dfs --format json -o loop-dfs.json
moves=$(check_path loop-dfs.json 0 8 "loop dfs")
[ "$moves" -eq 8 ] || fail "dfs on loop.txt took $moves moves, expected 8 (east first, round the loop)"

# No path: exit 1, the cells named, no output file.
mkdir out
cat >cut.txt <<'EOF'
#######
#S  #G#
#######
EOF
run solve cut.txt -o out/x.amz
expect_fail 1 "no path from (0,0) to (2,0)" "solve of a cut maze"
expect_empty_dir out "solve of a cut maze"

# Pipes: every stage reads "-" or nothing as standard input.
"$AMAZE" generate -s 15x9 --seed 4 | "$AMAZE" solve | "$AMAZE" solve - -a dfs --format json >p.json 2>"$ERR"
[ "${PIPESTATUS[*]}" = "0 0 0" ] || fail "generate | solve | solve -: ${PIPESTATUS[*]}"
check_path p.json 0 134 "piped solve" >/dev/null
"$AMAZE" generate -s 15x9 --seed 4 --format text | "$AMAZE" render --style blocks >pb.txt 2>"$ERR"
[ "$(wc -l <pb.txt)" -eq 19 ] || fail "generate --format text | render --style blocks"
"$AMAZE" generate -s 15x9 --seed 4 --format json | "$AMAZE" stats --json - >ps.json 2>"$ERR"
[ "$(json_num ps.json cells)" = 135 ] || fail "generate --format json | stats --json -"
# A solution survives .amz and JSON through the pipe and shows in the picture.
"$AMAZE" generate -s 15x9 --seed 4 | "$AMAZE" solve - | "$AMAZE" solve - --format json | "$AMAZE" render - >pr.txt
[ "$(grep -o '\.' pr.txt | wc -l)" -gt 0 ] || fail "piped solution not drawn"

finish
