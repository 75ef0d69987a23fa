#!/usr/bin/env bash
# test_graph.sh — `--graph` on generate and solve, every topology and grid option: the
# JSON alone (checked by amz-graphcheck, which knows no grid and does not link
# libamaze) has symmetric neighbour lists and open bits that agree from both sides, and
# its BFS distance, cells, passages and parts equal what `amaze solve -v` and `amaze
# stats` report; the maze is the one written without --graph; other formats refuse it.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
CHECK="$(dirname "$AMAZE")/amz-graphcheck"

grids=(
    "-t square -s 9x7" "-t hex -s 7x6" "-t triangle -s 8x5" "-t octagon -s 5x4"
    "-t polar -s 6" "-t polar -s 4x3" "-t square -s 5x4 --levels 3" "-t hex -s 5x4 --levels 2"
    "-t triangle -s 6x4 --levels 2" "-t square -s 6x5 --wrap xy" "-t hex -s 6x4 --wrap x"
    "-t triangle -s 8x4 --wrap xy" "-t square -s 10x9 --weave 0.9" "-t square -s 8x8 --weave 0.7 --wrap x"
)
for g in "${grids[@]}"; do
    for seed in 1 2 3; do
        braid=""
        [ "$seed" = 3 ] && braid="--braid 0.5"
        what="$g seed $seed $braid"
        # shellcheck disable=SC2086 # the grid options are words
        run generate $g --seed "$seed" $braid --graph --format json -o m.json
        expect_ok "generate --graph $what"
        # shellcheck disable=SC2086
        run generate $g --seed "$seed" $braid --format json -o plain.json
        grep -q '"neighbors":' m.json || fail "$what: no neighbors"
        grep -q '"neighbors":' plain.json && fail "$what: neighbors without --graph"
        [ "$(sed 's/,"neighbors":\[\[.*\]\]//' m.json)" = "$(cat plain.json)" ] ||
            fail "$what: --graph changed the rest of the JSON"
        read -r cells passages parts dist < <("$CHECK" m.json) || fail "$what: graphcheck: $("$CHECK" m.json 2>&1)"
        run solve m.json -v -o s.amz
        [ "$RC" -eq 0 ] || fail "solve -v $what: exit $RC"
        [[ ${ERRLINES[0]-} =~ path\ of\ ([0-9]+)\ moves ]] || fail "$what: solve said ${ERRLINES[0]-}"
        [ "${BASH_REMATCH[1]-x}" = "${dist-y}" ] || fail "$what: BFS of the JSON $dist moves, solve ${BASH_REMATCH[1]-?}"
        run stats --json m.json
        expect_ok "stats $what"
        [ "$(json_num "$OUT" cells)" = "$cells" ] || fail "$what: stats cells $(json_num "$OUT" cells), JSON $cells"
        [ "$(json_num "$OUT" passages)" = "$passages" ] || fail "$what: stats passages, JSON $passages"
        [ "$(json_num "$OUT" parts)" = "$parts" ] || fail "$what: stats parts $(json_num "$OUT" parts), JSON $parts"
        [ "$(json_num "$OUT" solution_length)" = "$dist" ] || fail "$what: stats solution, JSON $dist"
        # solve --graph writes the same lists, with the solution.
        run solve m.json --graph --json
        expect_ok "solve --graph $what"
        grep -q '"solution":' "$OUT" || fail "$what: solve --graph has no solution"
        [ "$("$CHECK" "$OUT")" = "$cells $passages $parts $dist" ] || fail "$what: solve --graph JSON differs"
    done
done

run generate -s 4x3 --graph -o m.amz
expect_fail 2 "--graph" "--graph with .amz"
[ -e m.amz ] && fail "--graph with .amz wrote a file"
run generate -s 4x3 --graph --format text
expect_fail 2 "--graph" "--graph with text"
run generate -s 4x3 -a sidewinder --stream --graph -o m.amz
expect_fail 2 "--stream" "--graph with --stream"
run generate -s 4x3 --format json -o m.json
run solve m.json --graph -o s.amz
expect_fail 2 "--graph" "solve --graph to .amz"
# graphcheck itself catches a broken file: a passage open from one side only.
printf '{"start":0,"goal":1,"cells":[2,0],"neighbors":[[-1,1,-1,-1],[-1,-1,-1,0]]}\n' >bad.json
"$CHECK" bad.json >/dev/null 2>&1 && fail "graphcheck accepted a one-sided passage"
finish
