#!/usr/bin/env bash
# test_exports.sh LIBAMAZE.so — the shared library exports exactly the public API: every
# defined dynamic symbol is an amz_ name declared in a public header (internal helpers
# are hidden with -fvisibility=hidden), and every function declared with AMZ_API is
# exported.
set -u
lib=${1:?path to libamaze.so}
src=${AMZ_SOURCE_DIR:?source directory}
status=0
headers=$(cat "$src"/include/amaze.h "$src"/include/amaze/*.h)
exported=$(nm -D --defined-only "$lib" | awk '{ print $3 }' | grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$' | sort)
for s in $exported; do
  case $s in
    amz_*) ;;
    *) echo "exported symbol without the amz_ prefix: $s"; status=1; continue ;;
  esac
  printf '%s\n' "$headers" | grep -q -E "[ *]$s\(" || { echo "exported but not in a public header: $s"; status=1; }
done
declared=$(printf '%s\n' "$headers" | grep -E '^AMZ_API' | sed -E 's/\(.*//; s/.*[ *]//' | sort -u)
for s in $declared; do
  printf '%s\n' "$exported" | grep -qx "$s" || { echo "declared AMZ_API but not exported: $s"; status=1; }
done
[ $status -eq 0 ] && echo "ok: $(printf '%s\n' "$exported" | wc -l) exported symbols, all public"
exit $status
