#!/usr/bin/env bash
# difficulty.sh — `make bench`: the calibration of the difficulty levels (docs/STATS.md):
# for every level and every generator on square and hex grids, COUNT mazes made by
# `amaze stats --algorithms --difficulty LEVEL` (the search of `generate --difficulty`
# at the size each generator needs), and the means of what users measure: solution
# length as a share of the cells, decision points on it, dead ends, the difficulty in
# bits (with its range). Prints Markdown.
#
#   bench/difficulty.sh BUILD_DIR [COUNT]     (COUNT defaults to 50)
set -u
BUILD=${1:?usage: bench/difficulty.sh BUILD_DIR [COUNT]}
COUNT=${2:-50}
A="$BUILD/amaze"

# field LINE KEY STAT — a number of one generator's JSON line ("KEY":{"mean":..,"min":..}).
field() {
    local re="\"$2\":\\{\"mean\":([-0-9.]+),\"min\":([-0-9.]+),\"max\":([-0-9.]+)"
    [[ $1 =~ $re ]] || return
    case $3 in mean) echo "${BASH_REMATCH[1]}" ;; min) echo "${BASH_REMATCH[2]}" ;; max) echo "${BASH_REMATCH[3]}" ;; esac
}
word() {
    local re="\"$2\":\"?([a-z0-9-]+)"
    [[ $1 =~ $re ]] && echo "${BASH_REMATCH[1]}"
}

echo "$COUNT mazes per generator and level (seeds 1 to $COUNT), measured $(date -u +%Y-%m-%d)," \
     "load $(cut -d' ' -f1-3 /proc/loadavg)."
for topo in square hex; do
    for level in easy medium hard expert; do
        echo
        echo "**$topo, $level**"
        echo
        echo "| generator | size | solution, % of cells | decisions | dead ends, % | bits: mean (min to max) |"
        echo "|---|---:|---:|---:|---:|---:|"
        "$A" stats --algorithms --difficulty "$level" -t "$topo" --count "$COUNT" --json | while IFS= read -r line; do
            [[ $line == *algorithm* ]] || continue
            printf '| %s | %sx%s | %.1f | %.1f | %.1f | %.1f (%.1f to %.1f) |\n' "$(word "$line" algorithm)" \
                "$(word "$line" width)" "$(word "$line" height)" "$(field "$line" solution_percent mean)" \
                "$(field "$line" decisions mean)" "$(field "$line" dead_end_percent mean)" \
                "$(field "$line" difficulty mean)" "$(field "$line" difficulty min)" "$(field "$line" difficulty max)"
        done
    done
done
