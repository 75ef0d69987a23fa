#!/usr/bin/env bash
# test_cycles.sh OBJDIR... — no two object files of one source folder call each other
# in a circle (DESIGN.md: helpers that callees need live below them, not in the
# dispatcher). Reads the symbols each object defines and needs with nm, keeps the
# edges between objects of the same folder, and lets tsort find any loop.
set -u
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for root in "$@"; do
  find "$root" -name '*.c.o' | sort >"$tmp/objs"
  [ -s "$tmp/objs" ] || { echo "no object files under $root"; exit 1; }
  # "object folder symbol" for every defined global symbol
  while read -r o; do
    rel=${o#"$root"/}; dir=$(dirname "$rel")
    nm --defined-only -g "$o" | awk -v o="$rel" -v d="$dir" 'NF == 3 { print $3, o, d }'
  done <"$tmp/objs" | sort >"$tmp/defs"
  while read -r o; do
    rel=${o#"$root"/}
    nm -u "$o" | awk -v o="$rel" '{ print $NF, o }'
  done <"$tmp/objs" | sort >"$tmp/uses"
  # edges user -> definer within one folder
  join "$tmp/uses" "$tmp/defs" | awk '{ u = $2; d = $3; dir = $4; n = split(u, p, "/");
      ud = substr(u, 1, length(u) - length(p[n]) - 1); if (ud == dir && u != d) print u, d }' |
    sort -u >"$tmp/edges"
  # every object is a node (self-edges keep lone ones in tsort's view)
  awk '{ print $0, $0 }' "$tmp/objs" | sed "s|$root/||g" >>"$tmp/edges"
  if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
    echo "calls in a circle between object files under $root:"
    sed -e "s|^tsort: $tmp/edges: input contains a loop:|  a loop:|" -e 's|^tsort: |    |' "$tmp/loops"
    status=1
  fi
done
[ $status -eq 0 ] && echo "ok: no calls in a circle between the object files of a folder"
exit $status
