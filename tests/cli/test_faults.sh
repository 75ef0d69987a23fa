#!/usr/bin/env bash
# test_faults.sh — output under hostile conditions: devices, full disks, closed pipes,
# missing or unwritable folders, symbolic links, and signals in the middle of a write.
# Each ends with one clear line and exit 1 (a signal: 128 + its number; a closed pipe:
# 141 in silence, as Unix filters end), and never leaves a partial output file.
set -u
AMAZE=${AMAZE:?path to the amaze binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
no_temp_files() { ! ls -A "$1" | grep -q '\.tmp-' || fail "temporary file left in $1: $(ls -A "$1")"; }

# Devices are written in place, never replaced by a file.
"$AMAZE" generate -s 20x20 -o /dev/null --format amz || fail "writing /dev/null"
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
if [ -c /dev/full ]; then
  "$AMAZE" generate -s 200x200 -o /dev/full --format amz 2>"$tmp/err"
  [ $? -eq 1 ] || fail "/dev/full: exit status"
  grep -q '^amaze: /dev/full: write failed: No space left on device$' "$tmp/err" || fail "/dev/full: $(cat "$tmp/err")"
  [ -c /dev/full ] || fail "/dev/full is no longer a character device"
fi

# A closed pipe ends the command quietly with 141 (128 + SIGPIPE), whatever it writes.
"$AMAZE" slide shuffle 32x32 --seed 1 >"$tmp/board.txt"
"$AMAZE" generate -s 1000x1000 --seed 1 -o "$tmp/k.amz"
for args in "generate -s 2000x2000 --format amz" "generate -s 2000x2000 --format text" \
            "slide solve $tmp/board.txt -a fast" "solve $tmp/k.amz --format text" "render $tmp/k.amz"; do
  # shellcheck disable=SC2086
  "$AMAZE" $args 2>"$tmp/err" | head -c 10 >/dev/null
  st=${PIPESTATUS[0]}
  [ "$st" -eq 141 ] || fail "closed stdout ($args): exit $st"
  [ ! -s "$tmp/err" ] || fail "closed stdout ($args): $(cat "$tmp/err")"
done

# Missing folder, a folder as output, a path through a file.
"$AMAZE" generate -o "$tmp/missing/m.amz" 2>"$tmp/err"; [ $? -eq 1 ] || fail "missing folder: exit"
grep -q 'cannot create: No such file or directory' "$tmp/err" || fail "missing folder: $(cat "$tmp/err")"
"$AMAZE" generate --format amz -o "$tmp" 2>"$tmp/err"; [ $? -eq 1 ] || fail "folder as output: exit"
grep -q 'Is a directory' "$tmp/err" || fail "folder as output: $(cat "$tmp/err")"
touch "$tmp/file"
"$AMAZE" generate -o "$tmp/file/m.amz" 2>"$tmp/err"; [ $? -eq 1 ] || fail "path through a file: exit"
grep -q 'Not a directory' "$tmp/err" || fail "path through a file: $(cat "$tmp/err")"
no_temp_files "$tmp"

# Replacing through a symbolic link keeps the link and the file's permissions.
"$AMAZE" generate -s 3x3 --seed 1 -o "$tmp/real.amz" && chmod 640 "$tmp/real.amz"
ln -s real.amz "$tmp/link.amz"
"$AMAZE" generate -s 4x4 --seed 2 -o "$tmp/link.amz" || fail "write through a link"
[ -L "$tmp/link.amz" ] || fail "the symbolic link was replaced"
[ "$(stat -c %a "$tmp/real.amz")" = 640 ] || fail "permissions not kept"
"$AMAZE" stats --json "$tmp/link.amz" | grep -q '"width":4,' || fail "the link's target was not replaced"

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
