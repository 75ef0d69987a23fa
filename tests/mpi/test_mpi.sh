#!/usr/bin/env bash
# test_mpi.sh — amaze-mpi on one machine: `mpirun -np 2 --oversubscribe amaze-mpi slide
# solve ...` must print what the threaded solver prints (JSON: every field but nodes
# and seconds), for ida and pdb, both goal conventions, a board on standard input
# (only rank 0 has it), three ranks, and a solved board; errors come once, with the
# CLI's exit codes. Registered only when amaze-mpi is built (Open MPI found).
#
# mpirun refuses to run as root unless told: CI runs as root, so the test sets
# OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (Open MPI's switches,
# the same as --allow-run-as-root) when it is root.
set -u
A="${AMAZE:?AMAZE must point at the amaze program}"
M="${AMAZE_MPI:?AMAZE_MPI must point at amaze-mpi}"
KORF="${AMZ_SOURCE_DIR:?}/data/korf100.txt"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# The 6-6-3 tables come from the ctest fixture pdb_tables (tests/support/pdb_tables.sh).
export XDG_CACHE_HOME="$T/xdg"
mkdir -p "$XDG_CACHE_HOME/amaze"
cp "${AMZ_TEST_TABLES:?folder of the shared tables}"/amaze/* "$XDG_CACHE_HOME/amaze/" || exit 1
if [ "$(id -u)" -eq 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
# Open MPI keeps some memory to the end: leak reports of the sanitizer build would
# be its, not ours. Everything else the sanitizers check stays on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $*"
    fail=$((fail + 1))
}
# mpi NP ARGS... — amaze-mpi on NP ranks (stdin from $T/in); sets rc, out, err.
mpi() {
    local np=$1
    shift
    timeout 300 mpirun -np "$np" --oversubscribe "$M" "$@" <"$T/in" >"$T/out" 2>"$T/err"
    rc=$?
    out=$(cat "$T/out")
    err=$(cat "$T/err")
    if grep -qE 'Sanitizer|runtime error:' "$T/err"; then
        bad "$*: sanitizer report: $(head -c 300 "$T/err")"
    fi
}
# The JSON without the fields that may differ between runs (nodes, seconds).
stable() { sed -E 's/,"nodes":[0-9]+,"seconds":[0-9.]+//'; }
: >"$T/in"

# same NP DESC ARGS... — amaze-mpi and `amaze slide solve --threads 2` agree.
same() {
    local np=$1 desc=$2
    shift 2
    want=$("$A" slide solve --threads 2 --json -q "$@" </dev/null 2>"$T/werr" | stable)
    mpi "$np" slide solve --json -q "$@"
    got=$(stable <<<"$out")
    [ "$rc" -eq 0 ] && [ -n "$want" ] && [ "$got" = "$want" ] && ok ||
        bad "$desc: exit $rc, mpi '$got' vs threads '$want' ($err $(cat "$T/werr"))"
}

if [ -r "$KORF" ]; then
    # Korf's instances 2, 5 and 9 (the lightest for ida) and 1 and 3 for pdb.
    for i in 2 5 9; do
        board=$(grep -v '^#' "$KORF" | sed -n "${i}p" | awk '{NF--; print}')
        same 2 "ida, Korf $i" -a ida $board
    done
    for i in 1 3; do
        board=$(grep -v '^#' "$KORF" | sed -n "${i}p" | awk '{NF--; print}')
        same 2 "pdb 6-6-3, Korf $i" -a pdb --pdb 6-6-3 $board
    done
    same 3 "three ranks" -a pdb --pdb 6-6-3 $board
else
    bad "Korf's instances are missing: $KORF"
fi
for seed in 1 2 3; do
    board=$("$A" slide shuffle 3x3 --goal blank-first --seed "$seed")
    same 2 "blank-first 3x3, seed $seed" -a ida --goal blank-first $board
    board=$("$A" slide shuffle 4x4 --walk 50 --seed "$seed")
    same 2 "4x4 walk, seed $seed" -a ida $board
done
same 2 "a solved board" -a ida 1 2 3 4 5 6 7 8 0
same 2 "fast (rank 0 alone)" -a fast $("$A" slide shuffle 6x6 --seed 4)

# Only rank 0 has standard input: the board reaches every rank from there.
"$A" slide shuffle 4x4 --walk 40 --seed 9 >"$T/in"
want=$("$A" slide solve -a ida --json - <"$T/in" | stable)
mpi 2 slide solve -a ida --json -
[ "$rc" -eq 0 ] && [ "$(stable <<<"$out")" = "$want" ] && ok || bad "board on stdin: $rc '$out' vs '$want' $err"
: >"$T/in"

# Errors: said once, by rank 0, with the CLI's words and exit codes.
mpi 2 slide solve 1 2 3 4 5 6 8 7 0
[ "$rc" -eq 1 ] && [ "$(grep -c 'unsolvable' <<<"$err")" -eq 1 ] && [ -z "$out" ] && ok ||
    bad "unsolvable: exit $rc, $err"
mpi 2 slide solve --bogus 1 2 3 0
[ "$rc" -eq 2 ] && [ "$(grep -c "unknown option '--bogus'" <<<"$err")" -eq 1 ] && ok || bad "bad option: $rc $err"
mpi 2 slide solve -a ida --node-limit 1000 $("$A" slide shuffle 4x4 --seed 5)
[ "$rc" -eq 1 ] && [[ $err == *"node limit of 1000"* ]] && ok || bad "node limit: $rc $err"
mpi 2 bogus
[ "$rc" -eq 2 ] && [[ $err == *"Usage: mpirun -np N amaze-mpi slide solve"* ]] && ok || bad "not slide solve: $rc"
mpi 1 --help
[ "$rc" -eq 0 ] && [[ $out == *"Usage: mpirun"* ]] && [ -z "$(awk 'length > 80' "$T/out")" ] && ok ||
    bad "--help: $rc $out"

echo "test_mpi.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
