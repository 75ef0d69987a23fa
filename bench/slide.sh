#!/usr/bin/env bash
# slide.sh — `make bench` for sliding puzzles: builds the 4x4 7-8 pattern databases in
# a fresh cache (time, peak memory, the files' SHA-256, which must not change), then
# pdb on Korf's 100 (1 and 2 threads), ida on the first 10, wastar on the first 10,
# and fast on random boards 10x10 .. 32x32; then the 5x5 6-6-6-6 tables and pdb on the
# first K24 Korf-Felner 24-puzzles with a per-instance time limit T24 seconds, and the
# same first instance under amaze-mpi when it is built. Wall times and peak resident
# memory come from /usr/bin/time; medians of RUNS runs. Every run checks its lengths
# (bench exits 1 on a wrong one), so a failure shows.
#
#   bench/slide.sh BUILD_DIR [RUNS]      (RUNS defaults to 3)
#   K24=5 T24=3600 bench/slide.sh build  (defaults: K24=1, T24=600; K24=0 skips 5x5)
set -u
BUILD=${1:?usage: bench/slide.sh BUILD_DIR [RUNS]}
RUNS=${2:-3}
A="$BUILD/amaze"
HERE=$(cd "$(dirname "$0")" && pwd)
DATA="$HERE/../data"
KORF="$DATA/korf100.txt"
KF24="$DATA/korf-felner-24.txt"
K24=${K24:-1}
T24=${T24:-600}
# SHA-256 of the 7-8 table files as built before the faster builder (bench/RESULTS-slide.md).
SUM_01FE=26e6906de845180f4943613c95084bb936ce7844761df8acb6c97df391f547da
SUM_FE00=22732bbb5d71ee97f4cfc22f2af2346b1258164dbc9363006f17a793e938a230
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
if measure "pdb build" slide solve -a pdb --threads 2 -v -q $board; then
    printf '%-44s %s s wall, peak %s MB (load %s)\n' "pdb 7-8 tables: build, 2 threads" "$wall" "$peak" \
        "$(cut -d' ' -f1 /proc/loadavg)"
fi
a=$(sha256sum "$XDG_CACHE_HOME/amaze/slide-pdb-v1-4x4-01fe.bin" | cut -d' ' -f1)
b=$(sha256sum "$XDG_CACHE_HOME/amaze/slide-pdb-v1-4x4-fe00.bin" | cut -d' ' -f1)
if [ "$a" = "$SUM_01FE" ] && [ "$b" = "$SUM_FE00" ]; then
    printf '%-44s %s\n' "pdb 7-8 tables: SHA-256" "same as before (${a:0:12}, ${b:0:12})"
else
    printf '%-44s %s\n' "pdb 7-8 tables: SHA-256" "CHANGED: $a $b"
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

# ---- 5x5: the 6-6-6-6 tables and the Korf-Felner 24-puzzles ----
if [ "$K24" -gt 0 ]; then
    board=$(grep -v '^#' "$KF24" | head -1 | awk '{NF--; print}')
    # A board one move from the goal: the build, then a search of one node.
    if measure "pdb 6-6-6-6 build" slide solve -a pdb --threads 2 -v -q $(seq 1 23) 0 24; then
        printf '%-44s %s s wall, peak %s MB (load %s)\n' "pdb 6-6-6-6 tables: build, 2 threads" "$wall" "$peak" \
            "$(cut -d' ' -f1 /proc/loadavg)"
    fi
    ls -l "$XDG_CACHE_HOME/amaze" | awk '/5x5/ {s += $5; n++} END {printf "%-44s %.0f MB in %d files\n", "pdb 6-6-6-6 tables: cache on disk", s / 1048576, n}'
    "$A" slide bench "$KF24" -a pdb --threads 2 -q --first "$K24" --timeout "$T24" --node-limit none >"$T/out" 2>&1
    echo "pdb 6-6-6-6, Korf-Felner first $K24, 2 threads, at most $T24 s each (load $(cut -d' ' -f1 /proc/loadavg)):"
    sed -n '/^ *#/,$p' "$T/out"
    if [ -x "$BUILD/amaze-mpi" ] && command -v mpirun >/dev/null 2>&1; then
        [ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        /usr/bin/time -f "%e %M" -o "$T/time" timeout "$T24" mpirun -np 2 "$BUILD/amaze-mpi" slide solve -a pdb \
            --node-limit none -q --json $board >"$T/out" 2>"$T/err"
        read -r wall kb <"$T/time"
        printf '%-44s %s\n' "amaze-mpi -np 2, Korf-Felner 1" "$(sed -E 's/.*"length":([0-9]+).*"nodes":([0-9]+).*/\1 moves, \2 nodes/' "$T/out") in $wall s"
    fi
fi
