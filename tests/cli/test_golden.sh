#!/usr/bin/env bash
# test_golden.sh — reproducibility across versions and machines: every case of
# tests/golden/cases.txt (each generator and topology, the options, formats, solvers,
# pictures, animations, slide shuffles and terrain) gives output bytes whose SHA-256 is
# pinned in tests/golden/hashes.txt for this version. A changed hash is a changed
# output: see tests/golden/update.sh.
. "$(dirname "$0")/lib.sh"
G=$AMZ_TEST_DIR/golden
version=$("$AMAZE" --version | awk '{ print $2 }')
pinned=$(sed -n 's/^# version //p' "$G/hashes.txt")
[ "$pinned" = "$version" ] || fail "hashes.txt pins version $pinned, the program is $version (run tests/golden/update.sh)"
mkdir -p "$T/g"
bash "$G/run.sh" "$AMAZE" "$T/g" >"$T/got" 2>"$T/err" || fail "a golden case failed: $(head -5 "$T/err")"
while read -r hash id; do
  case $hash in ''|'#'*) continue ;; esac
  CHECKS=$((CHECKS + 1))
  got=$(awk -v id="$id" '$2 == id { print $1 }' "$T/got")
  [ "$got" = "$hash" ] || fail "golden $id: sha256 ${got:-missing}, pinned $hash"
done <"$G/hashes.txt"
# Every case has a pinned hash.
while read -r hash id; do
  grep -q " $id\$" "$G/hashes.txt" || fail "golden $id has no pinned hash"
done <"$T/got"
finish
