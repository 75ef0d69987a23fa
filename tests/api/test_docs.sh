#!/usr/bin/env bash
# test_docs.sh — every function declared in include/ has a doc comment: the lines right
# above its declaration (or above the group of declarations it belongs to, with no
# blank line between) end a /* ... */ comment. Headers are the API reference.
set -u
src=${AMZ_SOURCE_DIR:?source directory}
status=0
for h in "$src"/include/amaze.h "$src"/include/amaze/*.h; do
  awk -v file="${h#$src/}" '
    function kind_of(line) {
      if (line ~ /^[[:space:]]*$/) return "blank"
      if (line ~ /\*\/[[:space:]]*$/) return "comment"
      return "other"
    }
    {
      line = $0
      if (in_decl) {                       # continuation of a multi-line declaration
        if (line ~ /;/) in_decl = 0
        prev = "decl"; next
      }
      if (line ~ /^AMZ_API/) {
        if (prev == "comment" || (prev == "decl" && group_ok)) {
          group_ok = 1
        } else {
          name = line; sub(/\(.*/, "", name); n = split(name, parts, /[ *]+/)
          printf "%s:%d: %s has no doc comment\n", file, NR, parts[n]
          bad = 1; group_ok = 0
        }
        if (line !~ /;/) in_decl = 1
        prev = "decl"; next
      }
      prev = kind_of(line)
      if (prev != "comment") group_ok = 0
    }
    END { exit bad }' "$h" || status=1
done
[ $status -eq 0 ] && echo "ok: every public function is documented"
exit $status
