#!/usr/bin/env bash
# test_exports.sh LIBAMAZE.so — the shared library exports exactly its public API: every
# defined dynamic symbol is an amz_ function declared in a public header (internal
# helpers are hidden with -fvisibility=hidden), and every AMZ_API function of the
# library's headers is exported. Headers whose first line says "(libamaze-render)"
# belong to the drawing library and are checked against it instead, when given as $2.
set -u
lib=${1:?path to libamaze.so}
render_lib=${2:-}
src=${AMZ_SOURCE_DIR:?source directory}
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

core_headers=() render_headers=()
for h in "$src"/include/amaze.h "$src"/include/amaze/*.h; do
  if head -1 "$h" | grep -q '(libamaze-render)'; then render_headers+=("$h"); else core_headers+=("$h"); fi
done
declared() { cat "$@" | grep -E '^AMZ_API' | sed -E 's/\(.*//; s/.*[ *]//' | sort -u; }
exported() { nm -D --defined-only "$1" | awk '{ print $3 }' | grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$' | sort -u; }

check() { # check LIB NAME HEADERS...
  local lib=$1 name=$2
  shift 2
  declared "$@" >"$tmp/declared"
  exported "$lib" >"$tmp/exported"
  local extra missing
  extra=$(comm -13 "$tmp/declared" "$tmp/exported")
  missing=$(comm -23 "$tmp/declared" "$tmp/exported")
  [ -z "$extra" ] || { echo "$name exports symbols no public header declares:"; echo "$extra"; status=1; }
  [ -z "$missing" ] || { echo "$name does not export these AMZ_API functions:"; echo "$missing"; status=1; }
  [ $status -eq 0 ] && echo "ok: $name exports $(wc -l <"$tmp/exported") symbols, all public"
}
check "$lib" libamaze "${core_headers[@]}"
if [ -n "$render_lib" ] && [ ${#render_headers[@]} -gt 0 ]; then
  check "$render_lib" libamaze-render "${render_headers[@]}"
fi
exit $status
