#!/usr/bin/env bash
# pdb_tables.sh — the ctest fixture `pdb_tables`: builds the 4x4 6-6-3 pattern tables
# once, with the program as a user runs it, into $AMZ_TEST_TABLES/amaze (emptied
# first). The tests that solve with them (test_slide_korf, test_slide_solvers,
# test_mpi) copy that folder into a cache of their own instead of each building the
# same 11 MB: under the sanitizers a build takes about 50 s of CPU. Checked here: the
# first run builds all three tables and solves Korf's instance 1 optimally, a second
# run loads all three from the cache and prints the same moves.
. "$(dirname "$0")/../cli/lib.sh"
DIR=${AMZ_TEST_TABLES:?folder for the shared tables}
KORF=${AMZ_SOURCE_DIR:?source directory}/data/korf100.txt
rm -rf "$DIR"
mkdir -p "$DIR"
export XDG_CACHE_HOME=$DIR
line=$(grep -v '^#' "$KORF" | head -n 1)
board=${line% *} length=${line##* }

run slide solve -a pdb --pdb 6-6-3 --threads 2 -v $board
[ "$RC" -eq 0 ] || fail "building 6-6-3: exit $RC: $(cat "$ERR")"
grep -q "3 tables (0 loaded, 3 built)" "$ERR" || fail "the first run did not build 3 tables: $(cat "$ERR")"
grep -o 'pattern set 6-6-3: .* in [0-9.]* s' "$ERR"
first=$(cat "$OUT")
[ "${#first}" -eq "$length" ] || fail "Korf 1: ${#first} moves, optimal is $length"

run slide solve -a pdb --pdb 6-6-3 --threads 2 -v $board
[ "$RC" -eq 0 ] || fail "loading 6-6-3: exit $RC: $(cat "$ERR")"
grep -q "3 tables (3 loaded, 0 built)" "$ERR" || fail "the second run did not load 3 tables: $(cat "$ERR")"
[ "$(cat "$OUT")" = "$first" ] || fail "loaded tables gave other moves: $(cat "$OUT") vs $first"
[ "$(ls "$DIR/amaze" | wc -l)" -eq 3 ] || fail "expected 3 table files: $(ls "$DIR/amaze")"
finish
