/* maze_game.c — the maze runner's rules (see maze_game.h): moves through the maze's
 * passage bits, as in the original arrow-key game, an undo stack of directions, visited
 * and seen cells as bit sets, and the optimal length and hints from the library's BFS. */
#include "play/maze_game.h"

#include <stdlib.h>
#include <string.h>

static bool bit_get(const uint64_t *bits, amz_cell c)
{
    return (bits[(uint64_t)c >> 6] >> ((uint64_t)c & 63)) & 1u;
}

static void bit_set(uint64_t *bits, amz_cell c)
{
    bits[(uint64_t)c >> 6] |= (uint64_t)1 << ((uint64_t)c & 63);
}

/* Marks c visited, and c and every cell reachable from it in one step seen: standing in
 * a cell you see down each open passage to the next cell. */
static void visit(maze_game *g, amz_cell c)
{
    if (!bit_get(g->visited, c)) {
        bit_set(g->visited, c);
        g->nvisited++;
    }
    bit_set(g->seen, c);
    for (int d = 0; d < g->maze.ndirs; d++)
        if (amz_maze_passage(&g->maze, c, d)) {
            amz_cell n = amz_maze_neighbor(&g->maze, c, d);
            if (n != AMZ_NO_CELL)
                bit_set(g->seen, n);
        }
}

amz_status maze_game_init(maze_game *g, const amz_maze *m, amz_error *err)
{
    memset(g, 0, sizeof *g);
    amz_status st = amz_maze_copy(&g->maze, m, err);
    if (st)
        return st;
    size_t words = (size_t)((m->ncells + 63) / 64);
    g->visited = calloc(words, sizeof *g->visited);
    g->seen = calloc(words, sizeof *g->seen);
    if (!g->visited || !g->seen) {
        maze_game_deinit(g);
        return amz_errorf(err, AMZ_ENOMEM, "out of memory for a %lldx%lld maze", (long long)m->width,
                          (long long)m->height);
    }
    amz_solve_result r;
    st = amz_solve_run(&g->maze, "bfs", m->start, m->goal, NULL, NULL, &r, err);
    if (st) {
        maze_game_deinit(g);
        return st;
    }
    g->optimal = r.path.len;
    amz_path_deinit(&r.path);
    maze_game_restart(g);
    return AMZ_OK;
}

void maze_game_deinit(maze_game *g)
{
    amz_maze_deinit(&g->maze);
    free(g->history);
    free(g->visited);
    free(g->seen);
    memset(g, 0, sizeof *g);
}

void maze_game_restart(maze_game *g)
{
    size_t words = (size_t)((g->maze.ncells + 63) / 64);
    memset(g->visited, 0, words * sizeof *g->visited);
    memset(g->seen, 0, words * sizeof *g->seen);
    g->nvisited = 0;
    g->moves = g->undos = 0;
    g->pos = g->maze.start;
    g->start_ms = g->end_ms = g->pause_ms = -1;
    g->paused_ms = 0;
    visit(g, g->pos);
    g->won = g->pos == g->maze.goal;
}

maze_move_result maze_game_move(maze_game *g, int d, int64_t now_ms)
{
    if (g->won)
        return MAZE_FINISHED;
    if (g->pause_ms >= 0)
        return MAZE_PAUSED;
    if (d < 0 || d >= g->maze.ndirs || !amz_maze_passage(&g->maze, g->pos, d))
        return MAZE_WALL;
    amz_cell to = amz_maze_neighbor(&g->maze, g->pos, d);
    if (to == AMZ_NO_CELL)
        return MAZE_WALL;
    if (g->moves == g->cap) {
        uint64_t cap = g->cap ? g->cap * 2 : 256;
        uint8_t *h = realloc(g->history, (size_t)cap);
        if (!h)
            return MAZE_WALL; /* the move is refused rather than lost from the undo stack */
        g->history = h;
        g->cap = cap;
    }
    g->history[g->moves++] = (uint8_t)d;
    if (g->start_ms < 0)
        g->start_ms = now_ms;
    g->pos = to;
    visit(g, to);
    if (to == g->maze.goal) {
        g->won = true;
        g->end_ms = now_ms;
    }
    return MAZE_MOVED;
}

bool maze_game_undo(maze_game *g)
{
    if (g->won || g->moves == 0)
        return false;
    int d = g->history[--g->moves];
    g->pos = amz_maze_neighbor(&g->maze, g->pos, amz_dir_opposite(g->maze.topology, d));
    g->undos++;
    return true;
}

bool maze_game_pause(maze_game *g, int64_t now_ms)
{
    if (g->won)
        return false;
    if (g->pause_ms >= 0) {
        if (g->start_ms >= 0 && now_ms > g->pause_ms)
            g->paused_ms += now_ms - g->pause_ms;
        g->pause_ms = -1;
        return false;
    }
    g->pause_ms = now_ms;
    return true;
}

int64_t maze_game_elapsed_ms(const maze_game *g, int64_t now_ms)
{
    if (g->start_ms < 0)
        return 0;
    int64_t end = g->end_ms >= 0 ? g->end_ms : g->pause_ms >= 0 ? g->pause_ms : now_ms;
    int64_t t = end - g->start_ms - g->paused_ms;
    return t > 0 ? t : 0;
}

bool maze_game_visited(const maze_game *g, amz_cell c)
{
    return bit_get(g->visited, c);
}

bool maze_game_seen(const maze_game *g, amz_cell c)
{
    return bit_get(g->seen, c);
}

amz_status maze_game_hint(maze_game *g, amz_path *out, amz_error *err)
{
    g->hinted = true;
    amz_solve_result r;
    amz_status st = amz_solve_run(&g->maze, "bfs", g->pos, g->maze.goal, NULL, NULL, &r, err);
    if (st) {
        memset(out, 0, sizeof *out);
        return st;
    }
    *out = r.path;
    return AMZ_OK;
}

int maze_game_efficiency(const maze_game *g)
{
    if (g->moves == 0)
        return 100;
    return (int)((g->optimal * 100 + g->moves / 2) / g->moves);
}
