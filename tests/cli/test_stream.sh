#!/usr/bin/env bash
# test_stream.sh — `amaze generate --stream`: the streamed .amz and PNG are the maze
# (and the picture) the in-memory path makes with the same seed, repeat byte for byte,
# work on a pipe, read back in solve/render/stats; what cannot stream is a usage error;
# failed writes and signals leave no file; the memory guard; the progress bar shows
# on a terminal only (and not with --quiet).
. "$(dirname "$0")/lib.sh"

for a in eller sidewinder binary-tree; do
  for size in 1x1 9x4 65x33 130x7; do
    run generate -a "$a" -s "$size" --seed 77 -o "$T/n.amz"; expect_ok "$a $size in memory"
    run generate -a "$a" -s "$size" --seed 77 --stream -o "$T/s.amz"; expect_ok "$a $size streamed"
    # Flags: the streamed-rows layout (bit 2) and the recipe record (bit 3).
    [ "$(od -An -tx1 -j11 -N1 "$T/s.amz" | tr -d ' ')" = 0c ] || fail "$a $size: flags byte is not the streamed-rows bit"
    run render "$T/n.amz" --style blocks; cp "$OUT" "$T/n.txt"
    run render "$T/s.amz" --style blocks; expect_ok "render streamed $a $size"
    cmp -s "$OUT" "$T/n.txt" || fail "$a $size: streamed maze differs from the in-memory one"
    run generate -a "$a" -s "$size" --seed 77 --stream -o -; expect_ok "$a $size to stdout"
    cmp -s "$OUT" "$T/s.amz" || fail "$a $size: stdout stream differs from the file (or from the first run)"
    run generate -a "$a" -s "$size" --seed 77 --stream -o "$T/s.png"; expect_ok "$a $size png"
    run render "$T/n.amz" --stream -o "$T/r.png"; expect_ok "render --stream $a $size"
    cmp -s "$T/s.png" "$T/r.png" || fail "$a $size: streamed PNG differs from amaze render --stream"
  done
done
run generate -a binary-tree --bias sw:0.8 -s 40x30 --seed 5 --start 3,4 --goal 10,2 -o "$T/n.amz"
run generate -a binary-tree --bias sw:0.8 -s 40x30 --seed 5 --start 3,4 --goal 10,2 --stream -o "$T/s.amz"
expect_ok "bias, start and goal"
run stats "$T/n.amz" --json; cp "$OUT" "$T/n.json"
run stats "$T/s.amz" --json; expect_ok "stats of a streamed file"
cmp -s "$OUT" "$T/n.json" || fail "stats differ between streamed and in-memory maze"
run solve "$T/s.amz" -o "$T/sol.amz"; expect_ok "solve a streamed file"
run solve "$T/n.amz" -o "$T/sol2.amz"
cmp -s "$T/sol.amz" "$T/sol2.amz" || fail "solving the streamed file gave another file"

# What cannot stream: usage errors, nothing written.
mkdir "$T/o"
run generate --stream -a backtracker -o "$T/o/x.amz"; expect_fail 2 "cannot stream" "backtracker"
run generate --stream -a eller -t hex -o "$T/o/x.amz"; expect_fail 2 "hex" "hex"
run generate --stream -a eller --braid 0.5 -o "$T/o/x.amz"; expect_fail 2 "--braid" "braid"
run generate --stream -a eller --longest -o "$T/o/x.amz"; expect_fail 2 "--longest" "longest"
run generate --stream -a eller --shape circle -o "$T/o/x.amz"; expect_fail 2 "--shape" "shape"
run generate --stream -a eller -o "$T/o/x.json"; expect_fail 2 ".amz or .png" "json file"
run generate --stream -a eller --format text -o "$T/o/x"; expect_fail 2 "amz or png" "text format"
run generate --stream -a eller -s 5x5 --start 5,0 -o "$T/o/x.amz"; expect_fail 1 "outside" "start outside"
run generate --stream -a eller -s 100000x10 --max-memory 64K -o "$T/o/x.amz"
expect_fail 1 "raise with --max-memory" "memory guard"
expect_empty_dir "$T/o" "refused streams"

# Failed writes: one line, exit 1, no file.
if [ -c /dev/full ]; then
  run generate --stream -a eller -s 500x500 --format amz -o /dev/full
  expect_fail 1 "No space left on device" "/dev/full"
fi
"$AMAZE" generate --stream -a sidewinder -s 4000x4000 2>"$T/err" | head -c 10 >/dev/null
st=${PIPESTATUS[0]}
[ "$st" -eq 141 ] || fail "closed pipe: exit $st"
[ ! -s "$T/err" ] || fail "closed pipe: $(cat "$T/err")"
# A signal in the middle of a big stream: the temporary file goes, nothing is left.
"$AMAZE" generate --stream -a eller -s 30000x30000 -o "$T/o/big.amz" 2>"$T/err" &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
st=$?
[ "$st" -eq 143 ] || fail "SIGTERM: exit $st"
grep -q '^amaze: generate: terminated (SIGTERM)$' "$T/err" || fail "SIGTERM: $(cat "$T/err")"
expect_empty_dir "$T/o" "interrupted stream"

# Progress: a bar with rate and ETA on a terminal's stderr; never off a terminal or
# with --quiet. AMAZE_PROGRESS_DELAY=0 shows it at once rather than after a second.
# (script runs the line with /bin/sh; no timeout inside it: it would leave the
# terminal's foreground group.)
export AMAZE_PROGRESS_DELAY=0
tty_run() {
  timeout --foreground -k 5 60 script -qec "$1" /dev/null </dev/null >"$OUT" 2>"$ERR"
  RC=$?
  crash_check "tty: $1"
}
# bar_and_quiet ARGS — amaze ARGS on a terminal shows the bar, and not with -q.
bar_and_quiet() {
  tty_run "'$AMAZE' $1"
  [ "$RC" -eq 0 ] || fail "progress run ($1): exit $RC"
  grep -q 'cells/s  ETA' "$OUT" || fail "no progress bar on a terminal ($1): $(head -c 200 "$OUT")"
  tty_run "'$AMAZE' $1 -q"
  grep -q 'ETA' "$OUT" && fail "progress bar despite -q ($1)"
}
for args in "--stream -o $T/p.amz" "--stream -o $T/p.png" "-o $T/p.amz"; do
  bar_and_quiet "generate -a eller -s 1500x1500 $args"
done
# Watching changes nothing: the maze made under a bar (in memory, each row generator
# then runs its row loop) is the one made without.
for a in eller sidewinder binary-tree backtracker prim kruskal; do
  tty_run "'$AMAZE' generate -a $a -s 700x300 --seed 8 -o $T/bar.amz"
  grep -q 'cells/s  ETA' "$OUT" || fail "no progress bar for $a in memory"
  run generate -a "$a" -s 700x300 --seed 8 -o "$T/nobar.amz"; expect_ok "$a without a bar"
  cmp -s "$T/bar.amz" "$T/nobar.amz" || fail "$a: the maze made under a progress bar differs"
done
run generate -a eller -s 1500x1500 -o "$T/p.amz"
for cmd in "solve $T/p.amz -o $T/q.amz" "solve $T/p.amz --threads 2 -o $T/q.amz" \
    "render $T/p.amz --stream -o $T/q.png"; do
  bar_and_quiet "$cmd"
done
run generate -a eller -s 1500x1500 --stream -o "$T/p.amz"; expect_ok "no bar off a terminal"
run solve "$T/p.amz" -o "$T/q.amz"; expect_ok "no bar off a terminal (solve)"
tty_run "'$AMAZE' solve $T/p.amz --threads 2 -o $T/bar.amz"
run solve "$T/p.amz" --threads 2 -o "$T/nobar.amz"; expect_ok "solve --threads 2 without a bar"
cmp -s "$T/bar.amz" "$T/nobar.amz" || fail "solve --threads 2: the path found under a progress bar differs"
unset AMAZE_PROGRESS_DELAY
tty_run "'$AMAZE' generate -a eller -s 300x300 --stream -o $T/p.amz"
grep -q 'ETA' "$OUT" && fail "progress bar for a run far shorter than a second"

finish
