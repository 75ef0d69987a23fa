/* slide_game.h — the sliding puzzle game's rules, free of any user interface: a board
 * shuffled by the library (amz_slide_shuffle, or amz_slide_walk from the goal), moves
 * named by the direction the TILE goes (what an arrow key means to a player), clicks on
 * tiles, restart, win detection and a timer, and hints and auto-solve from the
 * library's slide solvers. The ncurses front end (src/cli/play_slide.c) only draws. */
#ifndef AMZ_PLAY_SLIDE_GAME_H
#define AMZ_PLAY_SLIDE_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "amaze.h"

/* Boards the game accepts: 2x2 up to 10x10. */
enum { SLIDE_GAME_MIN = 2, SLIDE_GAME_MAX = 10 };

typedef struct slide_game {
    amz_slide_board board;   /* the board being played */
    amz_slide_board initial; /* the shuffled board, for restart */
    uint64_t seed;           /* seed of this shuffle */
    uint64_t walk;           /* random moves from the goal (when `walked`) */
    bool walked;             /* shuffled by a walk instead of uniformly */
    uint64_t moves;          /* tiles moved */
    bool won;
    int64_t start_ms, end_ms; /* clock at the first move and at the win, -1 before */
} slide_game;

/* A new rows x cols round from `seed`: the board `amaze slide shuffle RxC --seed SEED`
 * prints (with walk: `--walk K`), except that a board that comes out already solved is
 * drawn again from the same generator (a round must need a move). Errors: AMZ_ERANGE
 * for a side outside 2..10 (message names it). */
amz_status slide_game_new(slide_game *g, int rows, int cols, uint64_t seed, bool walked, uint64_t walk,
                          amz_error *err);
/* Back to the shuffled board; moves and timer cleared. */
void slide_game_restart(slide_game *g);
/* Slides the tile next to the blank in direction `tile_dir` (AMZ_SLIDE_UP = the tile
 * below the blank goes up, and so on) at time now_ms. False when no tile can go that
 * way or the round is won. */
bool slide_game_slide(slide_game *g, amz_slide_move tile_dir, int64_t now_ms);
/* Moves the blank (a solver's move letter) at time now_ms; false if impossible or won. */
bool slide_game_blank(slide_game *g, amz_slide_move blank_dir, int64_t now_ms);
/* Slides the tile at `cell` if it is next to the blank; false otherwise. */
bool slide_game_click(slide_game *g, int cell, int64_t now_ms);
/* Milliseconds of play at now_ms: 0 before the first move, frozen at the win. */
int64_t slide_game_elapsed_ms(const slide_game *g, int64_t now_ms);
/* Solves the current board with the library: shortest (IDA*) on boards of up to 9
 * cells; larger boards try IDA* and then weighted A* under node limits (so a hint never
 * hangs) and fall back to the `fast` solver, which always answers. *out as
 * amz_slide_solve (free with amz_slide_solution_deinit). */
amz_status slide_game_solve(const slide_game *g, amz_slide_solution *out, amz_error *err);

#endif
