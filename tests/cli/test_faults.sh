#!/usr/bin/env bash
# test_faults.sh — output under hostile conditions: devices, full disks, closed pipes,
# missing or unwritable folders, symbolic links, and signals in the middle of a write.
# Each ends with one clear line and exit 1, and never leaves a partial output file.
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

# A closed pipe: exit 1 with a message, not a silent death by SIGPIPE.
"$AMAZE" generate -s 2000x2000 --format amz 2>"$tmp/err" | head -c 10 >/dev/null
st=${PIPESTATUS[0]}
[ "$st" -eq 1 ] || fail "closed stdout: exit $st"
grep -q '^amaze: standard output: write failed: Broken pipe$' "$tmp/err" || fail "closed stdout: $(cat "$tmp/err")"

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

# A signal in the middle of a long write: stop the program as soon as its temporary file
# exists, queue SIGINT or SIGTERM, let it run: exit 1, one line, no file at all.
for sig in INT TERM; do
  out=$tmp/sig$sig
  mkdir "$out"
  "$AMAZE" generate -s 3000x3000 --seed 3 -o "$out/big.txt" 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 1 600); do
    ls -A "$out" | grep -q '\.tmp-' && break
    sleep 0.02
  done
  kill -STOP $pid 2>/dev/null
  ls -A "$out" | grep -q '\.tmp-' || fail "SIG$sig: the write was not caught in progress"
  kill -$sig $pid
  kill -CONT $pid
  wait $pid
  st=$?
  [ "$st" -eq 1 ] || fail "SIG$sig: exit $st"
  [ -z "$(ls -A "$out")" ] || fail "SIG$sig: left $(ls -A "$out")"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^amaze: generate: ' "$tmp/err" || fail "SIG$sig: $(cat "$tmp/err")"
done

[ "$fails" -eq 0 ] || { echo "$fails failure(s)" >&2; exit 1; }
echo ok
