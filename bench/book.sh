#!/usr/bin/env bash
# book.sh — `make bench` for books and mazes of a chosen difficulty (issue 17): a
# 100-maze book of 40x40 mazes with its key (target: under 10 s and 300 MB), against
# its peer, the same 100 mazes drawn one by one with `render --answer-key --page
# letter`; the 40-maze easy..expert ramp on 8.5x11 in with bleed; `generate
# --difficulty hard` on 100x100 (target: under 1 s) against plain `generate` of the
# same size. Wall, CPU (user + system) and peak resident memory from /usr/bin/time;
# medians of RUNS runs; prints a Markdown table with the load.
#
#   bench/book.sh BUILD_DIR [RUNS]      (RUNS defaults to 3)
set -u
BUILD=${1:?usage: bench/book.sh BUILD_DIR [RUNS]}
RUNS=${2:-3}
A="$BUILD/amaze"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "book.sh: /usr/bin/time is missing (Debian package time)" >&2; exit 1; }

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# measure ARGS... — one run of amaze ARGS: prints "wall cpu peak_MB"; exits on failure.
measure() {
    "$TIME" -f "%e %U %S %M" -o "$T/time" "$A" "$@" >"$T/out" 2>"$T/err" ||
        { echo "book.sh: amaze $* failed: $(cat "$T/err")" >&2; exit 1; }
    awk '{ printf "%.3f %.3f %.1f\n", $1, $2 + $3, $4 / 1024 }' "$T/time"
}

# row LABEL TARGET ARGS... — RUNS runs; prints a table row and sets WALL.
row() {
    local label=$1 target=$2
    shift 2
    for _ in $(seq "$RUNS"); do measure "$@"; done >"$T/runs"
    WALL=$(awk '{ print $1 }' "$T/runs" | median)
    local cpu peak
    cpu=$(awk '{ print $2 }' "$T/runs" | median)
    peak=$(awk '{ print $3 }' "$T/runs" | median)
    printf '| %s | %.2f s | %.2f s | %.1f MB | %s |\n' "$label" "$WALL" "$cpu" "$peak" "$target"
}

echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores ($(uname -m)), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| case | wall | CPU | peak RSS | target |"
echo "|---|---:|---:|---:|---|"
row "book: 100 mazes 40x40, answer key (one a page; $(( 100 + 25 )) pages)" "< 10 s, < 300 MB" \
    book -n 100 -s 40x40 --seed 1 -o "$T/book.pdf"
book=$WALL
bytes=$(wc -c <"$T/book.pdf")
# The peer: the same mazes, rebuilt from the book's captions, each drawn with its key.
pdftotext -raw "$T/book.pdf" - | tr '\n' ' ' | grep -o -E 'amaze generate( -[-a-z]+ [^ -][^ ]*)+' >"$T/captions"
k=0
while read -r -a w; do "$A" "${w[@]:1}" -o "$T/m$k.amz"; k=$((k + 1)); done <"$T/captions"
peer() { for i in $(seq 0 99); do "$A" render "$T/m$i.amz" --answer-key --page letter -o "$T/r.pdf" || exit 1; done; }
for _ in $(seq "$RUNS"); do
    s=$(date +%s.%N); peer; e=$(date +%s.%N); echo "$e - $s" | bc
done | median >"$T/peer"
printf '| peer: the same 100 mazes, `render --answer-key --page letter` each (100 processes) | %.2f s | | | book / peer = %.2f |\n' \
    "$(cat "$T/peer")" "$(echo "$book / $(cat "$T/peer")" | bc -l)"
row "book: 40 mazes easy..expert, 8.5x11 in, bleed, 2 a page" "" \
    book -n 40 --difficulty easy..expert --page 8.5x11in --bleed --per-page 2 --seed 1 -o "$T/ramp.pdf"
# ms_per_run N ARGS... — wall milliseconds per run over N back-to-back runs.
ms_per_run() {
    local n=$1 s e
    shift
    s=$(date +%s%N)
    for _ in $(seq "$n"); do "$A" "$@" >/dev/null || exit 1; done
    e=$(date +%s%N)
    echo "($e - $s) / 1000000 / $n" | bc -l
}
for seed in 1 2 3; do
    hard=$(for _ in $(seq "$RUNS"); do ms_per_run 10 generate -s 100x100 --difficulty hard --seed $seed -o "$T/h.amz"; done | median)
    plain=$(for _ in $(seq "$RUNS"); do ms_per_run 10 generate -s 100x100 --seed $seed -o "$T/p.amz"; done | median)
    peak=$(measure generate -s 100x100 --difficulty hard --seed $seed -o "$T/h.amz" | awk '{ print $3 }')
    printf '| generate -s 100x100 --difficulty hard --seed %s (10 runs a sample) | %.1f ms | | %.1f MB | < 1 s; / plain generate (%.1f ms) = %.2f |\n' \
        "$seed" "$hard" "$peak" "$plain" "$(echo "$hard / $plain" | bc -l)"
done
echo
echo "The 100-maze book is $((bytes / 1024)) KB; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
