#!/usr/bin/env bash
# update.sh [AMAZE] — rewrites hashes.txt from the program's outputs (default
# build/amaze). Outputs are part of the contract: when a hash changes on purpose,
# bump the version (CMakeLists.txt, include/amaze/version.h) and say in CHANGELOG.md
# what changed and why; this script refuses to change a hash under the same version.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
amaze=${1:-$here/../../build/amaze}
version=$("$amaze" --version | awk '{ print $2 }')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$here/run.sh" "$amaze" "$tmp" >"$tmp/new"
old_version=$(sed -n 's/^# version //p' "$here/hashes.txt" 2>/dev/null || true)
if [ "$old_version" = "$version" ] && [ "${FORCE:-0}" != 1 ]; then
  changed=$(join -1 2 -2 2 <(grep -v '^#' "$here/hashes.txt" | sort -k2) <(sort -k2 "$tmp/new") |
    awk '$2 != $3 { print $1 }')
  if [ -n "$changed" ]; then
    echo "update.sh: outputs changed under version $version: $changed" >&2
    echo "bump the version and note it in CHANGELOG.md (or FORCE=1 for a new case)" >&2
    exit 1
  fi
fi
{ echo "# version $version"; echo "# SHA-256 ID (tests/golden/cases.txt; regenerate with tests/golden/update.sh)"; cat "$tmp/new"; } >"$here/hashes.txt"
echo "hashes.txt: $(wc -l <"$tmp/new") cases for version $version"
