#!/usr/bin/env bash
# test_grids_drawn.sh — what draws the grids beyond flat square and hex, and what
# refuses them. Pictures (PNG, SVG, PDF, print pages), books and animations draw
# polar, triangle, octagon, 3D, wrapped and weave mazes; a PNG of one carries its
# grid, so reading it back as a maze is refused, naming the grid. Text art draws
# weaves (unicode, read back) and square and hex 3D mazes (level by level, refused on
# reading), and play takes square, hex and triangle mazes, 3D and wrapped too (not
# weave, polar or octagon ones); otherwise text art lays cells out as a flat grid and
# both refuse the others by name, never drawing them in the square layout: a file is refused with exit 1, grid options given to a command
# that cannot draw them are a usage error (2) naming the option; no output file is
# left. Flat square and hex mazes draw everywhere (the control).
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
O=$T/o
mkdir "$O"
NEEDLE="square and hex mazes, flat or of levels, and weaves, not"
PLAY_NEEDLE="play takes square, hex and triangle mazes (flat, of levels or wrapped), not"

# refused CODE NEEDLE ARGS... — the failure, one message, an empty output folder.
refused() {
    local code=$1 needle=$2
    shift 2
    run "$@"
    expect_fail "$code" "$needle" "amaze $*"
    expect_empty_dir "$O" "amaze $*" || { rm -rf "$O"; mkdir "$O"; }
}

grids=("-t polar -s 5" "-t polar -s 4x3" "-t triangle -s 8x5" "-t octagon -s 6x5" "-s 5x4 --levels 2"
    "-t hex -s 5x4 --levels 2" "-t triangle -s 6x4 --levels 2" "-s 6x5 --wrap x" "-t hex -s 6x4 --wrap xy"
    "-t triangle -s 8x4 --wrap y" "-s 8x8 --weave 0.8")
k=0
for g in "${grids[@]}"; do
    k=$((k + 1))
    # shellcheck disable=SC2086 # $g is a list of options
    run generate $g --seed "$k" -o "g$k.amz"
    expect_ok "generate $g"
    run solve "g$k.amz" -o "s$k.amz"
    expect_ok "solve $g"
    case $g in # what the picture's grid chunk says
    *--weave*) grid="square, weave" ;; *--levels*) grid="levels" ;; *--wrap*) grid="wrap" ;;
    *) grid=${g#-t } grid=${grid%% *} ;;
    esac
    for f in "g$k.amz" "s$k.amz"; do
        for out in x.png x.svg x.pdf; do
            run render "$f" -o "$O/$out"
            expect_ok "render $g -o $out"
            [ -s "$O/$out" ] || fail "render $g -o $out wrote nothing"
            rm -f "$O/$out"
        done
        run render "$f" --page a4 -o "$O/page.pdf"
        expect_ok "render $g --page a4"
        run book "$f" -o "$O/b.pdf"
        expect_ok "book $g"
        [ -s "$O/b.pdf" ] || fail "book $g wrote nothing"
        run animate "$f" -o "$O/a.gif"
        expect_ok "animate $g"
        [ -s "$O/a.gif" ] || fail "animate $g wrote nothing"
        rm -f "$O"/*
        # The picture is marked with its grid: not read back as a square maze.
        run render "$f" -o pic.png
        expect_ok "render $g -o pic.png"
        refused 1 "this picture's grid is" solve pic.png -o "$O/y.png"
        grep -q "grid is [^:]*$grid" "$ERR" || fail "solve of a $g picture does not name its grid: $(cat "$ERR")"
        if [ "$grid" = "square, weave" ]; then
            # Weaves are text art in the unicode style (dashed walls over the tunnels),
            # which reads back as the same maze; the other styles refuse them.
            for style in ascii blocks; do
                refused 1 "text art takes weave mazes in the unicode style only" render "$f" --style "$style" -o "$O/x.txt"
            done
            run render "$f" --style unicode -o art.txt
            expect_ok "render $g --style unicode"
            grep -q '[╌┄╎┆]' art.txt || fail "unicode art of $g has no dashed wall"
            run solve "$f" -o back.json
            expect_ok "solve $f -o back.json"
            run solve art.txt -o art.json
            expect_ok "solve art.txt -o art.json"
            python3 -c 'import json,sys; a,b=(json.load(open(p)) for p in sys.argv[1:]); sys.exit(a["cells"]!=b["cells"] or a.get("weave")!=b.get("weave"))' back.json art.json ||
                fail "unicode art of $g did not read back as the same weave"
        elif [ "$g" = "-s 5x4 --levels 2" ] || [ "$g" = "-t hex -s 5x4 --levels 2" ]; then
            # Square mazes of levels are line art, level by level, which the reader
            # refuses by name (it does not read back); blocks refuse them.
            refused 1 "not blocks" render "$f" --style blocks -o "$O/x.txt"
            for style in ascii unicode; do
                run render "$f" --style "$style" -o art.txt
                expect_ok "render $g --style $style"
                [ "$(grep -c '^level [12] of 2$' art.txt)" = 2 ] || fail "$style art of $g is not level by level"
                refused 1 "text art of a maze of levels" solve art.txt -o "$O/y.amz"
            done
            run solve "$f" --format text -o "$O/x.txt"
            expect_ok "solve $g --format text"
            rm -f "$O/x.txt"
        else
            for style in ascii unicode blocks; do
                refused 1 "$NEEDLE" render "$f" --style "$style" -o "$O/x.txt"
            done
            refused 1 "$NEEDLE" solve "$f" --format text -o "$O/x.txt"
        fi
        case $g in
        *polar* | *octagon* | *weave*) refused 1 "$PLAY_NEEDLE ${grid#square, } ones" play --file "$f" ;;
        *)
            # play takes square, hex and triangle mazes, of levels and wrapped ones
            # too: here it stops only for want of a terminal.
            refused 1 "play: needs a terminal" play --file "$f" ;;
        esac
    done
    # shellcheck disable=SC2086
    {
        case $g in # the topology is named first, then levels, wrap, weave
        *"-t polar"* | *"-t triangle"* | *"-t octagon"*) opt=--topology ;;
        *--levels*) opt=--levels ;; *--wrap*) opt=--wrap ;; *) opt=--weave ;;
        esac
        if [ "$g" = "-s 5x4 --levels 2" ] || [ "$g" = "-t hex -s 5x4 --levels 2" ]; then
            refused 2 "--style: text art draws mazes of levels as line art" generate $g --format text --style blocks -o "$O/x.txt"
            run generate $g --format text -o "$O/x.txt"
            expect_ok "generate $g --format text"
            rm -f "$O/x.txt"
        elif [ $opt = --weave ]; then
            refused 2 "--style: text art draws weave mazes in the unicode style only" generate $g --format text -o "$O/x.txt"
            run generate $g --format text --style unicode -o "$O/x.txt"
            expect_ok "generate $g --format text --style unicode"
            rm -f "$O/x.txt"
        else
            refused 2 "$opt: text art takes $NEEDLE" generate $g --format text -o "$O/x.txt"
        fi
        case $g in
        *polar* | *octagon* | *weave*) refused 2 "$opt: $PLAY_NEEDLE ${grid#square, } ones" play $g ;;
        *) refused 1 "play: needs a terminal" play $g ;;
        esac
        run book $g -n 2 -o "$O/b.pdf"
        expect_ok "book $g -n 2"
        run animate $g --duration 1 -o "$O/a.gif"
        expect_ok "animate $g"
        rm -f "$O/b.pdf" "$O/a.gif"
    }
done

# The control: flat square and hex mazes draw in every form refused above.
for g in "-s 6x5" "-t hex -s 6x5"; do
    # shellcheck disable=SC2086
    run generate $g --seed 3 -o flat.amz
    expect_ok "generate $g"
    for out in x.png x.svg x.pdf x.txt; do
        run render flat.amz -o "$out"
        expect_ok "render $g -o $out"
        [ -s "$out" ] || fail "render $g -o $out wrote nothing"
    done
    run animate flat.amz -o x.gif
    expect_ok "animate $g"
    run book flat.amz -o b.pdf
    expect_ok "book $g"
    # shellcheck disable=SC2086
    run generate $g --format text
    expect_ok "generate $g --format text"
    [ -s "$OUT" ] || fail "generate $g --format text drew nothing"
done

finish
