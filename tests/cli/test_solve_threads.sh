#!/usr/bin/env bash
# test_solve_threads.sh — `amaze solve --threads N` (bfs from both ends on two threads):
# the same file for every N >= 2, the one-thread file on perfect mazes, a path as short
# as one thread's on braided ones (its moves checked against the maze here), no path,
# a picture (as short as one thread's), bad values and other solvers refused with exit 2, and the --help line.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# moves_of -v stderr — the path length in bfs's -v line.
moves_of() {
    local re="found a path of ([0-9]+) moves"
    [[ ${ERRLINES[0]-} =~ $re ]] && echo "${BASH_REMATCH[1]}"
}

# walk_ok SOLVED.json — the solution walks through open passages (square masks N=1
# E=2 S=4 W=8) from the maze's start to its goal.
walk_ok() {
    local w prev="" c d bit
    w=$(json_num "$1" width)
    mapfile -t masks < <(json_list "$1" cells)
    while read -r c; do
        if [ -n "$prev" ]; then
            d=$((c - prev))
            case $d in -$w) bit=1 ;; 1) bit=2 ;; $w) bit=4 ;; -1) bit=8 ;; *) bit=0 ;; esac
            [ "$bit" -ne 0 ] && [ $((masks[prev] & bit)) -ne 0 ] || return 1
        fi
        prev=$c
    done < <(json_list "$1" solution)
    [ -n "$prev" ]
}

# A perfect maze (big enough for the second thread): one path, whatever N.
run generate -s 120x90 --seed 5 -o perfect.amz
expect_ok "generate perfect.amz"
run solve perfect.amz -o one.amz
expect_ok "solve perfect.amz"
for n in 2 3 4 64; do
    run solve perfect.amz --threads "$n" -o "t$n.amz"
    expect_ok "solve --threads $n"
    cmp -s one.amz "t$n.amz" || fail "solve --threads $n of a perfect maze differs from one thread"
done

# A braided maze (loops): the same file for N = 2, 3, 4 and repeated runs, a valid
# path as short as one thread's.
run generate -s 150x100 --seed 9 --braid 0.6 -o braided.amz
expect_ok "generate --braid"
run solve braided.amz -v -o b1.amz
one_moves=$(moves_of)
for n in 2 3 4 2; do
    run solve braided.amz --threads "$n" -v -o "b$n.amz"
    [ "$RC" -eq 0 ] || fail "solve --threads $n of a braided maze: exit $RC"
    [ "$(moves_of)" = "$one_moves" ] || fail "--threads $n: $(moves_of) moves, one thread $one_moves"
    cmp -s b2.amz "b$n.amz" || fail "solve --threads $n of a braided maze differs from --threads 2"
done
run solve b2.amz --format json -o b2.json
walk_ok b2.json || fail "the --threads 2 path of the braided maze is not a walk through passages"

# No path: exit 1 with the usual message, nothing written.
mkdir out
cat >cut.txt <<'EOF2'
#######
#S  #G#
#######
EOF2
run solve cut.txt --threads 2 -o out/x.amz
expect_fail 1 "no path from (0,0) to (2,0)" "solve --threads 2 of a cut maze"
expect_empty_dir out "solve --threads 2 of a cut maze"

# Start on the goal, and a picture.
run solve perfect.amz --threads 2 --start 7,7 --goal 7,7 -v -o same.amz
[ "$(moves_of)" = 0 ] || fail "solve --threads 2 with start = goal: ${ERRLINES[*]}"
run render perfect.amz -o perfect.png
if [ "$RC" -eq 0 ]; then
    # Wide corridors of pixels have loops: as short as one thread's, not the same.
    run solve perfect.png -v -o p1.png
    one_moves=$(moves_of)
    run solve perfect.png --threads 2 -v -o p2.png
    [ "$RC" -eq 0 ] || fail "solve picture --threads 2: exit $RC"
    [ -n "$one_moves" ] && [ "$(moves_of)" = "$one_moves" ] ||
        fail "solve picture --threads 2: $(moves_of) moves, one thread $one_moves"
fi

# Bad values and other solvers: usage errors (exit 2) naming the option.
for bad in 0 65 -1 two 2x ""; do
    run solve perfect.amz --threads "$bad" -o bad.amz
    expect_fail 2 "--threads" "solve --threads '$bad'"
done
run solve perfect.amz -a astar --threads 2 -o bad.amz
expect_fail 2 "--threads is an option of bfs" "solve -a astar --threads 2"
[ ! -e bad.amz ] || fail "a refused --threads left bad.amz"

run solve --help
expect_stdout_has "--threads N" "solve --help"

finish
