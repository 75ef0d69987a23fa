#!/usr/bin/env bash
# test_basic.sh — the issue's "What a user gets" commands end to end, version and help
# of every command, the algorithm lists, and reproducibility by seed.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# ---- version and help ----
run --version
expect_ok "--version"
[[ $(cat "$OUT") =~ ^amaze\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "--version prints '$(cat "$OUT")'"
version=$(cat "$OUT")
run -V
expect_ok "-V"
[ "$(cat "$OUT")" = "$version" ] || fail "-V and --version differ"

for how in --help -h help; do
    run $how
    expect_ok "amaze $how"
    for cmd in generate solve render stats; do
        grep -qE "^  $cmd " "$OUT" || fail "amaze $how does not list $cmd"
    done
done

for cmd in generate solve render stats; do
    run "$cmd" --help
    expect_ok "$cmd --help"
    grep -q "^Usage: amaze $cmd" "$OUT" || fail "$cmd --help has no usage line"
    grep -q -- "--help" "$OUT" || fail "$cmd --help does not document --help"
    cp "$OUT" "$T/help-$cmd"
    run "$cmd" -h
    cmp -s "$OUT" "$T/help-$cmd" || fail "$cmd -h differs from --help"
    run help "$cmd"
    expect_ok "help $cmd"
    cmp -s "$OUT" "$T/help-$cmd" || fail "amaze help $cmd differs from $cmd --help"
done
# Each option the issue names is documented where it applies.
for opt in --size --algorithm --seed --start --goal --output --format --style --list-algorithms; do
    grep -q -- "$opt" "$T/help-generate" || fail "generate --help lacks $opt"
done
for opt in --algorithm --output --format --style --list-algorithms --start --goal; do
    grep -q -- "$opt" "$T/help-solve" || fail "solve --help lacks $opt"
done
grep -q -- "--style" "$T/help-render" || fail "render --help lacks --style"
grep -q -- "--json" "$T/help-stats" || fail "stats --help lacks --json"

# ---- the registries ----
run generate --list-algorithms
expect_ok "generate --list-algorithms"
for g in backtracker hunt-and-kill; do
    grep -qE "^$g +square,hex,triangle,octagon,polar +[a-z]" "$OUT" || fail "generate --list-algorithms lacks $g"
done
[ "$(head -n 1 "$OUT" | cut -d' ' -f1)" = backtracker ] || fail "the default generator is not listed first"
run solve --list-algorithms
expect_ok "solve --list-algorithms"
grep -qE "^bfs +shortest " "$OUT" || fail "solve --list-algorithms lacks bfs"
grep -qE "^dfs +any path " "$OUT" || fail "solve --list-algorithms lacks dfs"
# Every listed generator works, on every grid it lists. Under valgrind (AMAZE_REAL)
# the check that the maze is perfect runs the program itself: stats has its own
# runs under valgrind below, and each run there costs a second of start-up.
run generate --list-algorithms
while read -r name topos _; do
    for topo in ${topos//,/ }; do
        "$AMAZE" generate -s 9x7 -t "$topo" -a "$name" --seed 3 -o "$T/l.amz" 2>"$ERR"
        RC=$?
        crash_check "generate -a $name -t $topo"
        expect_ok "generate -a $name -t $topo"
        "${AMAZE_REAL:-$AMAZE}" stats --json "$T/l.amz" >"$T/l.json" 2>"$ERR"
        [ "$(json_word "$T/l.json" perfect)" = true ] || fail "$name on $topo: not perfect"
    done
done <"$OUT"

# ---- the issue's commands ----
run generate -s 40x20 --seed 7 -o maze.amz
expect_ok "generate -s 40x20 --seed 7 -o maze.amz"
[ ! -s "$OUT" ] || fail "generate -o wrote to stdout"
is_amz maze.amz || fail "maze.amz is not an .amz file"
expect_no_temp "$T" "generate -o maze.amz"

run render maze.amz --style unicode
expect_ok "render maze.amz --style unicode"
[ "$(wc -l <"$OUT")" -eq 41 ] || fail "unicode 40x20 rendering has $(wc -l <"$OUT") lines, expected 41"
width=$(head -n 1 "$OUT" | tr -d '\n' | wc -m)
[ "$width" -eq 121 ] || fail "unicode 40x20 rendering is $width characters wide, expected 121"
grep -q '┌' "$OUT" || fail "unicode rendering has no box-drawing corner"
grep -q 'S' "$OUT" && grep -q 'G' "$OUT" || fail "unicode rendering lacks S or G"
grep -q $'\e' "$OUT" && fail "colour codes in rendering to a file"

run stats maze.amz --json
expect_ok "stats maze.amz --json"
[ "$(wc -l <"$OUT")" -eq 1 ] || fail "stats --json is not one line"
[ "$(json_num "$OUT" cells)" = 800 ] || fail "stats: cells $(json_num "$OUT" cells), expected 800"
[ "$(json_word "$OUT" algorithm)" = '"backtracker"' ] || fail "stats: algorithm"
[ "$(json_num "$OUT" seed)" = 7 ] || fail "stats: seed"

"$AMAZE" generate -s 30x15 2>"$T/e1" | "$AMAZE" solve - 2>"$T/e2" | "$AMAZE" render - >"$OUT" 2>"$T/e3"
statuses="${PIPESTATUS[*]}"
[ "$statuses" = "0 0 0" ] || fail "generate | solve - | render -: exit statuses $statuses"
cat "$T/e1" "$T/e2" "$T/e3" >"$ERR"
RC=0
crash_check "pipeline"
expect_ok "generate -s 30x15 | solve - | render -"
[ "$(wc -l <"$OUT")" -eq 31 ] || fail "pipeline drew $(wc -l <"$OUT") lines, expected 31"
grep -q '\.' "$OUT" || fail "pipeline drawing shows no solution"

# make run's command: the same with unicode.
"$AMAZE" generate -s 20x10 | "$AMAZE" solve - | "$AMAZE" render - --style unicode >"$OUT" 2>"$ERR"
[ "${PIPESTATUS[*]}" = "0 0 0" ] || fail "make run's pipeline failed"
grep -q '•' "$OUT" || fail "make run's pipeline shows no solution dots"

# ---- reproducibility ----
run generate -s 25x17 --seed 99 -o a.amz
run generate -s 25x17 --seed 99 -o b.amz
cmp -s a.amz b.amz || fail "same seed, different .amz bytes"
run generate -s 25x17 --seed 99 --format json -o a.json
run generate -s 25x17 --seed 99 --format json -o b.json
cmp -s a.json b.json || fail "same seed, different JSON"
run generate -s 25x17 --seed 100 -o c.amz
cmp -s a.amz c.amz && fail "different seeds, same maze"
# Without --seed the seed is random but recorded, so the maze can be made again.
run generate -s 25x17 -o r1.amz
"$AMAZE" stats --json r1.amz >"$T/r1.json"
seed=$(json_num "$T/r1.json" seed)
run generate -s 25x17 --seed "$seed" -o r2.amz
cmp -s r1.amz r2.amz || fail "a random seed's maze cannot be made again from its recorded seed"

finish
