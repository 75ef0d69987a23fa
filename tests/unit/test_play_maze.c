/* test_play_maze.c — the maze runner's rules (src/play/maze_game.c): every move on
 * square, hex and triangle mazes, perfect and with loops, is checked against an oracle
 * that reads the packed passage bits and the neighbour rules (odd-q hex; triangles up
 * where x + y is even) directly; the win, the frozen
 * timer, undo, restart, the seen cells of --fog and the optimal length. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "play/maze_game.h"
#include "testutil.h"

/* The neighbour of (x, y) in direction d, from the definitions in amaze/maze.h, or
 * AMZ_NO_CELL outside the grid. */
static amz_cell oracle_neighbor(const amz_maze *m, amz_cell c, int d)
{
    int64_t x = c % m->width, y = c / m->width, dx = 0, dy = 0;
    if (m->topology == AMZ_TOPO_SQUARE) {
        static const int sdx[] = {0, 1, 0, -1}, sdy[] = {-1, 0, 1, 0};
        dx = sdx[d];
        dy = sdy[d];
    } else if (m->topology == AMZ_TOPO_TRIANGLE) {
        /* N S E W as on squares, but a triangle pointing up has no N, one pointing
         * down no S. */
        static const int tdx[] = {0, 1, 0, -1}, tdy[] = {-1, 0, 1, 0};
        const bool up = ((x + y) & 1) == 0;
        if ((d == AMZ_TRI_N && up) || (d == AMZ_TRI_S && !up))
            return AMZ_NO_CELL;
        dx = tdx[d];
        dy = tdy[d];
    } else {
        /* Odd-q: odd columns sit half a cell lower. */
        static const int hdx[] = {0, 1, 1, 0, -1, -1};
        static const int even_dy[] = {-1, -1, 0, 1, 0, -1}, odd_dy[] = {-1, 0, 1, 1, 1, 0};
        dx = hdx[d];
        dy = (x & 1) ? odd_dy[d] : even_dy[d];
    }
    x += dx;
    y += dy;
    if (x < 0 || y < 0 || x >= m->width || y >= m->height)
        return AMZ_NO_CELL;
    return y * m->width + x;
}

/* Open edge per the storage rule: owned directions 1..bits are bits of the cell, the
 * others bits of the neighbour in the opposite direction. */
static bool oracle_open(const amz_maze *m, amz_cell c, int d)
{
    amz_cell n = oracle_neighbor(m, c, d);
    if (n == AMZ_NO_CELL)
        return false;
    amz_cell owner = c;
    int e = d;
    if (d < 1 || d > m->bits) {
        owner = n;
        e = (d + m->ndirs / 2) % m->ndirs;
    }
    uint64_t bit = (uint64_t)owner * (uint64_t)m->bits + (uint64_t)(e - 1);
    return (m->passages[bit >> 6] >> (bit & 63)) & 1u;
}

/* A maze with loops whose goal is reachable: the farthest cell from the start. */
static void loopy_maze(amz_maze *m, amz_topology t, int w, int h, uint64_t seed)
{
    tu_random_maze(m, t, w, h, 0.55, seed);
    int64_t *dist = malloc((size_t)m->ncells * sizeof *dist);
    assert_non_null(dist);
    tu_distances(m, m->start, dist);
    amz_cell far = m->start;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (dist[c] > dist[far])
            far = c;
    m->goal = far;
    free(dist);
}

static void check_every_move(amz_topology t, bool perfect)
{
    for (uint64_t seed = 1; seed <= 12; seed++) {
        amz_maze m;
        int w = 3 + (int)(seed % 7), h = 2 + (int)(seed % 5);
        if (perfect)
            tu_generate(&m, t, w, h, "backtracker", seed);
        else
            loopy_maze(&m, t, w, h, seed);
        maze_game g;
        assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
        int opened = 0, refused = 0;
        for (amz_cell c = 0; c < m.ncells; c++)
            for (int d = 0; d < m.ndirs; d++) {
                maze_game_restart(&g);
                g.pos = c; /* put the player anywhere; only the rules are under test */
                g.won = false;
                uint64_t moves = g.moves;
                maze_move_result r = maze_game_move(&g, d, 1000);
                if (oracle_open(&m, c, d)) {
                    assert_int_equal(r, MAZE_MOVED);
                    assert_int_equal(g.pos, oracle_neighbor(&m, c, d));
                    assert_int_equal(g.moves, moves + 1);
                    assert_int_equal(g.won, g.pos == m.goal);
                    opened++;
                } else {
                    assert_int_equal(r, MAZE_WALL);
                    assert_int_equal(g.pos, c);
                    assert_int_equal(g.moves, moves);
                    refused++;
                }
            }
        assert_true(opened > 0 && refused > 0);
        /* Out-of-range directions are walls, not crashes. */
        maze_game_restart(&g);
        maze_move_result expect = g.won ? MAZE_FINISHED : MAZE_WALL; /* start == goal: won at once */
        assert_int_equal(maze_game_move(&g, -1, 0), expect);
        assert_int_equal(maze_game_move(&g, m.ndirs, 0), expect);
        maze_game_deinit(&g);
        amz_maze_deinit(&m);
    }
}

static void test_walls_square(void **state)
{
    (void)state;
    check_every_move(AMZ_TOPO_SQUARE, true);
    check_every_move(AMZ_TOPO_SQUARE, false);
}

static void test_walls_hex(void **state)
{
    (void)state;
    check_every_move(AMZ_TOPO_HEX, true);
    check_every_move(AMZ_TOPO_HEX, false);
}

static void test_walls_triangle(void **state)
{
    (void)state;
    check_every_move(AMZ_TOPO_TRIANGLE, true);
    check_every_move(AMZ_TOPO_TRIANGLE, false);
}

/* The topologies play draws: square, hex and triangle. */
static const amz_topology topologies_played[] = {AMZ_TOPO_SQUARE, AMZ_TOPO_HEX, AMZ_TOPO_TRIANGLE};

/* Following the hint from the start wins in exactly the optimal number of moves; the
 * timer runs from the first move to the win and then stands still. */
static void test_win(void **state)
{
    (void)state;
    for (int t = 0; t < 3; t++)
        for (uint64_t seed = 1; seed <= 20; seed++) {
            amz_maze m;
            tu_generate(&m, topologies_played[t], 4 + (int)(seed % 9), 3 + (int)(seed % 6), "prim", seed);
            maze_game g;
            assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
            assert_int_equal((int64_t)g.optimal, tu_bfs_distance(&m, m.start, m.goal));
            assert_false(g.won);
            assert_int_equal(maze_game_elapsed_ms(&g, 5000), 0);
            amz_path p;
            assert_int_equal(maze_game_hint(&g, &p, NULL), AMZ_OK);
            assert_int_equal(p.len, g.optimal);
            for (uint64_t i = 0; i < p.len; i++) {
                assert_false(g.won);
                assert_int_equal(maze_game_move(&g, p.dirs[i], 1000 + 100 * (int64_t)i), MAZE_MOVED);
            }
            assert_true(g.won);
            assert_int_equal(g.pos, m.goal);
            assert_int_equal(g.moves, g.optimal);
            assert_int_equal(maze_game_efficiency(&g), 100);
            int64_t played = 100 * (int64_t)(p.len - 1);
            assert_int_equal(maze_game_elapsed_ms(&g, 999999), played);
            /* After the win nothing moves and nothing is undone. */
            for (int d = 0; d < m.ndirs; d++)
                assert_int_equal(maze_game_move(&g, d, 2000000), MAZE_FINISHED);
            assert_false(maze_game_undo(&g));
            assert_int_equal(g.pos, m.goal);
            amz_path_deinit(&p);
            maze_game_deinit(&g);
            amz_maze_deinit(&m);
        }
}

/* A random walk, then undo step by step: the positions come back in reverse order;
 * a detour costs efficiency. */
static void test_undo(void **state)
{
    (void)state;
    for (int t = 0; t < 3; t++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            amz_maze m;
            loopy_maze(&m, topologies_played[t], 9, 7, seed + 40);
            maze_game g;
            assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
            assert_false(maze_game_undo(&g)); /* nothing to undo yet */
            amz_rng r;
            amz_rng_seed(&r, seed);
            amz_cell trail[301];
            int n = 0;
            trail[0] = g.pos;
            while (n < 300 && !g.won) {
                if (maze_game_move(&g, (int)amz_rng_below(&r, (uint32_t)m.ndirs), n) == MAZE_MOVED)
                    trail[++n] = g.pos;
            }
            if (g.won) { /* walked into the goal: nothing to undo (checked in test_win) */
                maze_game_deinit(&g);
                amz_maze_deinit(&m);
                continue;
            }
            assert_int_equal(g.moves, (uint64_t)n);
            for (int i = n; i > 0; i--) {
                assert_int_equal(g.pos, trail[i]);
                assert_true(maze_game_undo(&g));
                assert_int_equal(g.pos, trail[i - 1]);
                assert_int_equal(g.moves, (uint64_t)(i - 1));
            }
            assert_int_equal(g.pos, m.start);
            assert_int_equal(g.undos, (uint64_t)n);
            assert_false(maze_game_undo(&g));
            /* Restart clears everything. */
            maze_game_restart(&g);
            assert_int_equal(g.moves, 0);
            assert_int_equal(g.undos, 0);
            assert_int_equal(g.nvisited, 1);
            assert_int_equal(maze_game_elapsed_ms(&g, 12345), 0);
            maze_game_deinit(&g);
            amz_maze_deinit(&m);
        }
}

/* Seen = visited cells and their neighbours through open passages; visited count. */
static void test_fog(void **state)
{
    (void)state;
    for (int t = 0; t < 3; t++) {
        amz_maze m;
        loopy_maze(&m, topologies_played[t], 12, 9, 77 + (uint64_t)t);
        maze_game g;
        assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
        bool *visited = calloc((size_t)m.ncells, 1);
        assert_non_null(visited);
        visited[g.pos] = true;
        amz_rng r;
        amz_rng_seed(&r, 5);
        for (int i = 0; i < 200 && !g.won; i++)
            if (maze_game_move(&g, (int)amz_rng_below(&r, (uint32_t)m.ndirs), i) == MAZE_MOVED)
                visited[g.pos] = true;
        uint64_t count = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            bool seen = visited[c];
            for (int d = 0; d < m.ndirs && !seen; d++) {
                amz_cell n = oracle_neighbor(&m, c, d);
                seen = n != AMZ_NO_CELL && visited[n] && oracle_open(&m, c, d);
            }
            assert_int_equal(maze_game_visited(&g, c), visited[c]);
            assert_int_equal(maze_game_seen(&g, c), seen);
            count += visited[c];
        }
        assert_int_equal(g.nvisited, count);
        free(visited);
        maze_game_deinit(&g);
        amz_maze_deinit(&m);
    }
}

/* A maze whose goal cannot be reached is refused; efficiency rounds. */
/* The clock stands while paused and moves are refused; a shown hint marks the round,
 * across a restart. */
static void test_pause_and_hint(void **state)
{
    (void)state;
    amz_maze m;
    tu_generate(&m, AMZ_TOPO_SQUARE, 9, 7, "backtracker", 3);
    maze_game g;
    assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
    amz_path p;
    assert_false(g.hinted);
    assert_int_equal(maze_game_hint(&g, &p, NULL), AMZ_OK);
    assert_true(g.hinted);
    maze_game_restart(&g);
    assert_true(g.hinted); /* the way was seen: still no record */
    assert_int_equal(maze_game_move(&g, p.dirs[0], 1000), MAZE_MOVED);
    assert_true(maze_game_pause(&g, 1500));
    assert_int_equal(maze_game_elapsed_ms(&g, 9000), 500);
    assert_int_equal(maze_game_move(&g, p.dirs[1], 2000), MAZE_PAUSED);
    assert_int_equal(g.moves, 1);
    assert_false(maze_game_pause(&g, 4500)); /* 3 s paused, off the clock */
    assert_int_equal(maze_game_elapsed_ms(&g, 5000), 1000);
    for (uint64_t i = 1; i < p.len; i++)
        assert_int_equal(maze_game_move(&g, p.dirs[i], 6000 + (int64_t)i), MAZE_MOVED);
    assert_true(g.won);
    assert_int_equal(maze_game_elapsed_ms(&g, 99999), 6000 + (int64_t)p.len - 1 - 1000 - 3000);
    assert_false(maze_game_pause(&g, 7000)); /* no pause after the win */
    /* A pause before the first move costs nothing either. */
    maze_game_deinit(&g);
    assert_int_equal(maze_game_init(&g, &m, NULL), AMZ_OK);
    assert_false(g.hinted);
    assert_true(maze_game_pause(&g, 100));
    assert_false(maze_game_pause(&g, 800));
    assert_int_equal(maze_game_move(&g, p.dirs[0], 1000), MAZE_MOVED);
    assert_int_equal(maze_game_elapsed_ms(&g, 1200), 200);
    amz_path_deinit(&p);
    maze_game_deinit(&g);
    amz_maze_deinit(&m);
}

static void test_unwinnable_and_efficiency(void **state)
{
    (void)state;
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 3, NULL), AMZ_OK); /* all walls */
    maze_game g;
    amz_error err;
    amz_error_clear(&err);
    assert_int_equal(maze_game_init(&g, &m, &err), AMZ_ENOPATH);
    assert_true(err.msg[0] != '\0');
    amz_maze_deinit(&m);
    memset(&g, 0, sizeof g);
    g.optimal = 2;
    g.moves = 3;
    assert_int_equal(maze_game_efficiency(&g), 67);
    g.moves = 0;
    assert_int_equal(maze_game_efficiency(&g), 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walls_square), cmocka_unit_test(test_walls_hex),
        cmocka_unit_test(test_walls_triangle),
        cmocka_unit_test(test_win),          cmocka_unit_test(test_undo),
        cmocka_unit_test(test_fog),          cmocka_unit_test(test_unwinnable_and_efficiency),
        cmocka_unit_test(test_pause_and_hint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
