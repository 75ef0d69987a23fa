#!/usr/bin/env bash
# slide.sh — `make bench` for sliding puzzles: builds the 4x4 7-8 pattern databases in
# a fresh cache (time, peak memory), then pdb on Korf's 100 (1 and 2 threads), ida on
# the first 10, wastar on the first 10, and fast on random boards 10x10 .. 32x32.
# Wall times and peak resident memory come from /usr/bin/time; medians of RUNS runs.
# Every run checks its lengths (bench exits 1 on a wrong one), so a failure shows.
#
#   bench/slide.sh BUILD_DIR [RUNS]      (RUNS defaults to 3)
set -u
BUILD=${1:?usage: bench/slide.sh BUILD_DIR [RUNS]}
RUNS=${2:-3}
A="$BUILD/amaze"
HERE=$(cd "$(dirname "$0")" && pwd)
DATA="$HERE/../../shared/data"
KORF="$DATA/korf100.txt"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export XDG_CACHE_HOME="$T/cache"
TIME=/usr/bin/time
[ -x "$TIME" ] || TIME=""

# measure LABEL ARGS... — runs amaze ARGS once; sets wall, peak (MB), out; fails loudly.
measure() {
    local label=$1
    shift
    if [ -n "$TIME" ]; then
        "$TIME" -f "%e %M" -o "$T/time" "$A" "$@" >"$T/out" 2>"$T/err"
    else
        local t0=$SECONDS
        "$A" "$@" >"$T/out" 2>"$T/err"
        echo "$((SECONDS - t0)) 0" >"$T/time"
    fi
    local rc=$?
    read -r wall kb <"$T/time"
    peak=$((kb / 1024))
    if [ "$rc" -ne 0 ]; then
        echo "FAILED: $label (exit $rc)"
        tail -3 "$T/out" "$T/err"
        return 1
    fi
}

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# total_field NAME — from bench's "total:" line: nodes or the search seconds.
totals() {
    sed -n 's/^total: \([0-9]*\) solved, \([0-9]*\) failed; [0-9]* moves.*, \([0-9]*\) nodes, \([0-9.]*\) s, \([0-9]*\) nodes\/s$/\1 \2 \3 \4 \5/p' "$T/out"
}

echo "amaze $("$A" --version | cut -d' ' -f2) slide bench, $(date -u +%Y-%m-%d), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "medians of $RUNS runs (table build: 1 run)"
printf '%-44s %s\n' "measurement" "result"

# ---- building the 7-8 tables (cold cache) ----
board=$(grep -v '^#' "$KORF" | head -1 | awk '{NF--; print}')
if measure "pdb build" slide solve -a pdb --threads 2 -v $board; then
    printf '%-44s %s s wall, peak %s MB\n' "pdb 7-8 tables: build, 2 threads" "$wall" "$peak"
fi
ls -l "$XDG_CACHE_HOME/amaze" | awk 'NR > 1 {s += $5} END {printf "%-44s %.0f MB in 2 files\n", "pdb 7-8 tables: cache on disk", s / 1048576}'

# ---- pdb on Korf's 100 ----
for threads in 1 2; do
    : >"$T/walls"
    : >"$T/searches"
    for ((r = 0; r < RUNS; r++)); do
        measure "pdb korf100 $threads" slide bench "$KORF" -a pdb --threads "$threads" || break
        echo "$wall" >>"$T/walls"
        read -r solved failed nodes secs rate <<<"$(totals)"
        echo "$secs" >>"$T/searches"
    done
    printf '%-44s %s/100 optimal, %s nodes, search %s s, wall %s s (tables loaded), peak %s MB\n' \
        "pdb 7-8: Korf 100, $threads thread(s)" "${solved:-0}" "${nodes:-?}" "$(median <"$T/searches")" \
        "$(median <"$T/walls")" "$peak"
done
sed -n 's/^bounds: mean \([0-9.]*\).*/\1/p' "$T/out" | while read -r h; do
    printf '%-44s %s\n' "pdb 7-8: mean starting heuristic (Korf 100)" "$h"
done

# ---- ida and wastar on the first 10 ----
for algo in ida wastar; do
    : >"$T/walls"
    for ((r = 0; r < RUNS; r++)); do
        measure "$algo korf10" slide bench "$KORF" -a "$algo" --first 10 || break
        read -r solved failed nodes secs rate <<<"$(totals)"
        echo "$secs" >>"$T/walls"
    done
    ratio=$(sed -n 's/.*moves (\([0-9.]*\) x expected).*/\1/p' "$T/out")
    printf '%-44s %s/10 solved, %s nodes, %s s, %s nodes/s, length %s x optimal\n' "$algo: Korf first 10" \
        "${solved:-0}" "${nodes:-?}" "$(median <"$T/walls")" "${rate:-?}" "$ratio"
done

# ---- fast on random boards ----
for side in 10 16 20 24 28 32; do
    for ((s = 1; s <= 10; s++)); do "$A" slide shuffle "${side}x$side" --seed "$((side * 100 + s))"; done >"$T/boards"
    : >"$T/walls"
    for ((r = 0; r < RUNS; r++)); do
        measure "fast $side" slide bench "$T/boards" -a fast || break
        sed -n 's/.*slowest board \([0-9.]*\) s$/\1/p' "$T/out" >>"$T/walls"
    done
    line=$(sed -n 's/^bounds: .*length \/ bound: \([0-9.]*\) overall, \([0-9.]*\) at worst.*/\1 \2/p' "$T/out")
    printf '%-44s length/Manhattan %s mean, %s worst; slowest board %s s\n' "fast: 10 random ${side}x$side" \
        "${line% *}" "${line#* }" "$(median <"$T/walls")"
done
