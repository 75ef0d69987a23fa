/* test_gen_post.c — the post-processing steps of amz_gen_run against references
 * written here: unicursal labyrinths (every cell on one path of degree <= 2 from the
 * start to the goal beside it, for every generator on square and hex grids), the
 * classical labyrinth (one path, the rings in the classical order 3-2-1-4-7-6-5 then
 * the centre), symmetric mazes (equal to their image under mirrors computed here from
 * coordinates, perfect, and refused exactly where no symmetric tree can exist), and
 * sparse mazes (the same rock as a plain pass-by-pass removal written here, connected,
 * no new loop, the share asked). Observer events replayed rebuild each result. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static amz_status run(amz_maze *m, amz_topology t, int w, int h, const char *algo, const amz_gen_options *o,
                      amz_error *err)
{
    assert_int_equal(amz_maze_init(m, t, w, h, NULL), AMZ_OK);
    return amz_gen_run(m, algo, o, NULL, err);
}

/* Walks the path from the start: every step to the one neighbour not just left. */
static void assert_unicursal(const amz_maze *m, const char *what)
{
    int64_t cells = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (amz_maze_exists(m, c)) {
            cells++;
            if (amz_maze_degree(m, c) > 2)
                fail_msg("%s: cell %lld has %d passages", what, (long long)c, amz_maze_degree(m, c));
        }
    if (cells > 1 && (amz_maze_degree(m, m->start) != 1 || amz_maze_degree(m, m->goal) != 1))
        fail_msg("%s: start and goal are not the path's ends", what);
    amz_cell prev = AMZ_NO_CELL, c = m->start;
    int64_t steps = 0;
    for (;;) {
        amz_cell next = AMZ_NO_CELL;
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (amz_maze_passage(m, c, d) && nb != prev)
                next = nb;
        }
        if (next == AMZ_NO_CELL)
            break;
        prev = c;
        c = next;
        if (++steps > cells)
            fail_msg("%s: the path loops", what);
    }
    if (c != m->goal || steps != cells - 1)
        fail_msg("%s: the path from the start ends at %lld after %lld of %lld cells", what, (long long)c,
                 (long long)steps + 1, (long long)cells);
}

static bool adjacent(const amz_maze *m, amz_cell a, amz_cell b)
{
    for (int d = 0; d < m->ndirs; d++)
        if (amz_maze_neighbor(m, a, d) == b)
            return true;
    return false;
}

static void test_unicursal_every_generator(void **state)
{
    (void)state;
    const int sizes[][2] = {{2, 2}, {4, 2}, {2, 6}, {10, 8}, {16, 12}, {30, 4}};
    for (size_t gi = 0; gi < amz_gen_count(); gi++) {
        const amz_gen_info *g = amz_gen_at(gi);
        for (int t = 0; t < 2; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
                for (uint64_t seed = 1; seed <= 4; seed++) {
                    amz_maze m;
                    amz_gen_options o;
                    amz_gen_options_init(&o);
                    o.seed = seed;
                    o.unicursal = true;
                    amz_error err;
                    char what[128];
                    snprintf(what, sizeof what, "%s %s %dx%d seed %llu", g->name, t ? "hex" : "square",
                             sizes[s][0], sizes[s][1], (unsigned long long)seed);
                    amz_status st = run(&m, (amz_topology)t, sizes[s][0], sizes[s][1], g->name, &o, &err);
                    if (st)
                        fail_msg("%s: %s", what, err.msg);
                    assert_int_equal(m.start, 0); /* where the caller put it */
                    assert_true(adjacent(&m, m.start, m.goal));
                    assert_unicursal(&m, what);
                    amz_maze_deinit(&m);
                }
        }
    }
}

static void test_unicursal_start_and_masks(void **state)
{
    (void)state;
    /* A start inside the grid: the path begins there. */
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.unicursal = true;
    o.seed = 9;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 12, 10, NULL), AMZ_OK);
    m.start = amz_maze_cell_at(&m, 5, 6);
    assert_int_equal(amz_gen_run(&m, "wilson", &o, NULL, NULL), AMZ_OK);
    assert_int_equal(m.start, amz_maze_cell_at(&m, 5, 6));
    assert_unicursal(&m, "hex start 5,6");
    amz_maze_deinit(&m);
    /* A mask of whole 2x2 blocks (an L shape) works; one cutting a block is refused. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 8, 8, NULL), AMZ_OK);
    for (int y = 0; y < 4; y++)
        for (int x = 4; x < 8; x++)
            assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, x, y), false, NULL), AMZ_OK);
    amz_maze_default_ends(&m, NULL);
    assert_int_equal(amz_gen_run(&m, "backtracker", &o, NULL, NULL), AMZ_OK);
    assert_int_equal(amz_maze_count_cells(&m), 48);
    assert_unicursal(&m, "L mask");
    assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, 1, 7), false, NULL), AMZ_OK);
    amz_error err;
    assert_int_equal(amz_gen_run(&m, "backtracker", &o, NULL, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "2x2"));
    amz_maze_deinit(&m);
    /* Odd sizes, and options that would break the one path. */
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 9, 8, "backtracker", &o, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "even"));
    amz_maze_deinit(&m);
    o.braid = 0.5;
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 8, 8, "backtracker", &o, &err), AMZ_EINVAL);
    amz_maze_deinit(&m);
}

/* Ring of a cell counted from 1 at the border; the centre is ring 8. */
static int ring_of(const amz_maze *m, amz_cell c)
{
    int32_t x, y;
    amz_maze_cell_xy(m, c, &x, &y);
    int r = x;
    r = y < r ? y : r;
    r = m->width - 1 - x < r ? m->width - 1 - x : r;
    r = m->height - 1 - y < r ? m->height - 1 - y : r;
    return r >= 7 ? 8 : r + 1;
}

static void test_classical(void **state)
{
    (void)state;
    const int sizes[][2] = {{16, 15}, {17, 15}, {16, 16}, {17, 16}, {18, 17}, {19, 20}, {20, 19}, {21, 21}, {31, 40}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        amz_maze m;
        amz_error err;
        char what[64];
        snprintf(what, sizeof what, "classical %dx%d", sizes[s][0], sizes[s][1]);
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.labyrinth = AMZ_LABYRINTH_CLASSICAL;
        if (run(&m, AMZ_TOPO_SQUARE, sizes[s][0], sizes[s][1], "backtracker", &o, &err))
            fail_msg("%s: %s", what, err.msg);
        assert_unicursal(&m, what);
        int32_t x, y;
        amz_maze_cell_xy(&m, m.start, &x, &y);
        assert_int_equal(y, sizes[s][1] - 1);
        assert_int_equal(ring_of(&m, m.goal), 8);
        /* The rings the path runs along for more than one cell, in order. */
        int order[32], n = 0, run_ring = -1, run_len = 0;
        amz_cell prev = AMZ_NO_CELL, c = m.start;
        while (c != AMZ_NO_CELL) {
            int r = ring_of(&m, c);
            if (r == run_ring)
                run_len++;
            else
                run_ring = r, run_len = 1;
            if (run_len == 2) {
                assert_true(n < 32);
                order[n++] = r;
            }
            amz_cell next = AMZ_NO_CELL;
            for (int d = 0; d < 4; d++)
                if (amz_maze_passage(&m, c, d) && amz_maze_neighbor(&m, c, d) != prev)
                    next = amz_maze_neighbor(&m, c, d);
            prev = c;
            c = next;
        }
        const int classical[] = {3, 2, 1, 4, 7, 6, 5, 8};
        assert_int_equal(n, 8);
        assert_memory_equal(order, classical, sizeof classical);
        assert_string_equal(m.algorithm, "classical");
        amz_maze_deinit(&m);
    }
    amz_maze m;
    amz_error err;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.labyrinth = AMZ_LABYRINTH_CLASSICAL;
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 15, 15, "backtracker", &o, &err), AMZ_EUNSUPPORTED);
    amz_maze_deinit(&m);
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 20, 15, "backtracker", &o, &err), AMZ_EUNSUPPORTED);
    amz_maze_deinit(&m);
    assert_int_equal(run(&m, AMZ_TOPO_HEX, 20, 20, "backtracker", &o, &err), AMZ_EUNSUPPORTED);
    amz_maze_deinit(&m);
    o.braid = 0.1;
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 20, 20, "backtracker", &o, &err), AMZ_EINVAL);
    amz_maze_deinit(&m);
}

/* The images of a cell under a symmetry, by coordinates. */
static int images(const amz_maze *m, amz_symmetry s, amz_cell c, amz_cell out[3])
{
    int32_t x, y;
    amz_maze_cell_xy(m, c, &x, &y);
    const int32_t mx = m->width - 1 - x, my = m->height - 1 - y;
    switch (s) {
    case AMZ_SYM_X: out[0] = amz_maze_cell_at(m, mx, y); return 1;
    case AMZ_SYM_Y: out[0] = amz_maze_cell_at(m, x, my); return 1;
    case AMZ_SYM_RADIAL: out[0] = amz_maze_cell_at(m, mx, my); return 1;
    default:
        out[0] = amz_maze_cell_at(m, mx, y);
        out[1] = amz_maze_cell_at(m, x, my);
        out[2] = amz_maze_cell_at(m, mx, my);
        return 3;
    }
}

static void assert_symmetric(const amz_maze *m, amz_symmetry s, const char *what)
{
    for (amz_cell c = 0; c < m->ncells; c++)
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = amz_maze_neighbor(m, c, d);
            if (nb == AMZ_NO_CELL)
                continue;
            amz_cell ic[3], in[3];
            int k = images(m, s, c, ic);
            images(m, s, nb, in);
            for (int i = 0; i < k; i++) {
                int e = -1;
                for (int dd = 0; dd < m->ndirs; dd++)
                    if (amz_maze_neighbor(m, ic[i], dd) == in[i])
                        e = dd;
                assert_true(e >= 0);
                if (amz_maze_passage(m, c, d) != amz_maze_passage(m, ic[i], e))
                    fail_msg("%s: passage %lld-%lld differs from its image", what, (long long)c, (long long)nb);
            }
        }
}

/* Where a symmetric spanning tree exists on a full grid: a square grid has every
 * mirror; the fixed cells or a flipped edge exist unless both sides are even (half
 * turn, both mirrors). On an odd-q hex grid, a cell's centre is at (1.5 x, y + 0.5 if
 * x is odd): the left-right mirror keeps that pattern for an odd width, the half turn
 * for an even one (odd and even columns swap, and so do the half cells), and the
 * top-bottom mirror never; the half turn of an even width always has a passage it
 * flips, between columns w/2-1 and w/2 in the middle rows. */
static bool possible(amz_topology t, amz_symmetry s, int w, int h)
{
    if (t == AMZ_TOPO_HEX)
        return (s == AMZ_SYM_X && w % 2 == 1) || (s == AMZ_SYM_RADIAL && w % 2 == 0);
    if (s == AMZ_SYM_XY || s == AMZ_SYM_RADIAL)
        return w % 2 == 1 || h % 2 == 1;
    return true;
}

static void test_symmetry(void **state)
{
    (void)state;
    const int sizes[][2] = {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 4}, {4, 7}, {9, 9}, {12, 9}, {10, 10}, {11, 6}};
    const char *gens[] = {"backtracker", "wilson", "kruskal", "prim", "growing-tree", "hunt-and-kill"};
    for (int t = 0; t < 2; t++)
        for (int s = AMZ_SYM_X; s <= AMZ_SYM_RADIAL; s++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
                for (size_t gi = 0; gi < sizeof gens / sizeof gens[0]; gi++)
                    for (uint64_t seed = 1; seed <= 3; seed++) {
                        amz_maze m;
                        amz_gen_options o;
                        amz_gen_options_init(&o);
                        o.seed = seed;
                        o.symmetry = (amz_symmetry)s;
                        amz_error err;
                        char what[128];
                        const int w = sizeof sizes[z] ? sizes[z][0] : 0, h = sizes[z][1];
                        snprintf(what, sizeof what, "%s %s %s %dx%d seed %llu", gens[gi], t ? "hex" : "square",
                                 amz_symmetry_name((amz_symmetry)s), w, h, (unsigned long long)seed);
                        amz_status st = run(&m, (amz_topology)t, w, h, gens[gi], &o, &err);
                        if (possible((amz_topology)t, (amz_symmetry)s, w, h) || (w == 1 && h == 1)) {
                            if (st)
                                fail_msg("%s: %s", what, err.msg);
                            if (!tu_is_perfect(&m))
                                fail_msg("%s: not perfect", what);
                            assert_symmetric(&m, (amz_symmetry)s, what);
                        } else if (st != AMZ_EUNSUPPORTED)
                            fail_msg("%s: status %d, expected a refusal", what, st);
                        else
                            assert_true(err.msg[0] != '\0');
                        amz_maze_deinit(&m);
                    }
    /* A symmetric shape keeps its symmetry; a generator that needs full rectangles is
     * refused by name. */
    amz_maze m;
    amz_gen_options o;
    amz_gen_options_init(&o);
    o.symmetry = AMZ_SYM_XY;
    o.seed = 4;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 21, 15, NULL), AMZ_OK);
    assert_int_equal(amz_shape_apply(&m, AMZ_SHAPE_DIAMOND, NULL), AMZ_OK);
    assert_int_equal(amz_gen_run(&m, "wilson", &o, NULL, NULL), AMZ_OK);
    assert_true(tu_is_perfect(&m));
    assert_symmetric(&m, AMZ_SYM_XY, "diamond");
    amz_maze_deinit(&m);
    amz_error err;
    assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 9, 9, "eller", &o, &err), AMZ_EUNSUPPORTED);
    assert_non_null(strstr(err.msg, "eller"));
    amz_maze_deinit(&m);
}

/* The reference: pass after pass, every cell with one passage (not start or goal)
 * listed first, then all removed. Returns the cells removed. */
static int64_t sparse_reference(amz_maze *m, int passes)
{
    int64_t removed = 0;
    amz_cell *list = malloc(sizeof *list * (size_t)m->ncells);
    for (int p = 0; p < passes; p++) {
        int64_t n = 0;
        for (amz_cell c = 0; c < m->ncells; c++)
            if (amz_maze_exists(m, c) && c != m->start && c != m->goal && amz_maze_degree(m, c) == 1)
                list[n++] = c;
        for (int64_t i = 0; i < n; i++)
            assert_int_equal(amz_maze_set_exists(m, list[i], false, NULL), AMZ_OK);
        removed += n;
    }
    free(list);
    return removed;
}

/* Cyclomatic number: passages - cells + parts, the count of independent loops. */
static int64_t loops(const amz_maze *m)
{
    int64_t cells = 0, open = 0, parts = 0;
    int64_t *dist = malloc(sizeof *dist * (size_t)m->ncells);
    for (amz_cell c = 0; c < m->ncells; c++)
        dist[c] = -2;
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        cells++;
        open += amz_maze_degree(m, c);
        if (dist[c] == -2) {
            parts++;
            int64_t *d2 = malloc(sizeof *d2 * (size_t)m->ncells);
            tu_distances(m, c, d2);
            for (amz_cell k = 0; k < m->ncells; k++)
                if (d2[k] >= 0)
                    dist[k] = d2[k];
            free(d2);
        }
    }
    free(dist);
    return open / 2 - cells + parts;
}

static void test_sparse(void **state)
{
    (void)state;
    for (int t = 0; t < 2; t++)
        for (uint64_t seed = 1; seed <= 6; seed++)
            for (int passes = 1; passes <= 12; passes += 5)
                for (int braided = 0; braided < 2; braided++) {
                    amz_maze plain, m;
                    amz_gen_options o;
                    amz_gen_options_init(&o);
                    o.seed = seed;
                    o.braid = braided ? 0.3 : 0;
                    assert_int_equal(run(&plain, (amz_topology)t, 25, 17, "backtracker", &o, NULL), AMZ_OK);
                    o.sparse = (uint32_t)passes;
                    assert_int_equal(run(&m, (amz_topology)t, 25, 17, "backtracker", &o, NULL), AMZ_OK);
                    const int64_t before = loops(&plain), cells = amz_maze_count_cells(&plain);
                    const int64_t removed = sparse_reference(&plain, passes);
                    assert_true(removed > 0);
                    tu_assert_same_maze(&m, &plain, "sparse against the reference");
                    assert_int_equal(amz_maze_count_cells(&m), cells - removed);
                    assert_int_equal(tu_reachable(&m, m.start), amz_maze_count_cells(&m));
                    assert_int_equal(loops(&m), before);
                    if (!braided)
                        assert_true(tu_is_perfect(&m));
                    amz_maze_deinit(&plain);
                    amz_maze_deinit(&m);
                }
    /* A share: exactly that many cells go while dead ends last; more than the maze can
     * give stops with start and goal joined by one corridor. */
    const double shares[] = {0.05, 0.25, 0.5, 0.999};
    for (size_t i = 0; i < 4; i++) {
        amz_maze m;
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 3;
        o.sparse_share = shares[i];
        assert_int_equal(run(&m, AMZ_TOPO_SQUARE, 20, 20, "prim", &o, NULL), AMZ_OK);
        const int64_t left = amz_maze_count_cells(&m), want = (int64_t)ceil(shares[i] * 400 - 1e-9);
        assert_true(tu_is_perfect(&m));
        if (shares[i] < 0.9)
            assert_int_equal(400 - left, want);
        else {
            assert_int_equal(left, tu_bfs_distance(&m, m.start, m.goal) + 1);
            assert_unicursal(&m, "sparse to the bone");
        }
        amz_maze_deinit(&m);
    }
}

/* CARVE and WALL events replayed onto an empty grid. */
typedef struct replay {
    amz_maze m;
} replay;

static int on_event(void *ctx, const amz_event *ev)
{
    replay *r = ctx;
    if (ev->type == AMZ_EV_CARVE || ev->type == AMZ_EV_WALL)
        amz_maze_set_passage(&r->m, ev->cell, ev->dir, ev->type == AMZ_EV_CARVE, NULL);
    return 0;
}

static void test_observer_replay(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) {
        amz_gen_options o;
        amz_gen_options_init(&o);
        o.seed = 7;
        o.unicursal = k == 0;
        o.symmetry = k == 1 ? AMZ_SYM_X : k == 2 ? AMZ_SYM_RADIAL : AMZ_SYM_NONE;
        replay r;
        assert_int_equal(amz_maze_init(&r.m, AMZ_TOPO_SQUARE, 14, 9, NULL), AMZ_OK);
        amz_observer obs = {on_event, &r, 0};
        amz_maze m;
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 14, 9 + (k == 0), NULL), AMZ_OK);
        if (k == 0) {
            amz_maze_deinit(&r.m);
            assert_int_equal(amz_maze_init(&r.m, AMZ_TOPO_SQUARE, 14, 10, NULL), AMZ_OK);
        }
        assert_int_equal(amz_gen_run(&m, "backtracker", &o, &obs, NULL), AMZ_OK);
        for (amz_cell c = 0; c < m.ncells; c++)
            assert_int_equal(amz_maze_cell_mask(&m, c), amz_maze_cell_mask(&r.m, c));
        amz_maze_deinit(&m);
        amz_maze_deinit(&r.m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unicursal_every_generator),
        cmocka_unit_test(test_unicursal_start_and_masks),
        cmocka_unit_test(test_classical),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_sparse),
        cmocka_unit_test(test_observer_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
