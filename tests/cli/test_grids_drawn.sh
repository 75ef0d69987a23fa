#!/usr/bin/env bash
# test_grids_drawn.sh — text art, pictures, animations, books and play lay cells out as
# a flat square or hex grid. A maze of another grid (polar, triangle, octagon, 3D,
# wrapped, weave) must be refused by every drawing command, never drawn in the square
# layout as the picture of a different maze: a file is refused with exit 1, grid
# options given to a command that draws are a usage error (2) naming the option; no
# output file is left. Flat square and hex mazes still draw (the control).
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
O=$T/o
mkdir "$O"
NEEDLE="flat square and hex mazes, not"

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
    for f in "g$k.amz" "s$k.amz"; do
        refused 1 "$NEEDLE" render "$f" -o "$O/x.png"
        refused 1 "$NEEDLE" render "$f" -o "$O/x.svg"
        refused 1 "$NEEDLE" render "$f" -o "$O/x.pdf"
        refused 1 "$NEEDLE" render "$f" --page a4 -o "$O/x.pdf"
        for style in ascii unicode blocks; do
            refused 1 "$NEEDLE" render "$f" --style "$style" -o "$O/x.txt"
        done
        refused 1 "$NEEDLE" solve "$f" --format text -o "$O/x.txt"
        refused 1 "$NEEDLE" animate "$f" -o "$O/x.gif"
        refused 1 "$NEEDLE" book "$f" -o "$O/x.pdf"
        refused 1 "$NEEDLE" play --file "$f"
    done
    # shellcheck disable=SC2086
    {
        case $g in # the topology is named first, then levels, wrap, weave
        *"-t polar"* | *"-t triangle"* | *"-t octagon"*) opt=--topology ;;
        *--levels*) opt=--levels ;; *--wrap*) opt=--wrap ;; *) opt=--weave ;;
        esac
        refused 2 "$opt: text art takes $NEEDLE" generate $g --format text -o "$O/x.txt"
        refused 2 "$opt: animations take $NEEDLE" animate $g -o "$O/x.gif"
        refused 2 "$opt: books take $NEEDLE" book $g -n 2 -o "$O/x.pdf"
        refused 2 "$opt: play takes $NEEDLE" play $g
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
