#!/usr/bin/env bash
# test_gen_threads.sh — `amaze generate --threads N`: prim and kruskal make the same
# maze on any number of threads (square, hex, a mask), the option's range and the
# generators it does not apply to are refused with a usage error; the memory guard
# counts their tiles, or their watched form for animate.
. "$(dirname "$0")/lib.sh"

for algo in prim kruskal; do
    for topo in square hex; do
        run generate -a "$algo" -t "$topo" -s 333x259 --seed 11 -o "$T/one.amz"
        expect_ok "$algo $topo, one thread"
        for n in 2 3 8; do
            run generate -a "$algo" -t "$topo" -s 333x259 --seed 11 --threads "$n" -o "$T/many.amz"
            expect_ok "$algo $topo, $n threads"
            cmp -s "$T/one.amz" "$T/many.amz" || fail "$algo $topo: $n threads made another maze"
        done
    done
    # a mask (kruskal: one tree per island; prim: the watched-free tiles too)
    run generate -a "$algo" --shape circle -s 300x300 --seed 4 -o "$T/one.amz"
    expect_ok "$algo circle, one thread"
    run generate -a "$algo" --shape circle -s 300x300 --seed 4 --threads 2 -o "$T/many.amz"
    expect_ok "$algo circle, 2 threads"
    cmp -s "$T/one.amz" "$T/many.amz" || fail "$algo circle: 2 threads made another maze"
    # prim and kruskal draw their own weights: the same seed gives two mazes
done
run generate -a prim -s 40x30 --seed 3 --format text
cp "$OUT" "$T/prim.txt"
run generate -a kruskal -s 40x30 --seed 3 --format text
cmp -s "$OUT" "$T/prim.txt" && fail "prim and kruskal made the same maze from one seed"

run generate -a backtracker -s 10x10 --threads 1 -o "$T/bt.amz"
expect_ok "--threads 1 is fine for any generator"
run generate -a backtracker -s 10x10 --threads 2
expect_fail 2 "--threads is an option of prim and kruskal, not of backtracker" "--threads 2 with backtracker"
for bad in 0 65 -1 two ""; do
    run generate -a kruskal -s 10x10 --threads "$bad"
    expect_fail 2 "--threads: '$bad' is not a whole number from 1 to 64" "--threads '$bad'"
done
# The memory guard counts the tiles for generate and the watched form for animate.
run generate -a kruskal -s 2000x2000 --max-memory 40M -o "$T/guard.amz"
expect_ok "kruskal 2000x2000 by tiles fits in 40 MB"
run animate -a kruskal -s 2000x2000 --max-memory 40M -o "$T/guard.gif"
expect_fail 1 "needs about" "animate kruskal 2000x2000 (watched) in 40 MB"
run generate --help
grep -q -- "--threads N" "$OUT" || fail "generate --help lacks --threads"

finish
