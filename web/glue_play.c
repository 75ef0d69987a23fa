/* glue_play.c — the WebAssembly face of libamaze, part 3: the games. The page plays by
 * the rules of `amaze play` itself (src/play/maze_game.c and slide_game.c, compiled
 * into the wasm): moves refused by the maze's passage bits, undo, the seen cells of
 * fog, hints from the library's BFS; slide boards shuffled as `amaze play slide` deals
 * them and moved by amz_slide_can_move / amz_slide_tile_move. Clocks are the page's
 * (milliseconds), passed in on every call; pauses are the game's (maze_game_pause). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "glue_impl.h"

/* ---- maze runner ---- */

/* A round on a copy of m, the player on its start. NULL (web_error set) when the goal
 * cannot be reached. */
maze_game *web_game_new(const amz_maze *m)
{
    glue_clear();
    maze_game *g = glue_calloc(sizeof *g);
    if (!g)
        return NULL;
    amz_status st = maze_game_init(g, m, glue_err());
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        free(g);
        return NULL;
    }
    return g;
}

void web_game_free(maze_game *g)
{
    if (g)
        maze_game_deinit(g);
    free(g);
}

/* One step in direction d: 0 moved, 1 a wall, 2 the round is over, 3 paused. */
int32_t web_game_move(maze_game *g, int32_t d, double now_ms)
{
    return (int32_t)maze_game_move(g, d, (int64_t)now_ms);
}

/* The open directions of cell c but `back` (-1: none left out), and how many. */
static int ways_out(const maze_game *g, amz_cell c, int back, int *only)
{
    int n = 0;
    for (int d = 0; d < g->maze.ndirs; d++)
        if (d != back && amz_maze_passage(&g->maze, c, d)) {
            *only = d;
            n++;
        }
    return n;
}

/* Shift+arrow: a step in direction d, then on along the corridor (round its bends)
 * until a junction, a dead end or the goal. The cells entered go to cells[0..cap).
 * Returns the number of steps (0 when d is a wall). */
int32_t web_game_run(maze_game *g, int32_t d, double now_ms, int32_t *cells, int32_t cap)
{
    int32_t steps = 0;
    while (steps < cap && maze_game_move(g, d, (int64_t)now_ms) == MAZE_MOVED) {
        cells[steps++] = (int32_t)g->pos;
        int next = -1;
        if (g->won || ways_out(g, g->pos, amz_dir_opposite(g->maze.topology, d), &next) != 1)
            break;
        d = next;
    }
    return steps;
}

/* Takes back the last move: 1 done, 0 nothing to undo (or the round is won). */
int32_t web_game_undo(maze_game *g)
{
    return maze_game_undo(g) ? 1 : 0;
}

void web_game_restart(maze_game *g)
{
    maze_game_restart(g);
}

/* Pauses or resumes the round at now_ms (the clock stands, moves are refused): 1 when
 * now paused. */
int32_t web_game_pause(maze_game *g, double now_ms)
{
    return maze_game_pause(g, (int64_t)now_ms) ? 1 : 0;
}

/* The round into out[0..9]: player cell, moves, undos, cells visited, optimal length,
 * won, elapsed ms at now_ms, efficiency % (of a won round), paused, hinted (the way was
 * shown: this maze's time is no record). */
void web_game_state(const maze_game *g, double now_ms, double *out)
{
    out[0] = (double)g->pos;
    out[1] = (double)g->moves;
    out[2] = (double)g->undos;
    out[3] = (double)g->nvisited;
    out[4] = (double)g->optimal;
    out[5] = g->won ? 1 : 0;
    out[6] = (double)maze_game_elapsed_ms(g, (int64_t)now_ms);
    out[7] = g->won ? maze_game_efficiency(g) : 0;
    out[8] = g->pause_ms >= 0 ? 1 : 0;
    out[9] = g->hinted ? 1 : 0;
}

/* 1 when cell c is seen (visited, or one open passage from a visited cell). */
int32_t web_game_seen(const maze_game *g, int32_t c)
{
    return maze_game_seen(g, c) ? 1 : 0;
}

/* A shortest way from the player to the goal: its cells into out; their count. The
 * round is hinted from then on (its time is no record). */
int32_t web_game_hint(maze_game *g, int32_t *out, int32_t cap)
{
    glue_clear();
    amz_path p;
    amz_status st = maze_game_hint(g, &p, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    int32_t n = (int32_t)p.len + 1;
    amz_cell *cells = (uint64_t)n <= (uint64_t)cap ? malloc((size_t)n * sizeof *cells) : NULL;
    if (cells && amz_path_cells(&g->maze, &p, cells) == AMZ_OK) {
        for (int32_t i = 0; i < n; i++)
            out[i] = (int32_t)cells[i];
    } else {
        n = glue_fail(AMZ_ENOMEM, "no room for the hint");
    }
    free(cells);
    amz_path_deinit(&p);
    return n;
}

/* ---- sliding puzzle ---- */

/* A rows x cols round from seed: the board `amaze play slide` deals (a uniform
 * solvable shuffle, drawn again if it comes out solved). NULL with web_error set for
 * a side outside 2..10. */
slide_game *web_slide_new(int32_t rows, int32_t cols, uint64_t seed)
{
    glue_clear();
    slide_game *g = glue_calloc(sizeof *g);
    if (!g)
        return NULL;
    amz_status st = slide_game_new(g, rows, cols, seed, false, 0, glue_err());
    if (st != AMZ_OK) {
        glue_fail(st, NULL);
        free(g);
        return NULL;
    }
    return g;
}

void web_slide_free(slide_game *g)
{
    free(g);
}

/* The tiles, cell by cell (0 = the blank), into out[0..rows*cols). */
void web_slide_tiles(const slide_game *g, int32_t *out)
{
    for (int i = 0; i < g->board.rows * g->board.cols; i++)
        out[i] = g->board.tiles[i];
}

/* Slides the tile at `cell` into the blank if they touch: 1 moved, 0 not. */
int32_t web_slide_click(slide_game *g, int32_t cell, double now_ms)
{
    return slide_game_click(g, cell, (int64_t)now_ms) ? 1 : 0;
}

/* Slides the tile that can go `tile_dir` (amz_slide_move: the way an arrow points). */
int32_t web_slide_push(slide_game *g, int32_t tile_dir, double now_ms)
{
    return slide_game_slide(g, (amz_slide_move)tile_dir, (int64_t)now_ms) ? 1 : 0;
}

/* Moves the blank `blank_dir` (a solver's move letter's direction). */
int32_t web_slide_blank(slide_game *g, int32_t blank_dir, double now_ms)
{
    return slide_game_blank(g, (amz_slide_move)blank_dir, (int64_t)now_ms) ? 1 : 0;
}

int32_t web_slide_can_move(const slide_game *g, int32_t blank_dir)
{
    return amz_slide_can_move(&g->board, (amz_slide_move)blank_dir) ? 1 : 0;
}

/* The blank's move that slides the tile at `cell`, or -1 if it is not next to it. */
int32_t web_slide_tile_move(const slide_game *g, int32_t cell)
{
    return amz_slide_tile_move(&g->board, cell);
}

void web_slide_restart(slide_game *g)
{
    slide_game_restart(g);
}

/* The round into out[0..4]: moves, won, elapsed ms at now_ms, rows, cols. */
void web_slide_state(const slide_game *g, double now_ms, double *out)
{
    out[0] = (double)g->moves;
    out[1] = g->won ? 1 : 0;
    out[2] = (double)slide_game_elapsed_ms(g, (int64_t)now_ms);
    out[3] = g->board.rows;
    out[4] = g->board.cols;
}

/* Solves the blank-last board tiles[] with solver `algo`, at most node_limit nodes
 * (0 = none); writes the U/D/L/R moves (NUL-terminated) into out[0..cap). Returns the
 * move count, or a negative amz_status (AMZ_ECANCELED when the node limit is reached). */
int32_t web_slide_solve(int32_t rows, int32_t cols, const int32_t *tiles, const char *algo, uint64_t node_limit,
                        char *out, int32_t cap)
{
    glue_clear();
    amz_slide_board b;
    amz_status st =
        amz_slide_board_set(&b, rows, cols, AMZ_SLIDE_BLANK_LAST, tiles, (size_t)rows * (size_t)cols, glue_err());
    if (st != AMZ_OK)
        return glue_fail(st, NULL);
    amz_slide_solve_options o;
    amz_slide_solve_options_init(&o);
    o.node_limit = node_limit;
    o.cache_dir = ""; /* no file system in the page */
    amz_slide_solution sol;
    amz_observer ob;
    if ((st = amz_slide_solve(&b, algo, &o, glue_observer(0, &ob), &sol, glue_err())) != AMZ_OK)
        return glue_fail(st, NULL);
    int32_t n = (int32_t)sol.length;
    if (sol.length + 1 > (size_t)cap)
        n = glue_fail(AMZ_ERANGE, "solution longer than the buffer");
    else
        memcpy(out, sol.moves, sol.length + 1);
    amz_slide_solution_deinit(&sol);
    return n;
}
