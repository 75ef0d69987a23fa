#!/usr/bin/env bash
# test_slide.sh — `amaze slide` end to end: help, reproducible shuffles, check's
# verdicts and messages, every solver's moves replayed HERE (bash, not amaze) to the
# goal, the JSON shape, bench's pass/fail against Korf's file, and the pattern
# database cache (in a temporary XDG_CACHE_HOME) rebuilt after damage.
set -u
A="${AMAZE:?AMAZE must point at the amaze program}"
KORF="${AMZ_SOURCE_DIR:?}/data/korf100.txt"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME="$T/xdg"
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $*"
    fail=$((fail + 1))
}
# run ARGS... — amaze with stdin from /dev/null; sets rc, out, err.
run() {
    "$A" "$@" </dev/null >"$T/out" 2>"$T/err"
    rc=$?
    out=$(cat "$T/out")
    err=$(cat "$T/err")
    if [ "$rc" -ge 128 ] || grep -qE 'Sanitizer|runtime error:' "$T/err"; then
        bad "$*: crashed (exit $rc): $(head -c 300 "$T/err")"
    fi
}
expect_ok() { # DESC
    if [ "$rc" -ne 0 ]; then bad "$1: exit $rc: $err"; else ok; fi
}
expect_error() { # CODE TEXT DESC — exit CODE, "amaze: <what>: <why>" naming TEXT, no stdout
    if [ "$rc" -ne "$1" ]; then
        bad "$3: exit $rc, expected $1 ($err)"
    elif ! [[ $(head -n1 "$T/err") =~ ^amaze:\ [^:]+:\ .+ ]]; then
        bad "$3: message not 'amaze: <what>: <why>': $err"
    elif [[ $err != *"$2"* ]]; then
        bad "$3: message lacks '$2': $err"
    elif [ -s "$T/out" ]; then
        bad "$3: wrote to stdout on failure"
    else
        ok
    fi
}

# solves ROWS COLS "BOARD" MOVES — replays the moves (the blank's directions) with
# bash arithmetic and checks the blank-last goal is reached.
solves() {
    local rows=$1 cols=$2 moves=$4 b i to n
    read -r -a t <<<"${3#*:}" # past the shape word "MxN:" of boards that are not square
    n=$((rows * cols))
    for ((i = 0; i < n; i++)); do [ "${t[i]}" = 0 ] && b=$i; done
    for ((i = 0; i < ${#moves}; i++)); do
        case ${moves:i:1} in
        U) ((b >= cols)) && to=$((b - cols)) || return 1 ;;
        D) ((b + cols < n)) && to=$((b + cols)) || return 1 ;;
        L) ((b % cols > 0)) && to=$((b - 1)) || return 1 ;;
        R) ((b % cols < cols - 1)) && to=$((b + 1)) || return 1 ;;
        *) return 1 ;;
        esac
        t[b]=${t[to]}
        t[to]=0
        b=$to
    done
    for ((i = 0; i < n - 1; i++)); do [ "${t[i]}" = $((i + 1)) ] || return 1; done
    [ "${t[n - 1]}" = 0 ]
}

# ---- help ----
for sub in "" shuffle check solve bench play; do
    run slide $sub --help
    if [ "$rc" -eq 0 ] && [[ $out == "Usage: amaze slide"* ]]; then ok; else bad "slide $sub --help"; fi
    # Every help fits an 80-column terminal.
    wide=$(awk 'length > 80 {print length ": " $0; exit}' "$T/out")
    [ -z "$wide" ] && ok || bad "slide $sub --help has a line over 80 columns: $wide"
done
run slide
[ "$rc" -eq 2 ] && ok || bad "slide without a command: exit $rc"
run slide frobnicate
expect_error 2 "unknown command 'frobnicate'" "unknown subcommand"
run help slide
[ "$rc" -eq 0 ] && [[ $out == *"shuffle MxN"* ]] && ok || bad "amaze help slide"

# ---- shuffle ----
run slide shuffle 4x4 --seed 7
expect_ok "shuffle"
first=$out
run slide shuffle 4x4 --seed 7
[ "$out" = "$first" ] && ok || bad "same seed, different board"
read -r -a nums <<<"$first"
[ "$(printf '%s\n' "${nums[@]}" | sort -n | tr '\n' ' ')" = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 " ] && ok ||
    bad "shuffle is not a permutation: $first"
run slide check $first
expect_ok "a shuffled board is solvable"
run slide shuffle 3x5 --seed 1 --grid
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 3 ] && [ "$(wc -w <"$T/out")" -eq 15 ] && ok || bad "3x5 --grid"
run slide shuffle 3x4 --walk 0 --seed 5
[ "$out" = "3x4: 1 2 3 4 5 6 7 8 9 10 11 0" ] && ok || bad "a walk of 0 moves is the goal: $out"
# A board that is not square says its shape, so it pipes into solve and check as is.
for size in 7x5 2x9 5x3; do
    "$A" slide shuffle "$size" --seed 3 >"$T/b.txt"
    out=$("$A" slide check - <"$T/b.txt" 2>"$T/err")
    [[ $out == solvable* ]] && ok || bad "shuffle $size | check -: $out $(cat "$T/err")"
    moves=$("$A" slide solve -a fast - <"$T/b.txt" 2>"$T/err")
    solves "${size%x*}" "${size#*x}" "$(cat "$T/b.txt")" "$moves" && ok || bad "shuffle $size | solve -: $(cat "$T/err")"
done
run slide solve --size 5x7 "$T/b.txt"
expect_error 1 "the board says 5x3, the size given is 5x7" "shape word against --size"
run slide shuffle 4x4 -v
seed=$(sed -n 's/^amaze: slide shuffle: seed \([0-9]*\)$/\1/p' "$T/err")
board=$out
run slide shuffle 4x4 --seed "$seed"
[ -n "$seed" ] && [ "$out" = "$board" ] && ok || bad "-v's seed does not reproduce the board"
for size in 1x4 4 33x2 axb 4x4x4 4x; do
    run slide shuffle "$size"
    expect_error 2 "size" "shuffle $size"
done
run slide shuffle 4x4 --seed -1
expect_error 2 "--seed" "negative seed"
run slide shuffle 4x4 3x3
expect_error 2 "one board size" "two sizes"
run slide shuffle 4x4 --goal sideways
expect_error 2 "blank-last or blank-first" "bad goal"

# ---- check ----
run slide check 1 2 3 4 5 6 7 8 0
[ "$rc" -eq 0 ] && [[ $out == solvable* ]] && ok || bad "solved board: $out $err"
run slide check 1 2 3 4 5 6 8 7 0
expect_error 1 "unsolvable" "two tiles swapped"
run slide check 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0
expect_error 1 "unsolvable" "4x4 swapped"
run slide check 1 2 3 4 5 6 7 7 0
expect_error 1 "tile 7 appears twice" "duplicate"
run slide check 1 2 3 4 5 6 7 8 8
expect_error 1 "the blank 0 is missing" "missing blank"
run slide check 1 2 3 4 5 6 7 8
expect_error 1 "wrong tile count" "missing tile"
run slide check 1 2 3 4 5 6 7 8 0 9
expect_error 1 "wrong tile count" "extra tile"
run slide check 1 2 3 4 5 6 7 8 9
expect_error 1 "out of range" "out of range"
run slide check 1 2 three 4 5 6 7 8 0
expect_error 1 "'three' is not a tile number" "non-numeric"
run slide check
expect_error 1 "no numbers" "empty input"
run slide check --size 2x3 1 2 3 4 5 0
expect_ok "--size 2x3"
run slide check --size 2x3 1 2 3 4 5 6 7 8 0
expect_error 1 "wrong tile count" "--size mismatch"
run slide check --size 2 1 2 3 0
expect_error 2 "MxN" "bad --size"
run slide check --goal blank-first 0 1 2 3 4 5 6 7 8
[ "$rc" -eq 0 ] && [[ $out == *"already solved"* ]] && ok || bad "blank-first goal"
printf '1 2 3\n4 5 6\n7 0 8\n' >"$T/grid.txt"
run slide check "$T/grid.txt"
expect_ok "board from a file"
"$A" slide check - <"$T/grid.txt" >"$T/out" 2>"$T/err" && ok || bad "board from stdin"
run slide check --json 1 2 3 0
expect_error 2 "unknown option '--json'" "check has no --json"

# ---- solve: every solver, replayed here ----
# (3x3: the 4x4 tables are built by test_slide_korf, once is enough.)
board=$("$A" slide shuffle 3x3 --seed 3)
declare -A len
for algo in ida pdb wastar fast; do
    run slide solve -a "$algo" $board
    if [ "$rc" -ne 0 ]; then
        bad "solve -a $algo: $err"
        continue
    fi
    solves 3 3 "$board" "$out" && ok || bad "solve -a $algo: the moves do not solve the board"
    len[$algo]=${#out}
done
board=$("$A" slide shuffle 4x4 --walk 60 --seed 3)
run slide solve -a ida $board
solves 4 4 "$board" "$out" && ok || bad "4x4 ida moves do not solve"
[ "${len[ida]-x}" = "${len[pdb]-y}" ] && ok || bad "ida and pdb lengths differ: ${len[ida]-} ${len[pdb]-}"
[ "${len[fast]-0}" -ge "${len[ida]-1}" ] && ok || bad "fast shorter than optimal"
[ $((2 * ${len[wastar]-999})) -le $((3 * ${len[ida]-0})) ] && ok || bad "wastar beyond 1.5 x optimal"
[ -n "$(ls "$XDG_CACHE_HOME/amaze" 2>/dev/null)" ] && ok || bad "pdb cached nothing in \$XDG_CACHE_HOME/amaze"

# Default solver, JSON, threads.
board=$("$A" slide shuffle 3x3 --seed 11)
run slide solve --json $board
re='^\{"rows":3,"cols":3,"board":\[([0-9]+,){8}[0-9]+\],"algorithm":"pdb","length":([0-9]+),"moves":"([UDLR]*)","nodes":[0-9]+,"seconds":[0-9]+\.[0-9]+\}$'
if [[ $out =~ $re ]] && [ "${BASH_REMATCH[2]}" -eq "${#BASH_REMATCH[3]}" ]; then
    solves 3 3 "$board" "${BASH_REMATCH[3]}" && ok || bad "--json moves do not solve"
    [[ $out == *"\"board\":[${board// /,}]"* ]] && ok || bad "--json board is not the input"
else
    bad "--json shape: $out"
fi
run slide solve -a ida $board
one=$out
run slide solve -a ida --threads 2 $board
[ "$out" = "$one" ] && ok || bad "--threads 2 changed the moves"
board=$("$A" slide shuffle 12x12 --seed 4)
run slide solve $board
expect_ok "12x12 default (fast)"
solves 12 12 "$board" "$out" && ok || bad "12x12 fast moves do not solve"
board=$("$A" slide shuffle 2x5 --seed 4)
run slide solve --size 2x5 -v -a pdb $board
expect_ok "2x5 pdb"
solves 2 5 "$board" "$out" && ok || bad "2x5 moves do not solve"
[[ $err == *"shortest"* ]] && ok || bad "-v does not report: $err"
run slide solve -v 1 2 3 4 5 6 7 8 0
[ "$rc" -eq 0 ] && [ -z "$out" ] && ok || bad "a solved board needs no moves: '$out'"

# Errors.
run slide solve 1 2 3 4 5 6 8 7 0
expect_error 1 "unsolvable" "solve unsolvable"
run slide solve -a pdb $("$A" slide shuffle 6x6 --seed 1)
expect_error 1 "at most 25 cells" "pdb on 6x6"
run slide solve -a wastar $("$A" slide shuffle 6x6 --seed 1)
expect_error 1 "at most 25 cells" "wastar on 6x6"
run slide solve -a magic 1 2 3 0
expect_error 2 "unknown solver 'magic'" "unknown solver"
run slide solve --weight 0.5 -a wastar 1 2 3 0
expect_error 2 "--weight" "bad weight"
run slide solve --threads 0 1 2 3 0
expect_error 2 "--threads" "bad threads"
run slide solve --pdb 5-5-5 $("$A" slide shuffle 4x4 --seed 2)
expect_error 1 "no pattern set '5-5-5'" "unknown pattern set"
run slide solve -a ida --node-limit 100 1 15 10 13 0 11 4 7 12 6 5 3 14 8 9 2
expect_error 1 "node limit of 100" "node limit"
run slide solve -a ida --node-limit 0 1 2 3 0
expect_error 2 "--node-limit" "node limit 0 (would be the default budget)"
run slide solve -a ida --node-limit none 1 2 0 3
expect_ok "--node-limit none"
# Budgets as the help writes them (1e9): a power of ten is the same count written out.
run slide solve -a ida --node-limit 1e2 1 15 10 13 0 11 4 7 12 6 5 3 14 8 9 2
expect_error 1 "node limit of 100 reached" "node limit 1e2"
run slide solve -a ida --node-limit 0.25e3 1 15 10 13 0 11 4 7 12 6 5 3 14 8 9 2
expect_error 1 "node limit of 250 reached" "node limit 0.25e3"
for bad in 1.5 1e 2e19 1e-3 1e9x; do
    run slide solve -a ida --node-limit "$bad" 1 2 0 3
    expect_error 2 "--node-limit: '$bad' is not a whole number" "node limit '$bad'"
done
# A search that cannot finish ends by its timeout and says so (32x32 under ida).
run slide solve -a ida --timeout 0.5 $("$A" slide shuffle 32x32 --seed 3)
expect_error 1 "time limit of 0.5 s reached" "32x32 ida with a timeout"
run slide solve -a wastar --timeout 0.2 --node-limit none $("$A" slide shuffle 5x5 --seed 3)
expect_error 1 "time limit of 0.2 s" "wastar with a timeout"
for t in 0 -1 abc; do
    run slide solve -a ida --timeout "$t" 1 2 3 0
    expect_error 2 "--timeout" "bad timeout $t"
done
# The default budget: shown in --help, named when it runs out (wastar's is quick).
run slide solve --help
[[ $out == *"ida 1e9"* ]] && [[ $out == *"pdb 1e10"* ]] && ok || bad "--help names the default budgets"
# The default's 10 M nodes take 160 s under ASan: the sanitizer build checks the same
# give-up path with a budget given.
if [ -z "${AMZ_SANITIZED-}" ]; then
    run slide solve -a wastar --weight 1 $("$A" slide shuffle 5x5 --seed 1)
    expect_error 1 "gave up after wastar's default budget of 10000000 nodes" "default budget runs out"
fi
run slide solve -a wastar --weight 1 --node-limit 20000 $("$A" slide shuffle 5x5 --seed 1)
expect_error 1 "node limit of 20000 reached" "a given budget runs out"
# A tile too big for any integer is named as written.
run slide check 1 2 3 99999999999999999999999 0 4 5 6 7
expect_error 1 "tile 99999999999999999999999 (number 4)" "huge tile"
run slide check 2 1 3 4 5 6 7 8 0
expect_error 1 "1 inversion (" "one inversion"
run slide solve -a ida "$T/missing-file-dir/"
expect_error 1 "not a tile number" "a path that is not a file is read as numbers"

# ---- the pattern database cache: damaged files are rebuilt ----
board=$("$A" slide shuffle 3x3 --seed 9)
run slide solve -a pdb --pdb 4-4 $board
expect_ok "3x3 4-4"
good=$out
for f in "$XDG_CACHE_HOME"/amaze/slide-pdb-v1-3x3-*.bin; do
    printf '\x42' | dd of="$f" bs=1 seek=2000 conv=notrunc status=none
    break
done
run slide solve -a pdb --pdb 4-4 $board
[ "$rc" -eq 0 ] && [ "$out" = "$good" ] && [[ $err == *"failed its checks and was rebuilt"* ]] && ok ||
    bad "damaged cache: exit $rc, '$out' vs '$good', stderr: $err"
run slide solve -a pdb --pdb 4-4 $board
[ "$rc" -eq 0 ] && [ -z "$err" ] && ok || bad "the rebuilt cache is not clean: $err"
run slide solve -a pdb --pdb 4-4 --cache-dir "$T/xdg/amaze/slide-pdb-v1-3x3-001e.bin/x" $board
[ "$rc" -eq 0 ] && [ "$out" = "$good" ] && [[ $err == *"warning"* ]] && ok || bad "unwritable cache: $rc $err"
# A FIFO at a table's path neither blocks the open nor stays: the table is rebuilt
# and saved over it (timeout guards the test against the old hang).
for f in "$XDG_CACHE_HOME"/amaze/slide-pdb-v1-3x3-*.bin; do
    rm -f "$f" && mkfifo "$f"
    break
done
timeout 60 "$A" slide solve -a pdb --pdb 4-4 $board </dev/null >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "$good" ] && [ -f "$f" ] && [ ! -p "$f" ] &&
    [[ $(cat "$T/err") == *"rebuilt"* ]] && ok || bad "FIFO in the cache: exit $rc, $(cat "$T/err")"
# A folder at a table's path cannot be replaced: the solve still works, with a warning.
rm -f "$f" && mkdir "$f"
run slide solve -a pdb --pdb 4-4 $board
[ "$rc" -eq 0 ] && [ "$out" = "$good" ] && [[ $err == *"warning"* ]] && ok || bad "folder in the cache: $rc $err"
rmdir "$f"
# On a terminal (script gives one), building shows the progress bar with an ETA on one
# redrawn line that fits 80 columns; -q shows nothing. AMAZE_PROGRESS_DELAY=0 draws it
# at once instead of after a second, so the 3x3 board's small tables show it too.
for q in "" -q; do
    AMAZE_PROGRESS_DELAY=0 TERM=xterm timeout --foreground -k 5 120 script -qec \
        "'$A' slide solve -a pdb --pdb 4-4 $q --cache-dir '$T/tty$q' $board" \
        /dev/null </dev/null >"$T/tty.out" 2>&1
    rc=$?
    bar=$(tr '\r' '\n' <"$T/tty.out" | grep -c 'slide tables \[.*\] .*ETA')
    wide=$(tr '\r' '\n' <"$T/tty.out" | awk 'length > 80' | head -1)
    if [ -z "$q" ]; then
        [ "$rc" -eq 0 ] && [ "$bar" -ge 1 ] && [ -z "$wide" ] && ok || bad "bar on a terminal: rc $rc, $bar bars, '$wide'"
    else
        [ "$rc" -eq 0 ] && [ "$bar" -eq 0 ] && ok || bad "-q on a terminal: rc $rc, $bar bars"
    fi
done
# Building on a terminal-less stderr says so in one line; -q says nothing.
run slide solve -a pdb --pdb 4-4 -q --cache-dir "$T/quiet" $board
[ "$rc" -eq 0 ] && [ -z "$err" ] && ok || bad "-q while building: $err"
run slide solve -a pdb --pdb 4-4 --cache-dir "$T/loud" $board
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [[ $err == *"building pattern databases"* ]] && ok ||
    bad "building off a terminal: $err"

# ---- bench ----
if [ -r "$KORF" ]; then
    # Instances 2, 5 and 9: the ones ida solves with the fewest nodes (sanitizer builds).
    grep -v '^#' "$KORF" | sed -n '2p;5p;9p' >"$T/light.txt"
    run slide bench "$T/light.txt" -a ida
    [ "$rc" -eq 0 ] && [[ $out == *"total: 3 solved, 0 failed"* ]] && ok || bad "bench ida: $rc $out $err"
    run slide bench "$KORF" -a fast --first 5
    [ "$rc" -eq 0 ] && [[ $out == *"total: 5 solved"* ]] && ok || bad "bench fast: $rc $err"
    # 0 is refused as every command refuses it: no boards, nothing fits in 0 bytes.
    run slide bench "$KORF" -a fast --first 0
    expect_error 2 "--first: '0': expected 1 or more" "bench --first 0"
    for sub in "solve 1 2 3 4 5 6 7 0 8" "bench $KORF -a fast --first 1"; do
        # shellcheck disable=SC2086 # the subcommand's words split on purpose
        run slide $sub --max-memory 0
        expect_error 2 "nothing fits in 0 bytes" "slide ${sub%% *} --max-memory 0"
    done
    run slide bench "$T/light.txt" -a wastar --weight 2
    [ "$rc" -eq 0 ] && [[ $out == *"total: 3 solved"* ]] && ok || bad "bench wastar: $rc $err"
    # --only picks boards by their number in the file; the rows keep that number.
    run slide bench "$T/light.txt" -a ida --only 3,1
    [ "$rc" -eq 0 ] && [[ $out == *"total: 2 solved"* ]] && [[ $out == *$'\n    1 '* ]] &&
        [[ $out == *$'\n    3 '* ]] && [[ $out != *$'\n    2 '* ]] && ok || bad "bench --only: $rc $out $err"
    for bad_only in 0 1,x "" 1,,2; do
        run slide bench "$T/light.txt" --only "$bad_only"
        expect_error 2 "--only" "bench --only '$bad_only'"
    done
    # A board whose budget runs out is listed as given up, with its nodes, not failed.
    run slide bench "$T/light.txt" -a ida --node-limit 50000 --only 2
    [ "$rc" -eq 0 ] && [[ $out == *"gave up: node limit of 50000"* ]] &&
        [[ $out == *"gave up: 1 board after"* ]] && [[ $out == *"total: 0 solved, 0 failed"* ]] && ok ||
        bad "bench gave up: $rc $out $err"
    # A wrong expected length fails the bench (one board of two).
    sed '1s/ [0-9]*$/ 54/' "$T/light.txt" | head -2 >"$T/wrong.txt"
    run slide bench "$T/wrong.txt" -a ida
    [ "$rc" -eq 1 ] && [[ $out == *"WRONG"* ]] && [[ $err == *"1 of 2 boards"* ]] && ok ||
        bad "bench with a wrong length: $rc $out $err"
else
    bad "Korf's instances are missing: $KORF"
fi
printf '1 2 3 4 5 6 7 0 8 1\n1 2 3 x\n' >"$T/bad.txt"
run slide bench "$T/bad.txt" -a ida
[ "$rc" -eq 1 ] && [[ $err == *"bad.txt:2: 'x"* ]] && ok || bad "bench bad line: $rc $err"
run slide bench "$T/nope.txt"
expect_error 1 "cannot open" "bench missing file"
run slide bench
expect_error 2 "instance file" "bench without a file"

echo "test_slide.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
