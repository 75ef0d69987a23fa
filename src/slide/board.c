/* board.c — sliding-puzzle boards: goal arrangements, moves of the blank, the
 * blank-first <-> blank-last mapping (rotate 180 degrees, tile v -> N-v) that lets
 * every solver work on one convention, and the Manhattan lower bound. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amaze/alloc.h"
#include "core/error.h"
#include "slide/slide_impl.h"

/* CLOCK_MONOTONIC: reports and timeouts must not jump with the wall clock. */
double slide_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

amz_status slide_check_shape(int rows, int cols, amz_error *err)
{
    if (rows < AMZ_SLIDE_MIN_SIDE || rows > AMZ_SLIDE_MAX_SIDE || cols < AMZ_SLIDE_MIN_SIDE ||
        cols > AMZ_SLIDE_MAX_SIDE)
        return amz_errorf(err, AMZ_ERANGE, "a %dx%d board: rows and columns must be from %d to %d", rows, cols,
                          AMZ_SLIDE_MIN_SIDE, AMZ_SLIDE_MAX_SIDE);
    return AMZ_OK;
}

/* The two goals number cells alike and differ by where the blank sits: blank-first
 * has tile c at cell c (blank at 0), blank-last tile c+1 at cell c (blank at n-1). */
int amz_slide_goal_tile(const amz_slide_board *b, int cell)
{
    int n = b->rows * b->cols;
    if (b->goal == AMZ_SLIDE_BLANK_FIRST)
        return cell;
    return cell == n - 1 ? 0 : cell + 1;
}

int amz_slide_goal_cell(const amz_slide_board *b, int tile)
{
    int n = b->rows * b->cols;
    if (b->goal == AMZ_SLIDE_BLANK_FIRST)
        return tile;
    return tile == 0 ? n - 1 : tile - 1;
}

amz_status amz_slide_board_init(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, amz_error *err)
{
    amz_status st = slide_check_shape(rows, cols, err);
    if (st)
        return st;
    if (goal != AMZ_SLIDE_BLANK_LAST && goal != AMZ_SLIDE_BLANK_FIRST)
        return amz_errorf(err, AMZ_EINVAL, "unknown goal convention %d", (int)goal);
    /* Zeroed whole, so the tiles past rows * cols are 0 and boards compare with memcmp
     * (amz_slide_board_set keeps the same rule). */
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    b->goal = goal;
    int n = rows * cols;
    for (int c = 0; c < n; c++)
        b->tiles[c] = (uint16_t)amz_slide_goal_tile(b, c);
    b->blank = amz_slide_goal_cell(b, 0);
    return AMZ_OK;
}

/* Checks in the order a reader would fix them: the count, then each tile's range
 * (first bad one named with its position), then repeats and gaps. Entries past the
 * board stay 0, so boards compare equal with memcmp. */
amz_status amz_slide_board_set(amz_slide_board *b, int rows, int cols, amz_slide_goal goal, const int *tiles,
                               size_t count, amz_error *err)
{
    amz_slide_board t;
    amz_status st = amz_slide_board_init(&t, rows, cols, goal, err);
    if (st)
        return st;
    size_t n = (size_t)rows * (size_t)cols;
    if (count != n)
        return amz_errorf(err, AMZ_EFORMAT, "wrong tile count: %zu numbers for a %dx%d board, which needs %zu", count,
                          rows, cols, n);
    /* seen[v] = 1 + the first position of tile v. */
    int seen[AMZ_SLIDE_MAX_CELLS];
    memset(seen, 0, sizeof seen);
    /* dup == n means "no repeat seen yet"; only the first repeat is reported. */
    size_t dup = n, dup_first = 0;
    for (size_t i = 0; i < n; i++) {
        int v = tiles[i];
        if (v < 0 || (size_t)v >= n)
            return amz_errorf(err, AMZ_EFORMAT, "tile %d (number %zu) is out of range: a %dx%d board holds 0 to %zu", v,
                              i + 1, rows, cols, n - 1);
        if (seen[v]) {
            if (dup == n) {
                dup = i;
                dup_first = (size_t)seen[v];
            }
            continue;
        }
        seen[v] = (int)i + 1;
        t.tiles[i] = (uint16_t)v;
        if (v == 0)
            t.blank = (int)i;
    }
    if (dup < n) {
        /* n numbers with a repeat leave at least one value out: name both. */
        size_t missing = 0;
        while (seen[missing])
            missing++;
        int v = tiles[dup];
        return amz_errorf(err, AMZ_EFORMAT, "%s %d appears twice (numbers %zu and %zu), so %s %zu is missing",
                          v ? "tile" : "the blank", v, dup_first, dup + 1, missing ? "tile" : "the blank", missing);
    }
    *b = t;
    return AMZ_OK;
}

bool amz_slide_is_solved(const amz_slide_board *b)
{
    int n = b->rows * b->cols;
    for (int c = 0; c < n; c++)
        if (b->tiles[c] != amz_slide_goal_tile(b, c))
            return false;
    return true;
}

/* Moves name where the blank goes (U moves it up, so the tile above slides down);
 * slide_step gives the target cell, or -1 at the board's edge. */
bool amz_slide_can_move(const amz_slide_board *b, amz_slide_move m)
{
    return (unsigned)m < 4 && slide_step(b->rows, b->cols, b->blank, (int)m) >= 0;
}

amz_status amz_slide_move_blank(amz_slide_board *b, amz_slide_move m)
{
    if ((unsigned)m >= 4)
        return AMZ_EINVAL;
    int to = slide_step(b->rows, b->cols, b->blank, (int)m);
    if (to < 0)
        return AMZ_ERANGE;
    b->tiles[b->blank] = b->tiles[to];
    b->tiles[to] = 0;
    b->blank = to;
    return AMZ_OK;
}

int amz_slide_tile_move(const amz_slide_board *b, int cell)
{
    /* The move that slides the tile at `cell` into the blank: for a click or tap on a
     * tile; -1 unless the tile is next to the blank. */
    for (int m = 0; m < 4; m++)
        if (slide_step(b->rows, b->cols, b->blank, m) == cell && cell >= 0)
            return m;
    return -1;
}

char amz_slide_move_letter(amz_slide_move m)
{
    return (unsigned)m < 4 ? "UDLR"[m] : '?';
}

int amz_slide_move_parse(char c)
{
    switch (toupper((unsigned char)c)) {
    case 'U': return AMZ_SLIDE_UP;
    case 'D': return AMZ_SLIDE_DOWN;
    case 'L': return AMZ_SLIDE_LEFT;
    case 'R': return AMZ_SLIDE_RIGHT;
    }
    return -1;
}

/* Steps are counted without the spaces, so "move 3" is the third letter a user wrote. */
amz_status amz_slide_apply(amz_slide_board *b, const char *moves, amz_error *err)
{
    /* Work on a copy so that a bad move leaves *b as it was. */
    amz_slide_board t = *b;
    size_t step = 0;
    for (size_t i = 0; moves[i]; i++) {
        if (isspace((unsigned char)moves[i]))
            continue;
        int m = amz_slide_move_parse(moves[i]);
        step++;
        if (m < 0)
            return amz_errorf(err, AMZ_EFORMAT, "move %zu: '%c' is not a move (expected U, D, L or R)", step,
                              isprint((unsigned char)moves[i]) ? moves[i] : '?');
        if (amz_slide_move_blank(&t, (amz_slide_move)m))
            return amz_errorf(err, AMZ_ERANGE, "move %zu (%c): the blank at row %d, column %d cannot move that way",
                              step, moves[i], t.blank / t.cols + 1, t.blank % t.cols + 1);
    }
    *b = t;
    return AMZ_OK;
}

/* Admissible: each move changes one tile's distance by exactly one. */
uint32_t amz_slide_manhattan(const amz_slide_board *b)
{
    /* The blank is not counted: counting it would no longer be a lower bound. */
    uint32_t sum = 0;
    int n = b->rows * b->cols;
    for (int c = 0; c < n; c++) {
        int t = b->tiles[c];
        if (t == 0)
            continue;
        int g = amz_slide_goal_cell(b, t);
        sum += (uint32_t)(abs(c / b->cols - g / b->cols) + abs(c % b->cols - g % b->cols));
    }
    return sum;
}

bool slide_canonical(const amz_slide_board *b, amz_slide_board *out)
{
    if (b->goal == AMZ_SLIDE_BLANK_LAST) {
        *out = *b;
        return false;
    }
    /* The rotation also turns every move around (U <-> D, L <-> R): a solution found on
     * out is mapped back with slide_flip_moves by the callers that got true. */
    int n = b->rows * b->cols;
    memset(out, 0, sizeof *out);
    out->rows = b->rows;
    out->cols = b->cols;
    out->goal = AMZ_SLIDE_BLANK_LAST;
    /* Rotating 180 degrees maps cell p to n-1-p, and the blank-first goal (tile v at
     * cell v) to tile v at n-1-v; renaming v -> n-v puts tile u at u-1: blank-last. */
    for (int p = 0; p < n; p++) {
        int v = b->tiles[p];
        out->tiles[n - 1 - p] = (uint16_t)(v ? n - v : 0);
    }
    out->blank = n - 1 - b->blank;
    return true;
}
