#!/usr/bin/env bash
# compare.sh OLD NEW [SIZE] [REPS] — two amaze programs side by side, in one run, for
# "behaviour and speed unchanged" checks across a refactor (bench/RESULTS.md):
# every generator both builds know, on square and hex grids, and every solver on one
# maze (made by OLD, which NEW reads). Per row: whether the two outputs are the same
# maze (JSON, bar the "recipe" key newer builds add; for solvers the maze with its
# solution), and the median CPU seconds (user + system) of REPS
# runs, old and new interleaved so that machine load falls on both alike, with their
# ratio. Needs GNU time (/usr/bin/time). Prints a markdown table.
set -eu
old=$1 new=$2 size=${3:-2000x2000} reps=${4:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x /usr/bin/time ] || { echo "compare.sh: needs /usr/bin/time (GNU time)" >&2; exit 1; }

cpu() { # cpu FILE PROGRAM ARGS... : CPU seconds of one run, output kept in FILE
  local out=$1; shift
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$@" >"$out" 2>/dev/null || { echo fail; return; }
  awk '{ printf "%.3f", $1 + $2 }' "$tmp/t"
}
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# row NAME "CHECK ARGS" "TIMED ARGS" : both programs' JSON for CHECK ARGS compared,
# then TIMED ARGS run REPS times by each
row() {
  local name=$1 check=$2 timed=$3 to=() tn=()
  # shellcheck disable=SC2086 # the argument strings are split on purpose
  "$old" $check >"$tmp/o" 2>/dev/null || true
  # shellcheck disable=SC2086
  "$new" $check >"$tmp/n" 2>/dev/null || true
  local same=differ
  [ -s "$tmp/o" ] && cmp -s <(sed 's/"recipe":"[^"]*",//' "$tmp/o") <(sed 's/"recipe":"[^"]*",//' "$tmp/n") &&
    same=same
  for ((i = 0; i < reps; i++)); do
    # shellcheck disable=SC2086
    to+=("$(cpu /dev/null "$old" $timed)")
    # shellcheck disable=SC2086
    tn+=("$(cpu /dev/null "$new" $timed)")
  done
  local mo mn
  mo=$(echo "${to[*]}" | median) mn=$(echo "${tn[*]}" | median)
  printf '| %s | %s | %s | %s | %s |\n' "$name" "$same" "$mo" "$mn" \
    "$(awk -v a="$mo" -v b="$mn" 'BEGIN { print (a > 0) ? sprintf("%.2f", b / a) : "-" }')"
}

echo "| run | output | old CPU s | new CPU s | new / old |"
echo "|---|---|---|---|---|"
list() { "$1" generate --list-algorithms | awk '{ print $1, $2 }'; }
join <(list "$old" | sort) <(list "$new" | sort) | while read -r algo otopo ntopo; do
  for t in square hex; do
    case ",$otopo," in *",$t,"*) ;; *) continue ;; esac
    case ",$ntopo," in *",$t,"*) ;; *) continue ;; esac
    s=$size
    case $algo in aldous-broder | houston) s=$(awk -F x '{ printf "%dx%d", $1 / 2, $2 / 2 }' <<<"$size") ;; esac
    row "generate -a $algo -t $t -s $s" "generate -q -a $algo -t $t -s 300x200 --seed 7 --format json -o -" \
      "generate -q -a $algo -t $t -s $s --seed 7 -o $tmp/out.amz"
  done
done
"$old" generate -q -s 300x200 --seed 7 -o "$tmp/small.amz"
"$old" generate -q -s "$size" --seed 7 -o "$tmp/maze.amz"
solvers() { "$1" solve --list-algorithms | awk '{ print $1 }'; }
for a in $(comm -12 <(solvers "$old" | sort) <(solvers "$new" | sort)); do
  row "solve -a $a" "solve -q -a $a $tmp/small.amz --format json -o -" "solve -q -a $a $tmp/maze.amz -o $tmp/out.amz"
done
