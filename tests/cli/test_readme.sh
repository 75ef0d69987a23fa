#!/usr/bin/env bash
# test_readme.sh — the README's tour runs as written from a fresh clone: every line of
# every ```sh block of README.md, in a fresh folder that holds what a clone has there
# (examples/, data/, docs/img/), with the amaze under test first on PATH. A line fails
# if it exits non-zero. The games and the live
# animations need a terminal: they run on a pseudo-terminal (script) and are quit with
# Q after a moment, which must end them cleanly (exit 0). A line's comment saying
# "(exits 1)" marks a refusal the tour shows on purpose.
. "$(dirname "$0")/lib.sh"
SRC=${AMZ_SOURCE_DIR:?source directory}
cd "$T" || exit 1
mkdir -p bin docs/img
ln -s "$AMAZE" bin/amaze
for d in examples data; do
  [ -d "$SRC/$d" ] && cp -r "$SRC/$d" .
done
export PATH="$T/bin:$PATH" XDG_CACHE_HOME=$T/cache XDG_DATA_HOME=$T/share

# The commands: ```sh blocks, continued lines joined. A comment after a command is
# dropped, but one that says "(exits 1)" makes exit status 1 with an error message the
# expected outcome (the tour shows a refusal).
awk '/^```sh$/ { on = 1; next } /^```/ { on = 0 } on' "$SRC/README.md" |
  awk '{ if (sub(/\\$/, "")) { acc = acc $0; next } print acc $0; acc = "" }' |
  sed -e 's/^\(.*[^[:space:]]\)[[:space:]][[:space:]]*#[[:space:]].*(exits 1).*$/1 \1/' \
      -e 't' -e 's/[[:space:]][[:space:]]*#[[:space:]].*$//' -e 's/^/0 /' -e 's/[[:space:]]*$//' |
  grep -v '^0 *$' >commands.txt
[ -s commands.txt ] || fail "no commands found in README.md's sh blocks"

interactive() {
  case $1 in
    "amaze play"* | "amaze slide play"* | "amaze terrain view"*) return 0 ;;
    "amaze animate"*" -o "*) return 1 ;;
    "amaze animate"*) return 0 ;;
  esac
  return 1
}

n=0
while read -r want cmd; do
  n=$((n + 1))
  CHECKS=$((CHECKS + 1))
  if interactive "$cmd"; then
    # On a terminal of 100x30; Q quits every game and the live player.
    (sleep 2; printf 'Q'; sleep 1; printf 'q') |
      COLUMNS=100 LINES=30 TERM=xterm timeout -k 5 60 script -qec "$cmd" /dev/null >out.txt 2>err.txt
    rc=$?
  else
    # 900 s: the first pdb solve builds the 4x4 tables as a user's does (1.5-4 minutes
    # on an idle 2-core machine; a loaded test run has seen more than 5).
    timeout -k 5 900 bash -c "set -o pipefail; $cmd" </dev/null >out.txt 2>err.txt
    rc=$?
  fi
  if [ "$want" = 1 ]; then
    [ $rc -eq 1 ] && grep -q '^amaze: ' err.txt ||
      fail "README line $n: '$cmd' should refuse (exit 1 with a message), exited $rc: $(head -c 300 err.txt)"
  elif [ $rc -ne 0 ]; then
    fail "README line $n: '$cmd' exited $rc: $(head -c 300 err.txt)"
  fi
done <commands.txt
echo "ran $n README commands"
finish
