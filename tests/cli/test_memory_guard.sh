#!/usr/bin/env bash
# test_memory_guard.sh — solve, stats and render estimate their memory before working:
# past --max-memory they refuse with one line naming the estimate and the option, and
# write nothing; a limit that covers the estimate lets them run. A maze the reader
# itself cannot fit names the option too.
. "$(dirname "$0")/lib.sh"

# 300x300 square maze: 90000 cells at 2 bits = 22500 bytes of passages (22.0 KB).
run generate -s 300x300 --seed 4 -o "$T/m.amz"; expect_ok "generate"
mkdir "$T/o"

run solve "$T/m.amz" --max-memory 40K -o "$T/o/s.amz"
expect_fail 1 "raise with --max-memory" "solve over the limit"
[[ ${ERRLINES[0]} == *"bfs on this 300x300 maze (22.0 KB for the maze"*"needs about"*"more than the 40.0 KB allowed"* ]] ||
  fail "solve guard message: ${ERRLINES[0]}"
run solve "$T/m.amz" --max-memory 1M -o "$T/o/s.amz"; expect_ok "solve within the limit"
rm -f "$T/o/s.amz"
# Solvers differ in working memory: each one's guard uses its own bits per cell.
for a in bfs dfs astar bidir dead-end-fill tremaux; do
  run solve -a "$a" "$T/m.amz" --max-memory 36K -o "$T/o/s.amz"
  expect_fail 1 "$a on this 300x300 maze" "solve -a $a over the limit"
done

run stats "$T/m.amz" --max-memory 100K
expect_fail 1 "raise with --max-memory" "stats over the limit"
[[ ${ERRLINES[0]} == *"measuring this 300x300 maze ("*"needs about"* ]] || fail "stats guard message: ${ERRLINES[0]}"
run stats "$T/m.amz" --max-memory 2M; expect_ok "stats within the limit"

# In memory a picture is 4 bytes a pixel; streamed it is a few rows.
run render "$T/m.amz" -o "$T/o/m.png" --max-memory 1M
expect_fail 1 "raise with --max-memory" "render over the limit"
[[ ${ERRLINES[0]} == *"px png of this 300x300 maze"* ]] || fail "render guard message: ${ERRLINES[0]}"
run render "$T/m.amz" -o "$T/o/m.png" --stream --max-memory 1M; expect_ok "streamed render within the same limit"
rm -f "$T/o/m.png"
run render "$T/m.amz" -o "$T/o/m.svg" --max-memory 1M
expect_fail 1 "raise with --max-memory" "svg over the limit"
expect_empty_dir "$T/o" "refused commands"

# The reader's limit (the maze itself does not fit): the option is named too.
run solve "$T/m.amz" --max-memory 10K -o "$T/o/s.amz"
expect_fail 1 "raise with --max-memory" "reader limit"
[[ ${ERRLINES[0]} == *"a 300x300 maze needs about 33 KB, more than the 10 KB allowed"* ]] ||
  fail "reader limit message: ${ERRLINES[0]}"
expect_empty_dir "$T/o" "reader limit"

finish
