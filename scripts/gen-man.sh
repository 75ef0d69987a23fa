#!/usr/bin/env bash
# gen-man.sh AMAZE — writes the amaze(1) man page to stdout, made from the program's own
# help texts (`amaze --help`, `amaze help COMMAND`, and `amaze COMMAND SUB --help` for
# commands that list sub-commands), so the page and --help cannot disagree.
set -euo pipefail
amaze=$1

# Escapes text for a roff no-fill block: backslashes, lines starting with . or ', and
# non-ASCII characters (as \[uXXXX], which groff and mandoc both understand).
esc() {
  sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/" |
    perl -CS -pe 's/([^\x00-\x7f])/sprintf("\\[u%04X]", ord($1))/ge'
}

version=$("$amaze" --version | awk '{ print $2 }')
# The date of the source's last commit keeps the page reproducible for a given tree.
date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || true)
cat <<HEAD
.TH AMAZE 1 "${date:-unknown}" "amaze $version" "User Commands"
.SH NAME
amaze \- generate, solve, draw, animate and play mazes,
sliding puzzles and terrain maps
.SH SYNOPSIS
.B amaze
.I COMMAND
.RI [ options ]
.br
.B amaze help
.I COMMAND
.SH DESCRIPTION
.nf
HEAD
"$amaze" --help | esc
echo ".fi"
echo ".SH COMMANDS"
# The command names: the indented words under "Commands:" in amaze --help.
commands=$("$amaze" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on && $1 != "help" { print $1 }')
for c in $commands; do
  echo ".SS amaze $c"
  echo ".nf"
  help=$("$amaze" help "$c")
  printf '%s\n' "$help" | esc
  echo ".fi"
  subs=$(printf '%s\n' "$help" | awk '/^Commands:/ { on = 1; next } on && /^$/ { on = 0 } on { print $1 }')
  for s in $subs; do
    echo ".SS amaze $c $s"
    echo ".nf"
    "$amaze" "$c" "$s" --help | esc
    echo ".fi"
  done
done
cat <<'TAIL'
.SH EXIT STATUS
0 on success, 1 on failure (with one line on standard error of the form
\fBamaze: \fIwhat\fB: \fIwhy\fR), 2 on a usage error.
.SH FILES
Formats are specified in docs/FORMAT.md of the source distribution:
\fB.amz\fR mazes, JSON, text art and masks.
.SH SEE ALSO
The README and docs/ of the source distribution.
TAIL
