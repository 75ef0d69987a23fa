#!/usr/bin/env bash
# test_play.sh — the terminal games end to end, headless in tmux: `amaze play` (square
# and hex) and `amaze slide play` are won with key sequences computed here from the same
# seed (`amaze solve --json`, `amaze slide solve`), the win panel is read back with
# capture-pane, then q (or Q) quits: exit status 0 and the terminal modes restored
# (`stty -a` in the same pane shows echo and icanon on again, the alternate screen is
# off). Also: walls refuse moves, undo, SIGTERM and Ctrl-C restore the terminal and
# exit 1, the best time lands in the private $XDG_DATA_HOME, a corrupt scores file is
# reported and survives as a warning only, and the refusals without a terminal.
# Every wait polls with a deadline, so a hung game fails in seconds.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1

# ---- without a terminal: clear errors, nothing hangs ----
run play --seed 1 -s 5x5
expect_fail 1 "needs a terminal" "play without a terminal"
run slide play 3x3 --seed 1
expect_fail 1 "needs a terminal" "slide play without a terminal"
run slide play 11x3
expect_fail 2 "from 2 to 10" "slide play 11x3"
run play --file m.amz --seed 3
expect_fail 2 "drop --seed" "play --file with --seed"
run play -t polar
expect_fail 2 "not polar ones" "play -t polar"
run play --help
expect_ok "play --help"
grep -q -- "--fog" "$OUT" || fail "play --help lacks --fog"
run slide play --help
expect_ok "slide play --help"
grep -q -- "--walk" "$OUT" || fail "slide play --help lacks --walk"

if ! command -v tmux >/dev/null 2>&1; then
    fail "tmux is missing (scripts/deps.sh installs it)"
    finish
fi

SOCK=amaze-test-$$-0
export TMUX_TMPDIR=$T    # the servers' sockets go away with the test's folder
SESSIONS=0
export XDG_DATA_HOME=$T/data XDG_CACHE_HOME=$T/cache
mkdir -p "$XDG_DATA_HOME"
tm() { tmux -L "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT
START_ENV=()
ESC=$'\e'

# start NAME ARGS... — runs amaze ARGS (with the VAR=VALUE settings in START_ENV) in
# a fresh 100x40 tmux session. The pane's shell
# records the game's pid, then its exit status and `stty -a` after the game ends, and
# stays a while so the screen can be read. Ctrl-C is caught by that shell (trap), so
# only the game gets it.
start() {
    local name=$1
    shift
    # Each game gets a server of its own: a client that connects while the previous
    # server is still shutting down (kill-server does not wait) fails with "server
    # exited unexpectedly", as it did once on a loaded CI machine.
    tm kill-server >/dev/null 2>&1
    SESSIONS=$((SESSIONS + 1))
    SOCK=amaze-test-$$-$SESSIONS
    {
        echo 'trap : INT'
        printf 'sh -c '\''echo $$ > %q/pid; exec env "$@"'\'' env' "$T"
        printf ' %q' "${START_ENV[@]}" "$AMAZE"
        printf ' %q' "$@"
        printf ' 2>%q/err\n' "$T"
        echo 'echo "EXIT=$?"'
        echo 'stty -a | tr "\n" " "; echo; echo STTY-DONE'
        echo 'sleep 30'
    } >"$T/run.sh"
    rm -f "$T/pid"
    TERM=xterm-256color tm new-session -d -x "${START_COLS:-100}" -y 40 -s "$name" "sh $T/run.sh" ||
        { fail "$name: tmux new-session failed"; return 1; }
}

# screen — the pane's text now.
screen() { tm capture-pane -p -J 2>/dev/null; }

# wait_for REGEX DESC [TENTHS] — polls the screen until it matches (default 10 s).
wait_for() {
    local re=$1 desc=$2 tries=${3:-100} i
    CHECKS=$((CHECKS + 1))
    for ((i = 0; i < tries; i++)); do
        SCREEN=$(screen)
        [[ $SCREEN =~ $re ]] && return 0
        sleep 0.1
    done
    fail "$desc: '$re' not on screen after $((tries / 10)) s; screen:"
    printf '%s\n' "$SCREEN" | sed -n '1,25p' >&2
    return 1
}

# finished DESC CODE — waits for the game to end with exit status CODE, then checks
# that the terminal was restored and nothing went to stderr but what is expected.
finished() {
    local desc=$1 code=$2
    wait_for "EXIT=[0-9]+.*STTY-DONE" "$desc: game did not end" || return
    [[ $SCREEN =~ EXIT=([0-9]+) ]]
    [ "${BASH_REMATCH[1]}" = "$code" ] || fail "$desc: exit status ${BASH_REMATCH[1]}, expected $code; stderr: $(cat "$T/err")"
    [[ $SCREEN =~ [[:space:]]icanon[[:space:]] ]] || fail "$desc: terminal left without icanon"
    [[ $SCREEN =~ [[:space:]]echo[[:space:]] ]] || fail "$desc: terminal left without echo"
    [ "$(tm display -p '#{alternate_on}')" = 0 ] || fail "$desc: still on the alternate screen"
    if grep -qE 'Sanitizer|runtime error' "$T/err"; then
        fail "$desc: sanitizer report:"
        cat "$T/err" >&2
    fi
}

# keys_for_path WIDTH TOPOLOGY CELL... — one move name (N E S W / N NE SE S SW NW) per
# step between consecutive cells, from the cells' columns and rows (hex: odd-q).
keys_for_path() {
    local w=$1 topo=$2 prev="" c
    shift 2
    MOVES=()
    for c in "$@"; do
        if [ -n "$prev" ]; then
            local px=$((prev % w)) py=$((prev / w)) x=$((c % w)) y=$((c / w))
            local dx=$((x - px)) dy=$((y - py))
            if [ "$topo" = square ]; then
                case "$dx,$dy" in 0,-1) MOVES+=(N) ;; 1,0) MOVES+=(E) ;; 0,1) MOVES+=(S) ;; -1,0) MOVES+=(W) ;; *) fail "bad step $prev -> $c" ;; esac
            else
                # odd-q: from an odd column, the side neighbours are half a row lower.
                [ $((px % 2)) = 1 ] && [ "$dx" != 0 ] && dy=$((dy - 1))
                case "$dx,$dy" in
                0,-1) MOVES+=(N) ;; 0,1) MOVES+=(S) ;;
                1,-1) MOVES+=(NE) ;; 1,0) MOVES+=(SE) ;;
                -1,-1) MOVES+=(NW) ;; -1,0) MOVES+=(SW) ;;
                *) fail "bad hex step $prev -> $c" ;;
                esac
            fi
        fi
        prev=$c
    done
}

# ---- amaze play: a 5x5 square maze, won on the shortest path ----
"$AMAZE" generate --seed 1 -s 5x5 -o "$T/m5.amz" && "$AMAZE" solve --json "$T/m5.amz" >"$T/m5.json" ||
    fail "generate/solve for the key sequence"
mapfile -t cells < <(json_list "$T/m5.json" solution)
keys_for_path 5 square "${cells[@]}"
optimal=${#MOVES[@]}
[ "$optimal" -gt 0 ] || fail "no solution path in $T/m5.json"

start maze play --seed 1 -s 5x5
wait_for "moves 0 .*optimal $optimal" "play: status line"
# Pushing into walls changes nothing: the border (up, left) and any closed inner wall
# of the start cell (its "cells" mask: N=1 E=2 S=4 W=8).
mapfile -t masks < <(json_list "$T/m5.json" cells)
walls=(Up Left)
(((masks[0] & 2) == 0)) && walls+=(Right)
(((masks[0] & 4) == 0)) && walls+=(Down)
[ ${#walls[@]} -eq 3 ] || fail "play: the start cell of a perfect maze has one way out here"
tm send-keys "${walls[@]}"
sleep 0.3
wait_for "moves 0 " "play: walls refuse moves"
first=${MOVES[0]}
# A step and its undo.
case $first in N) k=Up ;; E) k=Right ;; S) k=Down ;; W) k=Left ;; esac
tm send-keys "$k"
wait_for "moves 1 " "play: one move"
tm send-keys u
wait_for "moves 0 " "play: undo"
# The winning path, cycling through the three key sets: arrows, WASD, hjkl.
keys=()
for i in "${!MOVES[@]}"; do
    case "$((i % 3))${MOVES[i]}" in
    0N) keys+=(Up) ;; 0E) keys+=(Right) ;; 0S) keys+=(Down) ;; 0W) keys+=(Left) ;;
    1N) keys+=(w) ;; 1E) keys+=(d) ;; 1S) keys+=(s) ;; 1W) keys+=(a) ;;
    2N) keys+=(k) ;; 2E) keys+=(l) ;; 2S) keys+=(j) ;; 2W) keys+=(h) ;;
    esac
done
tm send-keys "${keys[@]}"
wait_for "YOU WIN" "play: win panel"
wait_for "moves $optimal +optimal $optimal" "play: panel's moves and optimal"
wait_for "efficiency 100%" "play: efficiency"
# Colours: the walls are drawn with a foreground colour (SGR 30-37).
tm capture-pane -e -p >"$T/colors"
grep -q "$ESC\[[0-9;]*3[0-7]m" "$T/colors" || fail "play: no colours on a colour terminal"
tm send-keys q
finished "play 5x5" 0

# ---- amaze play on a maze of levels: the player's level drawn, stairs climbed with
# < and > (and PgUp/PgDn), won on the shortest path; the best time keyed with levels ----
"$AMAZE" generate --seed 5 -s 4x3x2 -o "$T/l3.amz" && "$AMAZE" solve --json "$T/l3.amz" >"$T/l3.json" ||
    fail "generate/solve a maze of levels"
mapfile -t cells < <(json_list "$T/l3.json" solution)
lkeys=() prev="" climbs=0
for c in "${cells[@]}"; do
    if [ -n "$prev" ]; then
        d=$((c - prev))
        if [ $d = 12 ]; then
            climbs=$((climbs + 1))
            if [ $((climbs % 2)) = 1 ]; then lkeys+=('<'); else lkeys+=(PageUp); fi
        elif [ $d = -12 ]; then
            climbs=$((climbs + 1))
            if [ $((climbs % 2)) = 1 ]; then lkeys+=('>'); else lkeys+=(PageDown); fi
        else
            case $d in -4) lkeys+=(Up) ;; 1) lkeys+=(Right) ;; 4) lkeys+=(Down) ;; -1) lkeys+=(Left) ;; *) fail "bad step $prev -> $c" ;; esac
        fi
    fi
    prev=$c
done
[ "$climbs" -ge 2 ] || fail "the levels maze's solution climbs $climbs times: pick another seed"
start maze play --file "$T/l3.amz"
wait_for "level 1 of 2 \\(goal: 2\\)" "play levels: status names the levels"
wait_for "<<|>>|<>" "play levels: stairs marked"
tm send-keys "${lkeys[@]}"
wait_for "YOU WIN" "play levels: win panel"
wait_for "moves ${#lkeys[@]} +optimal ${#lkeys[@]}" "play levels: moves and optimal"
tm send-keys q
finished "play levels" 0
grep -q '^maze-square-4x3x2 ' "$XDG_DATA_HOME/amaze/scores" || fail "play levels: no best time under maze-square-4x3x2"

# ---- amaze play on a torus: the solution crosses both borders (a gap in the wall, the
# player coming out on the other side); the best time keyed with the wrap ----
"$AMAZE" generate --seed 3 -s 5x4 --wrap xy -o "$T/w.amz" && "$AMAZE" solve --json "$T/w.amz" >"$T/w.json" ||
    fail "generate/solve a wrapped maze"
mapfile -t cells < <(json_list "$T/w.json" solution)
wkeys=() prev="" crossed=0
for c in "${cells[@]}"; do
    if [ -n "$prev" ]; then
        dx=$((c % 5 - prev % 5)) dy=$((c / 5 - prev / 5))
        [ "${dx#-}" -gt 1 ] || [ "${dy#-}" -gt 1 ] && crossed=$((crossed + 1))
        case "$dx,$dy" in
        0,-1 | 0,3) wkeys+=(Up) ;; 1,0 | -4,0) wkeys+=(Right) ;; 0,1 | 0,-3) wkeys+=(Down) ;; -1,0 | 4,0) wkeys+=(Left) ;;
        *) fail "bad wrapped step $prev -> $c" ;;
        esac
    fi
    prev=$c
done
[ "$crossed" -ge 2 ] || fail "the wrapped maze's solution crosses a border $crossed times: pick another seed"
start maze play --file "$T/w.amz"
wait_for "moves 0 .*optimal ${#wkeys[@]}" "play wrap: status line"
tm send-keys "${wkeys[@]}"
wait_for "YOU WIN" "play wrap: win panel"
wait_for "moves ${#wkeys[@]} +optimal ${#wkeys[@]}" "play wrap: moves and optimal"
tm send-keys q
finished "play wrap" 0
grep -q '^maze-square-5x4-wrapxy ' "$XDG_DATA_HOME/amaze/scores" || fail "play wrap: no best time under maze-square-5x4-wrapxy"
grep -qE "^maze-square-5x5 [0-9]+ $optimal\$" "$XDG_DATA_HOME/amaze/scores" ||
    fail "play: best time not in the scores file: $(cat "$XDG_DATA_HOME/amaze/scores" 2>&1)"

# ---- play: a braided game keeps its best time too (its key has a number with a
# decimal point, written in key characters: braid0p5) ----
"$AMAZE" generate --seed 1 -s 5x5 --braid 0.5 -o "$T/b5.amz" && "$AMAZE" solve --json "$T/b5.amz" >"$T/b5.json" ||
    fail "generate/solve for the braided key sequence"
mapfile -t cells < <(json_list "$T/b5.json" solution)
keys_for_path 5 square "${cells[@]}"
bkeys=()
for m in "${MOVES[@]}"; do
    case $m in N) bkeys+=(Up) ;; E) bkeys+=(Right) ;; S) bkeys+=(Down) ;; W) bkeys+=(Left) ;; esac
done
start braid play --seed 1 -s 5x5 --braid 0.5
wait_for "moves 0 " "play --braid: status line"
tm send-keys "${bkeys[@]}"
wait_for "YOU WIN" "play --braid: win panel"
tm send-keys q
finished "play --braid" 0
grep -qE "^maze-square-5x5-braid0p5 [0-9]+ ${#MOVES[@]}\$" "$XDG_DATA_HOME/amaze/scores" ||
    fail "play --braid: best time not in the scores file: $(cat "$XDG_DATA_HOME/amaze/scores" 2>&1)"

# ---- play: every status segment at once (size, time, moves, optimal, PAUSED, fog,
# best, seed, visited): the line is built from all nine before it is fitted ----
start allsegs play --seed 1 -s 5x5 --fog
wait_for "best [0-9]" "play --fog with a best time: the status line shows it"
tm send-keys p
wait_for "PAUSED" "play --fog, paused, with a best time"
tm send-keys q
finished "play, every status segment" 0

# ---- play: the hint's time is no record; the goal shows in fog; pause stops the clock ----
rm -f "$XDG_DATA_HOME/amaze/scores"
start hinted play --seed 1 -s 5x5 --fog
wait_for "moves 0 .*fog \(goal shown\)" "play --fog: the status line says the goal shows"
wait_for "\[\]" "play --fog: the goal is on screen before it is seen"
tm send-keys '?'
wait_for "hint used: no record" "play: the status line says a hint was used"
tm send-keys '?' "${keys[@]}"
wait_for "YOU WIN" "play (hinted): win panel"
SCREEN=$(screen)
[[ $SCREEN == *"new best time"* ]] && fail "play: a hinted round recorded a new best time"
tm send-keys q
finished "play hinted" 0
[ ! -s "$XDG_DATA_HOME/amaze/scores" ] || ! grep -q "^maze-square-5x5 " "$XDG_DATA_HOME/amaze/scores" ||
    fail "play: the hinted time went into the scores: $(cat "$XDG_DATA_HOME/amaze/scores")"
start paused play --seed 1 -s 5x5
wait_for "moves 0 " "play: before the pause"
tm send-keys "${keys[0]}" p
wait_for "PAUSED" "play: the pause panel"
SCREEN=$(screen)
[[ $SCREEN == *"@@"* ]] && fail "play: the maze shows while paused"
t1=$(sed -n 's/.*time \([0-9.]*\).*/\1/p' <<<"$SCREEN" | head -1)
sleep 1.3
SCREEN=$(screen)
t2=$(sed -n 's/.*time \([0-9.]*\).*/\1/p' <<<"$SCREEN" | head -1)
[ -n "$t1" ] && [ "$t1" = "$t2" ] || fail "play: the clock ran while paused ($t1 -> $t2)"
tm send-keys "${keys[1]}"
sleep 0.3
wait_for "moves 1 " "play: no move while paused"
tm send-keys p "${keys[1]}"
wait_for "moves 2 " "play: moves again after the pause"
tm send-keys q
finished "play paused" 0
# A narrow terminal: the status line keeps whole numbers, dropping what does not fit.
START_COLS=40
start narrow play --seed 1 -s 5x5
wait_for "t 0\.0 +m 0 +opt $optimal" "play: the short status line of a 40-column terminal"
SCREEN=$(screen)
first_line=$(head -1 <<<"$SCREEN")
[[ $first_line =~ [0-9]$ || $first_line =~ [0-9]\ *$ || $first_line =~ [a-z]\ *$ ]] || fail "play: status line cut: $first_line"
[ ${#first_line} -le 40 ] || fail "play: status line wider than the terminal"
tm send-keys q
finished "play narrow" 0
# Without --size the maze fills the terminal, with the parity --wrap needs: 78 columns
# hold 25 hex columns or triangles, a wrapped width of 24; 40 lines 12 triangle rows.
START_COLS=78
start fillhex play --seed 5 -t hex --wrap x
wait_for "24x18 hex" "play: a wrapped hex maze filling 78x40 is 24x18"
tm send-keys Q
finished "play hex --wrap x without --size" 0
start filltri play --seed 5 -t triangle --wrap xy
wait_for "24x12 triangle" "play: a triangle torus filling 78x40 is 24x12"
tm send-keys q
finished "play triangle --wrap xy without --size" 0
unset START_COLS

# ---- amaze play -t hex: the six directions on q w e a s d, Q quits ----
"$AMAZE" generate --seed 4 -s 7x5 -t hex -o "$T/h.amz" && "$AMAZE" solve --json "$T/h.amz" >"$T/h.json" ||
    fail "generate/solve hex"
mapfile -t cells < <(json_list "$T/h.json" solution)
keys_for_path 7 hex "${cells[@]}"
keys=()
for m in "${MOVES[@]}"; do
    case $m in NW) keys+=(q) ;; N) keys+=(w) ;; NE) keys+=(e) ;; SW) keys+=(a) ;; S) keys+=(s) ;; SE) keys+=(d) ;; esac
done
start hex play --seed 4 -s 7x5 -t hex
wait_for "moves 0 .*optimal ${#MOVES[@]}" "play hex: status line"
tm send-keys "${keys[@]}"
wait_for "YOU WIN" "play hex: win panel"
wait_for "moves ${#MOVES[@]} +optimal ${#MOVES[@]}" "play hex: panel's moves"
tm send-keys Q
finished "play hex" 0

# ---- amaze play -t triangle: every wall where the maze has one, won on the arrows ----
# check_tri_screen DESC W H JSON — the maze on screen (lines from 2, no scrolling) has
# each triangle's sides and base drawn exactly where JSON's cells mask (N=1 E=2 S=4
# W=8) has a wall, blanks where it has a passage: a triangle (x, y) is up when x + y
# is even, its top line 3y+1 and centre column 3x+3; an up one has / at (top+i,
# 3x+2-i), \ at (top+i, 3x+3+i) and its base ____ on its third line, a down one \ at
# (top+i, 3x+i), / at (top+i, 3x+5-i) and its top ____ on the line above.
check_tri_screen() {
    local desc=$1 w=$2 h=$3 json=$4 c x y r a up mask i bad=0 lines
    mapfile -t lines < <(screen)
    mapfile -t masks < <(json_list "$json" cells)
    # at LINE COL — the character there (a space past the end of a line).
    at() { local l=${lines[$(($1 + 2))]}; local ch=${l:$2:1}; printf '%s' "${ch:- }"; }
    # edge WALL WANT CHAR LINE COL... — each (LINE, COL) holds CHAR if WALL, else a space.
    edge() {
        local wall=$1 ch=$2
        shift 2
        [ "$wall" = 1 ] || ch=" "
        while [ $# -gt 0 ]; do
            [ "$(at "$1" "$2")" = "$ch" ] || { bad=$((bad + 1)); [ $bad -le 3 ] && fail "$desc: cell $c: '$(at "$1" "$2")' at line $1 column $2, expected '$ch'"; }
            shift 2
        done
    }
    for ((c = 0; c < w * h; c++)); do
        x=$((c % w)) y=$((c / w)) r=$((3 * y + 1)) a=$((3 * x + 3)) mask=${masks[c]}
        up=$((((x + y) % 2) == 0))
        if [ $up = 1 ]; then
            edge $(((mask & 8) == 0)) / $r $((a - 1)) $((r + 1)) $((a - 2)) $((r + 2)) $((a - 3))
            edge $(((mask & 2) == 0)) '\' $r $a $((r + 1)) $((a + 1)) $((r + 2)) $((a + 2))
            for i in 0 1 2 3; do edge $(((mask & 4) == 0)) _ $((r + 2)) $((a - 2 + i)); done
        else
            edge $(((mask & 8) == 0)) '\' $r $((a - 3)) $((r + 1)) $((a - 2)) $((r + 2)) $((a - 1))
            edge $(((mask & 2) == 0)) / $r $((a + 2)) $((r + 1)) $((a + 1)) $((r + 2)) $a
            for i in 0 1 2 3; do edge $(((mask & 1) == 0)) _ $((r - 1)) $((a - 2 + i)); done
        fi
    done
    CHECKS=$((CHECKS + 1))
    [ $bad = 0 ] || fail "$desc: $bad characters differ from the maze's walls"
}
# tri_keys W H CELL... — arrow keys along a path of triangles, across the borders of a
# wrapped maze too (a step of W-1 columns or H-1 rows is one step the other way).
tri_keys() {
    local w=$1 h=$2 prev="" c dx dy
    shift 2
    TKEYS=() CROSSED=0
    for c in "$@"; do
        if [ -n "$prev" ]; then
            dx=$((c % w - prev % w)) dy=$((c / w - prev / w))
            [ "${dx#-}" -gt 1 ] || [ "${dy#-}" -gt 1 ] && CROSSED=$((CROSSED + 1))
            [ "$dx" = $((w - 1)) ] && dx=-1
            [ "$dx" = $((1 - w)) ] && dx=1
            [ "$dy" = $((h - 1)) ] && dy=-1
            [ "$dy" = $((1 - h)) ] && dy=1
            case "$dx,$dy" in
            1,0) TKEYS+=(Right) ;; -1,0) TKEYS+=(Left) ;; 0,-1) TKEYS+=(Up) ;; 0,1) TKEYS+=(Down) ;;
            *) fail "bad triangle step $prev -> $c" ;;
            esac
        fi
        prev=$c
    done
}
"$AMAZE" generate --seed 3 -s 8x5 -t triangle -o "$T/t.amz" && "$AMAZE" solve --json "$T/t.amz" >"$T/t.json" ||
    fail "generate/solve triangle"
mapfile -t cells < <(json_list "$T/t.json" solution)
tri_keys 8 5 "${cells[@]}"
start tri play --seed 3 -s 8x5 -t triangle
wait_for "moves 0 .*optimal ${#TKEYS[@]}" "play triangle: status line"
check_tri_screen "play triangle" 8 5 "$T/t.json"
tm send-keys "${TKEYS[@]}"
wait_for "YOU WIN" "play triangle: win panel"
wait_for "moves ${#TKEYS[@]} +optimal ${#TKEYS[@]}" "play triangle: panel's moves"
tm send-keys q
finished "play triangle" 0
grep -q '^maze-triangle-8x5 ' "$XDG_DATA_HOME/amaze/scores" || fail "play triangle: no best time under maze-triangle-8x5"
# A triangle torus: the passages across the borders are gaps, and the way crosses them.
"$AMAZE" generate --seed 2 -s 8x4 -t triangle --wrap xy -o "$T/tw.amz" &&
    "$AMAZE" solve --json "$T/tw.amz" >"$T/tw.json" || fail "generate/solve a triangle torus"
mapfile -t cells < <(json_list "$T/tw.json" solution)
tri_keys 8 4 "${cells[@]}"
[ "$CROSSED" -ge 1 ] || fail "the triangle torus's solution crosses no border: pick another seed"
start triw play --file "$T/tw.amz"
wait_for "moves 0 .*optimal ${#TKEYS[@]}" "play triangle torus: status line"
check_tri_screen "play triangle torus" 8 4 "$T/tw.json"
tm send-keys "${TKEYS[@]}"
wait_for "YOU WIN" "play triangle torus: win panel"
tm send-keys q
finished "play triangle torus" 0

# ---- NO_COLOR: plain characters; TERM=dumb: refused with the reason ----
# ---- signals: SIGTERM and Ctrl-C restore the terminal, exit 128 + the signal with a message ----
START_ENV=(NO_COLOR=1)
start term play --seed 2 -s 8x6 --fog
wait_for "moves 0 " "play --fog: status line"
tm capture-pane -e -p >"$T/colors"
grep -q "$ESC\[[0-9;]*3[0-7]m" "$T/colors" && fail "play: colours despite NO_COLOR"
grep -q '@@' "$T/colors" || fail "play: no player with NO_COLOR"
START_ENV=()
kill -TERM "$(cat "$T/pid")"
finished "play SIGTERM" 143
grep -q "amaze: play: terminated (SIGTERM)" "$T/err" || fail "SIGTERM message: $(cat "$T/err")"

start int slide play 4x4 --seed 3
wait_for "moves 0 " "slide play: status line"
tm send-keys C-c
finished "slide play Ctrl-C" 130
grep -q "amaze: slide play: interrupted (SIGINT)" "$T/err" || fail "SIGINT message: $(cat "$T/err")"

# ---- a corrupt scores file: reported on screen, the round goes on and is saved ----
printf 'amaze-scores 1\nslide-3x3 zz 1\nslide-2x5 40 12\n' >"$XDG_DATA_HOME/amaze/scores.new"
cp "$XDG_DATA_HOME/amaze/scores" "$T/scores.before"
cat "$T/scores.before" >>"$XDG_DATA_HOME/amaze/scores.new"
mv "$XDG_DATA_HOME/amaze/scores.new" "$XDG_DATA_HOME/amaze/scores"

# ---- amaze slide play 3x3: the solver's moves as keys (arrow = the tile's way) ----
board=$("$AMAZE" slide shuffle 3x3 --seed 1) || fail "slide shuffle"
moves=$("$AMAZE" slide solve -a ida $board) || fail "slide solve"
keys=()
for ((i = 0; i < ${#moves}; i++)); do
    # The solver names the blank's way; the tile goes the other way.
    case "$((i % 2))${moves:i:1}" in
    0U) keys+=(Down) ;; 0D) keys+=(Up) ;; 0L) keys+=(Right) ;; 0R) keys+=(Left) ;;
    1U) keys+=(s) ;; 1D) keys+=(w) ;; 1L) keys+=(d) ;; 1R) keys+=(a) ;;
    esac
done
start slide slide play 3x3 --seed 1
wait_for "line 2: bad number" "slide play: corrupt scores reported"
wait_for "moves 0 " "slide play: status line"
# The board on screen is the one `slide shuffle` printed.
read -r -a tiles <<<"$board"
for r in 0 1 2; do
    row="|"
    for c in 0 1 2; do
        t=${tiles[r * 3 + c]}
        if [ "$t" = 0 ]; then row+="    |"; else row+=$(printf '%3d |' "$t"); fi
    done
    [[ $SCREEN == *"$row"* ]] || fail "slide play: row $r is not '$row'"
done
tm send-keys "${keys[@]}"
wait_for "YOU WIN" "slide play: win panel"
wait_for "moves ${#moves}" "slide play: moves"
tm send-keys n
wait_for "seed 2 .*moves 0 " "slide play: n starts seed 2"
tm send-keys q
finished "slide play 3x3" 0
grep -qE "^slide-3x3 [0-9]+ ${#moves}\$" "$XDG_DATA_HOME/amaze/scores" ||
    fail "slide play: best time not saved: $(cat "$XDG_DATA_HOME/amaze/scores")"
grep -q "^slide-2x5 40 12\$" "$XDG_DATA_HOME/amaze/scores" || fail "slide play: good score line lost"
grep -q "zz" "$XDG_DATA_HOME/amaze/scores" && fail "slide play: bad score line kept"

# ---- slide play: auto-solve (A) wins by itself and is not a best time ----
start auto slide play 2x3 --seed 5
wait_for "moves 0 " "slide play 2x3: status line"
tm send-keys A
wait_for "YOU WIN" "slide play: auto-solve" 150
wait_for "no best time" "slide play: auto-solve is not a record"
tm send-keys q
finished "slide play auto" 0

# ---- play --dungeon: won by walking down the Dijkstra map of the down stairs ----
"$AMAZE" dungeon generate -s 41x21 --seed 5 -o "$T/d.amd" &&
    "$AMAZE" dungeon dijkstra "$T/d.amd" --goal down >"$T/dmap.txt" &&
    "$AMAZE" dungeon stats --json "$T/d.amd" >"$T/d.json" || fail "dungeon for the key sequence"
mapfile -t up < <(json_list "$T/d.json" up)
steps=$(json_num "$T/d.json" stairs_path)
# From the up stairs, each key steps to the neighbour one nearer the down stairs.
mapfile -t dkeys < <(awk -v x="$((up[0] + 1))" -v y="$((up[1] + 1))" '
    { for (i = 1; i <= NF; i++) v[NR, i] = $i }
    END {
        split("0 1 0 -1", dx); split("-1 0 1 0", dy); split("Up Right Down Left", name)
        while (v[y, x] > 0) {
            for (k = 1; k <= 4; k++) {
                n = v[y + dy[k], x + dx[k]]
                if (n ~ /^[0-9]+$/ && n + 1 == v[y, x]) { print name[k]; x += dx[k]; y += dy[k]; break }
            }
        }
    }' "$T/dmap.txt")
[ "${#dkeys[@]}" = "$steps" ] || fail "play --dungeon: ${#dkeys[@]} keys for a walk of $steps steps"
start dungeon play --dungeon "$T/d.amd" --fog
wait_for "moves 0 +shortest $steps +fog" "play --dungeon: status line"
SCREEN=$(screen | tail -n +3) # the map, below the status and key lines
[[ $SCREEN == *">"* ]] && fail "play --dungeon --fog: the down stairs show before they are seen"
[[ $SCREEN == *"@"* ]] || fail "play --dungeon: no player on screen"
tm send-keys "${dkeys[@]}"
wait_for "You reach the down stairs" "play --dungeon: win panel"
wait_for "moves $steps +shortest $steps" "play --dungeon: the walk was the shortest"
tm send-keys q
finished "play --dungeon" 0

START_ENV=(TERM=dumb)
start dumb play --seed 1 -s 5x5
finished "play TERM=dumb" 1
grep -q "amaze: play: the terminal type 'dumb' cannot move the cursor" "$T/err" ||
    fail "TERM=dumb message: $(cat "$T/err")"
START_ENV=()

# ---- too small a terminal: a message, then q ----
start small play --seed 1 -s 5x5
wait_for "moves 0 " "play: the game before the resize"
tm resize-window -t small -x 30 -y 6 >/dev/null 2>&1 || tm resize-pane -t small -x 30 -y 6
wait_for "too small" "play: small terminal message"
tm resize-window -t small -x 100 -y 40 >/dev/null 2>&1 || tm resize-pane -t small -x 100 -y 40
wait_for "moves 0 " "play: redrawn after resize"
tm send-keys q
finished "play resize" 0

finish
