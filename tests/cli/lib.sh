# lib.sh — helpers for the CLI end-to-end tests (sourced by tests/cli/test_*.sh).
#
# $AMAZE is the program under test. Every check records a failure and goes on, so one
# run lists every problem; `finish` exits 1 if anything failed. Runs are checked for
# crashes: an exit status of 128 or more (a signal) or a sanitizer report fails.
# Only bash, coreutils and util-linux (`script`, for a terminal) are needed.

set -u
: "${AMAZE:?set AMAZE to the amaze program}"
export LC_ALL=C.UTF-8 2>/dev/null || export LC_ALL=C
unset NO_COLOR

T=$(mktemp -d "${TMPDIR:-/tmp}/amaze-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
FAILURES=0
CHECKS=0
OUT=$T/stdout
ERR=$T/stderr
RC=0

fail() {
    FAILURES=$((FAILURES + 1))
    echo "FAIL: $*" >&2
}

# run ARGS... — runs amaze with stdin from /dev/null; RC, $OUT, $ERR hold the results.
run() {
    "$AMAZE" "$@" </dev/null >"$OUT" 2>"$ERR"
    RC=$?
    crash_check "$*"
}

# run_in FILE ARGS... — the same with stdin from FILE.
run_in() {
    local input=$1
    shift
    "$AMAZE" "$@" <"$input" >"$OUT" 2>"$ERR"
    RC=$?
    crash_check "$* < $input"
}

# Checks the last run for a crash; loads stderr into ERRLINES (builtins only: the
# suite runs hundreds of commands, so helpers avoid spawning processes).
crash_check() {
    CHECKS=$((CHECKS + 1))
    mapfile -t ERRLINES <"$ERR"
    if [ "$RC" -ge 128 ]; then
        fail "$1: killed by a signal (exit $RC)"
    fi
    local line
    for line in "${ERRLINES[@]}"; do
        if [[ $line =~ Sanitizer|runtime\ error: ]]; then
            fail "$1: sanitizer report:"
            printf '    %s\n' "${ERRLINES[@]}" >&2
            break
        fi
    done
}

# expect_ok DESC — exit 0 and nothing on stderr.
expect_ok() {
    if [ "$RC" -ne 0 ]; then
        fail "$1: exit $RC, expected 0; stderr: ${ERRLINES[*]:0:3}"
    elif [ -s "$ERR" ]; then
        fail "$1: unexpected stderr: ${ERRLINES[*]:0:3}"
    fi
}

# expect_fail CODE NEEDLE DESC — exit CODE; stderr is one line "amaze: <what>: <why>"
# containing NEEDLE (for usage errors, exit 2, the line may be followed by the hint
# "Try 'amaze CMD --help'."); nothing on stdout. Call after run/run_in/crash_check.
expect_fail() {
    local code=$1 needle=$2 desc=$3 first=${ERRLINES[0]-}
    if [ "$RC" -ne "$code" ]; then
        fail "$desc: exit $RC, expected $code; stderr: ${ERRLINES[*]:0:3}"
        return
    fi
    if ! [[ $first =~ ^amaze:\ [^:]+:\ .+ ]]; then
        fail "$desc: message not of the form 'amaze: <what>: <why>': $first"
    fi
    if [ "${#ERRLINES[@]}" -eq 2 ] && [ "$code" -eq 2 ]; then
        if ! [[ ${ERRLINES[1]} =~ ^Try\ \'amaze\ ([a-z]+\ )?--help\'\.$ ]]; then
            fail "$desc: second stderr line is not the --help hint: ${ERRLINES[1]}"
        fi
    elif [ "${#ERRLINES[@]}" -ne 1 ]; then
        fail "$desc: ${#ERRLINES[@]} lines on stderr, expected one: ${ERRLINES[*]}"
    fi
    if [ -n "$needle" ] && [[ $first != *"$needle"* ]]; then
        fail "$desc: message lacks '$needle': $first"
    fi
    if [ -s "$OUT" ]; then
        fail "$desc: wrote to stdout on failure"
    fi
}

# expect_empty_dir DIR DESC — no file at all (no output, no temporary file).
expect_empty_dir() {
    local left
    shopt -s nullglob dotglob
    left=("$1"/*)
    shopt -u nullglob dotglob
    if [ "${#left[@]}" -ne 0 ]; then
        fail "$2: left files behind in the output folder: ${left[*]}"
        return 1
    fi
}

# expect_no_temp DIR DESC — no hidden temporary file of an atomic write.
expect_no_temp() {
    local left
    left=$(ls -A "$1" | grep -E '^\..*\.tmp-' || true)
    if [ -n "$left" ]; then
        fail "$2: temporary files left: $left"
    fi
}

# expect_stdout_has TEXT DESC / expect_file_has FILE TEXT DESC
expect_stdout_has() {
    grep -qF -- "$1" "$OUT" || fail "$2: stdout lacks '$1'"
}

# is_amz FILE — starts with the .amz magic.
is_amz() {
    [ "$(head -c 4 "$1" | od -An -tx1 | tr -d ' \n')" = "89414d5a" ]
}

# json_num FILE KEY — the number after "KEY": in a one-line JSON object (builtins only).
json_num() {
    local line re="\"$2\":(-?[0-9.]+)"
    IFS= read -r line <"$1"
    [[ $line =~ $re ]] && echo "${BASH_REMATCH[1]}"
}

# json_word FILE KEY — true, false, null or a "string" value (without escapes).
json_word() {
    local line re="\"$2\":(\"[^\"]*\"|true|false|null)"
    IFS= read -r line <"$1"
    [[ $line =~ $re ]] && echo "${BASH_REMATCH[1]}"
}

# json_list FILE KEY — the elements of "KEY":[...] one per line.
json_list() {
    local line re="\"$2\":\[([^]]*)\]" items
    IFS= read -r line <"$1"
    [[ $line =~ $re ]] || return 0
    IFS=, read -r -a items <<<"${BASH_REMATCH[1]}"
    [ "${#items[@]}" -eq 0 ] || printf '%s\n' "${items[@]}"
}

# on_tty COMMAND — runs a shell command line with a terminal as stdin/stdout/stderr
# (util-linux `script`); output with CR LF line ends goes to $OUT, RC is its status.
on_tty() {
    TERM=xterm script -qec "$1" /dev/null </dev/null >"$OUT" 2>"$ERR"
    RC=$?
    crash_check "tty: $1"
}

finish() {
    if [ "$FAILURES" -ne 0 ]; then
        echo "$(basename "$0"): $FAILURES of $CHECKS runs had failures" >&2
        exit 1
    fi
    echo "$(basename "$0"): $CHECKS runs, all checks passed"
    exit 0
}
