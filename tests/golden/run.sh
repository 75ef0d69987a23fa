#!/usr/bin/env bash
# run.sh AMAZE OUTDIR — runs every case of cases.txt with the program AMAZE, writing
# each output to OUTDIR/ID.EXT, and prints "SHA256 ID" per case. Exits 1 if a case's
# command fails (its stderr is shown). Used by tests/cli/test_golden.sh and update.sh.
set -u
amaze=${1:?program}
out=${2:?output folder}
here=$(cd "$(dirname "$0")" && pwd)
status=0
export LC_ALL=C
case $amaze in /*) ;; *) amaze=$PWD/$amaze ;; esac
case $out in /*) ;; *) out=$PWD/$out ;; esac
cd "$here" || exit 1 # the cases name their data as data/...
while read -r id ext args; do
  case $id in ''|'#'*) continue ;; esac
  args=${args//@DATA/data} # relative: recipes name the mask file as given
  # @ID: the output of an earlier case
  words=()
  for w in $args; do
    if [[ $w == @* && -f $out/${w#@}.out ]]; then w=$(cat "$out/${w#@}.out"); fi
    words+=("$w")
  done
  if [ "$ext" = "-" ]; then
    file=$out/$id.stdout
    "$amaze" "${words[@]}" </dev/null >"$file" 2>"$out/$id.err"
  else
    file=$out/$id.$ext
    "$amaze" "${words[@]}" -o "$file" </dev/null >/dev/null 2>"$out/$id.err"
  fi
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "case $id failed (exit $rc): amaze ${words[*]}" >&2
    cat "$out/$id.err" >&2
    status=1
    continue
  fi
  echo "$file" >"$out/$id.out"
  echo "$(sha256sum <"$file" | cut -d' ' -f1) $id"
done <"$here/cases.txt"
exit $status
