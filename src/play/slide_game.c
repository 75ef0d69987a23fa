/* slide_game.c — the sliding puzzle game's rules (see slide_game.h). Shuffling and
 * solving are the library's (amz_slide_shuffle: Fisher-Yates fixed by inversion parity;
 * amz_slide_walk; the ida, wastar and fast solvers); this file keeps the round. */
#include "play/slide_game.h"

#include <string.h>

static amz_slide_move opposite(amz_slide_move m)
{
    return (amz_slide_move)(m ^ 1); /* U<->D, L<->R: the enum pairs them */
}

amz_status slide_game_new(slide_game *g, int rows, int cols, uint64_t seed, bool walked, uint64_t walk,
                          amz_error *err)
{
    if (rows < SLIDE_GAME_MIN || rows > SLIDE_GAME_MAX || cols < SLIDE_GAME_MIN || cols > SLIDE_GAME_MAX)
        return amz_errorf(err, AMZ_ERANGE, "%dx%d: rows and columns must be from %d to %d", rows, cols,
                          SLIDE_GAME_MIN, SLIDE_GAME_MAX);
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_slide_board b;
    /* Same calls in the same order as `amaze slide shuffle`, so a seed is shareable. A
     * solved result is drawn again; after 64 solved draws (a walk of 0 steps, or of 2
     * on 2x2) the round starts solved rather than loop. */
    for (int tries = 0; tries < 64; tries++) {
        amz_status st = walked ? amz_slide_board_init(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, err)
                               : amz_slide_shuffle(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, &rng, err);
        if (st)
            return st;
        if (walked)
            amz_slide_walk(&b, &rng, walk);
        if (!amz_slide_is_solved(&b))
            break;
    }
    memset(g, 0, sizeof *g);
    g->initial = b;
    g->seed = seed;
    g->walked = walked;
    g->walk = walk;
    slide_game_restart(g);
    return AMZ_OK;
}

void slide_game_restart(slide_game *g)
{
    g->board = g->initial;
    g->moves = 0;
    g->won = amz_slide_is_solved(&g->board);
    g->start_ms = g->end_ms = -1;
}

bool slide_game_blank(slide_game *g, amz_slide_move blank_dir, int64_t now_ms)
{
    if (g->won || amz_slide_move_blank(&g->board, blank_dir) != AMZ_OK)
        return false;
    if (g->start_ms < 0)
        g->start_ms = now_ms;
    g->moves++;
    if (amz_slide_is_solved(&g->board)) {
        g->won = true;
        g->end_ms = now_ms;
    }
    return true;
}

bool slide_game_slide(slide_game *g, amz_slide_move tile_dir, int64_t now_ms)
{
    /* The tile goes one way, so the blank goes the other. */
    return slide_game_blank(g, opposite(tile_dir), now_ms);
}

bool slide_game_click(slide_game *g, int cell, int64_t now_ms)
{
    if (cell < 0 || cell >= g->board.rows * g->board.cols)
        return false;
    int m = amz_slide_tile_move(&g->board, cell);
    return m >= 0 && slide_game_blank(g, (amz_slide_move)m, now_ms);
}

int64_t slide_game_elapsed_ms(const slide_game *g, int64_t now_ms)
{
    if (g->start_ms < 0)
        return 0;
    int64_t end = g->end_ms >= 0 ? g->end_ms : now_ms;
    return end > g->start_ms ? end - g->start_ms : 0;
}

amz_status slide_game_solve(const slide_game *g, amz_slide_solution *out, amz_error *err)
{
    const amz_slide_board *b = &g->board;
    int cells = b->rows * b->cols;
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    amz_status st;
    if (cells <= 9)
        return amz_slide_solve(b, "ida", &o, NULL, out, err); /* 8-puzzle: instant */
    /* Limits keep a hint well under a second on a slow machine; past them a shorter
     * but not shortest answer is better than a frozen game. */
    if (cells <= 16) {
        o.node_limit = 300000;
        if ((st = amz_slide_solve(b, "ida", &o, NULL, out, err)) != AMZ_ECANCELED)
            return st;
    }
    if (cells <= 25) {
        o.node_limit = 200000;
        o.weight = 2.0;
        if ((st = amz_slide_solve(b, "wastar", &o, NULL, out, err)) != AMZ_ECANCELED)
            return st;
    }
    amz_slide_solve_options_init(&o);
    return amz_slide_solve(b, "fast", &o, NULL, out, err);
}
