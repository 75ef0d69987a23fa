/* test_stats_grids.c — amz_stats_compute, the diameter, --goal farthest, --longest and
 * braid on every grid of the model (triangle, octagon, polar, levels, wrap, weave, with
 * masks), over many seeds and generators, against references computed here from the
 * public neighbour API alone: degree counts, union-find parts, corridors traced cell by
 * cell, all-pairs BFS for the diameter, a direction-pair table for straight cells. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

typedef struct case_grid {
    const char *name;
    amz_grid g;
    double mask; /* share of cells removed first (0: none) */
} case_grid;

static const case_grid grids[] = {
    {"square 7x5", {AMZ_TOPO_SQUARE, 7, 5, 1, 0, false}, 0},
    {"hex 6x5", {AMZ_TOPO_HEX, 6, 5, 1, 0, false}, 0},
    {"square 4x3x3", {AMZ_TOPO_SQUARE, 4, 3, 3, 0, false}, 0},
    {"square 5x4 wrap x", {AMZ_TOPO_SQUARE, 5, 4, 1, AMZ_WRAP_X, false}, 0},
    {"square 4x4 wrap xy", {AMZ_TOPO_SQUARE, 4, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, 0},
    {"square 4x5 wrap y levels 2", {AMZ_TOPO_SQUARE, 4, 5, 2, AMZ_WRAP_Y, false}, 0},
    {"square 9x8 weave", {AMZ_TOPO_SQUARE, 9, 8, 1, 0, true}, 0},
    {"square 6x6 weave wrap xy", {AMZ_TOPO_SQUARE, 6, 6, 1, AMZ_WRAP_X | AMZ_WRAP_Y, true}, 0},
    {"hex 5x4x2", {AMZ_TOPO_HEX, 5, 4, 2, 0, false}, 0},
    {"hex 6x4 wrap xy", {AMZ_TOPO_HEX, 6, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, 0},
    {"triangle 8x5", {AMZ_TOPO_TRIANGLE, 8, 5, 1, 0, false}, 0},
    {"triangle 6x4x2", {AMZ_TOPO_TRIANGLE, 6, 4, 2, 0, false}, 0},
    {"triangle 8x4 wrap xy", {AMZ_TOPO_TRIANGLE, 8, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, 0},
    {"octagon 5x4", {AMZ_TOPO_OCTAGON, 5, 4, 1, 0, false}, 0},
    {"octagon 4x4 masked", {AMZ_TOPO_OCTAGON, 4, 4, 1, 0, false}, 0.2},
    {"polar 6", {AMZ_TOPO_POLAR, 6, 6, 1, 0, false}, 0},
    {"polar 5x4", {AMZ_TOPO_POLAR, 4, 5, 1, 0, false}, 0},
    {"polar 4x3 masked", {AMZ_TOPO_POLAR, 3, 4, 1, 0, false}, 0.15},
    {"triangle 7x4 masked", {AMZ_TOPO_TRIANGLE, 7, 4, 1, 0, false}, 0.2},
};
#define NGRIDS (sizeof grids / sizeof grids[0])

static amz_cell open_nb(const amz_maze *m, amz_cell c, int d)
{
    return amz_maze_passage(m, c, d) ? amz_maze_neighbor(m, c, d) : AMZ_NO_CELL;
}

static int ref_degree(const amz_maze *m, amz_cell c)
{
    int n = 0;
    for (int d = 0; d < m->ndirs; d++)
        n += open_nb(m, c, d) != AMZ_NO_CELL;
    return n;
}

static amz_cell find(amz_cell *up, amz_cell c)
{
    while (up[c] != c)
        c = up[c] = up[up[c]];
    return c;
}

/* Straight pairs of directions, written out per topology from docs/STATS.md: opposite
 * sides, stairs up and down, and a weave under-passage heading like its one-cell move. */
static bool ref_straight(const amz_maze *m, amz_cell c, int a, int b)
{
    switch (m->topology) {
    case AMZ_TOPO_SQUARE:
        if (a >= AMZ_SQ_N2)
            a -= AMZ_SQ_N2;
        if (b >= AMZ_SQ_N2)
            b -= AMZ_SQ_N2;
        return (a == AMZ_SQ_N && b == AMZ_SQ_S) || (a == AMZ_SQ_S && b == AMZ_SQ_N) ||
               (a == AMZ_SQ_E && b == AMZ_SQ_W) || (a == AMZ_SQ_W && b == AMZ_SQ_E) ||
               (a + b == AMZ_SQ_U + AMZ_SQ_D && (a == AMZ_SQ_U || b == AMZ_SQ_U));
    case AMZ_TOPO_HEX:
        if (a >= 6 || b >= 6)
            return a + b == AMZ_HEX_U + AMZ_HEX_D && a != b && a >= 6 && b >= 6;
        return abs(a - b) == 3;
    case AMZ_TOPO_OCTAGON: return abs(a - b) == 4;
    case AMZ_TOPO_POLAR:
        if (c == 0)
            return m->width % 2 == 0 && abs(a - b) == m->width / 2;
        if ((a == AMZ_POLAR_CW && b == AMZ_POLAR_CCW) || (a == AMZ_POLAR_CCW && b == AMZ_POLAR_CW))
            return true;
        return (a == AMZ_POLAR_IN && b >= AMZ_POLAR_OUT) || (b == AMZ_POLAR_IN && a >= AMZ_POLAR_OUT);
    default: return false;
    }
}

/* The number of corridors, traced: from each cell of degree other than 2 along each of
 * its passages until the next such cell (every corridor is walked from both ends), plus
 * the parts made only of two-passage cells (a ring with no end). */
static uint64_t ref_corridors(const amz_maze *m, const amz_cell *up)
{
    uint64_t walks = 0;
    bool *has_node = calloc((size_t)m->ncells, 1);
    for (amz_cell c = 0; c < m->ncells; c++) {
        if (!amz_maze_exists(m, c) || ref_degree(m, c) == 2)
            continue;
        has_node[find((amz_cell *)up, c)] = true;
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell prev = c, at = open_nb(m, c, d);
            if (at == AMZ_NO_CELL)
                continue;
            while (ref_degree(m, at) == 2) { /* step on through the passage not taken back */
                amz_cell next = AMZ_NO_CELL;
                for (int e = 0; e < m->ndirs && next == AMZ_NO_CELL; e++) {
                    amz_cell n = open_nb(m, at, e);
                    if (n != AMZ_NO_CELL && n != prev)
                        next = n;
                }
                prev = at;
                at = next;
            }
            walks++;
        }
    }
    uint64_t rings = 0;
    for (amz_cell c = 0; c < m->ncells; c++)
        if (amz_maze_exists(m, c) && find((amz_cell *)up, c) == c && !has_node[c])
            rings++;
    free(has_node);
    return walks / 2 + rings;
}

/* Every figure of amz_stats_compute against its reference. */
static void check_stats(const amz_maze *m, const char *what)
{
    amz_stats s;
    amz_error err;
    amz_error_clear(&err);
    if (amz_stats_compute(m, &s, &err) != AMZ_OK)
        fail_msg("%s: stats: %s", what, err.msg);
    const amz_cell n = m->ncells;
    amz_cell *up = malloc((size_t)n * sizeof *up);
    uint64_t cells = 0, edges = 0, degree[AMZ_MAX_DIRS + 1] = {0}, straight = 0, turns = 0, parts = 0;
    for (amz_cell c = 0; c < n; c++)
        up[c] = c;
    for (amz_cell c = 0; c < n; c++) {
        if (!amz_maze_exists(m, c))
            continue;
        cells++;
        int deg = 0, open[AMZ_MAX_DIRS];
        for (int d = 0; d < m->ndirs; d++) {
            amz_cell nb = open_nb(m, c, d);
            if (nb == AMZ_NO_CELL)
                continue;
            open[deg++] = d;
            edges += nb > c;
            up[find(up, c)] = find(up, nb);
        }
        degree[deg]++;
        if (deg == 2) {
            if (ref_straight(m, c, open[0], open[1]))
                straight++;
            else
                turns++;
        }
    }
    for (amz_cell c = 0; c < n; c++)
        parts += amz_maze_exists(m, c) && find(up, c) == c;
    assert_int_equal(s.cells, cells);
    assert_int_equal(s.passages, edges);
    for (int d = 0; d <= AMZ_MAX_DIRS; d++)
        if (s.degree[d] != degree[d])
            fail_msg("%s: %llu cells of degree %d, expected %llu", what, (unsigned long long)s.degree[d], d,
                     (unsigned long long)degree[d]);
    assert_int_equal(s.dead_ends, degree[1]);
    assert_int_equal(s.isolated, degree[0]);
    assert_int_equal(s.junctions, cells - degree[0] - degree[1] - degree[2]);
    if (s.parts != parts)
        fail_msg("%s: %llu parts, expected %llu", what, (unsigned long long)s.parts, (unsigned long long)parts);
    assert_int_equal(s.perfect, parts == 1 && edges + 1 == cells);
    if (m->topology == AMZ_TOPO_TRIANGLE) {
        assert_false(s.shape_defined);
        assert_int_equal(s.straight + s.turns, 0);
    } else {
        assert_true(s.shape_defined);
        if (s.straight != straight || s.turns != turns)
            fail_msg("%s: straight %llu turns %llu, expected %llu and %llu", what, (unsigned long long)s.straight,
                     (unsigned long long)s.turns, (unsigned long long)straight, (unsigned long long)turns);
    }
    uint64_t corridors = ref_corridors(m, up);
    if (s.corridors != corridors)
        fail_msg("%s: %llu corridors, expected %llu", what, (unsigned long long)s.corridors,
                 (unsigned long long)corridors);
    /* The solution and the diameter, by BFS from every cell. */
    int64_t sol = tu_bfs_distance(m, m->start, m->goal);
    assert_int_equal(s.solvable, sol >= 0);
    if (sol >= 0)
        assert_int_equal(s.solution_length, sol);
    int64_t *dist = malloc((size_t)n * sizeof *dist), diam = 0;
    for (amz_cell c = 0; c < n; c++)
        if (amz_maze_exists(m, c)) {
            int64_t e = tu_distances(m, c, dist);
            diam = e > diam ? e : diam;
        }
    if (s.diameter_exact ? (int64_t)s.diameter != diam : (int64_t)s.diameter > diam)
        fail_msg("%s: diameter %llu%s, expected %lld", what, (unsigned long long)s.diameter,
                 s.diameter_exact ? "" : " (bound)", (long long)diam);
    assert_int_equal(tu_bfs_distance(m, s.diameter_ends[0], s.diameter_ends[1]), (int64_t)s.diameter);
    /* On a tree the solution is the one path: its decision points, from the degrees. */
    if (s.perfect && sol > 0) {
        tu_distances(m, m->goal, dist);
        uint64_t decisions = 0;
        double bits = 0;
        for (amz_cell c = m->start, prev = AMZ_NO_CELL; c != m->goal;) {
            int ways = ref_degree(m, c) - (prev != AMZ_NO_CELL);
            decisions += ways >= 2;
            bits += log2((double)ways);
            amz_cell next = AMZ_NO_CELL;
            for (int d = 0; d < m->ndirs; d++) {
                amz_cell nb = open_nb(m, c, d);
                if (nb != AMZ_NO_CELL && dist[nb] == dist[c] - 1)
                    next = nb;
            }
            prev = c;
            c = next;
        }
        assert_int_equal(s.decisions, decisions);
        assert_true(fabs(s.difficulty - bits) < 1e-9);
    }
    free(dist);
    free(up);
}

/* Makes grid k's maze with generator g and options o; false when g cannot run there. */
static bool make(amz_maze *m, size_t k, const amz_gen_info *g, const amz_gen_options *o, uint64_t seed)
{
    if (amz_gen_check_grid(g, &grids[k].g, NULL) != AMZ_OK)
        return false;
    amz_error err;
    amz_error_clear(&err);
    if (amz_maze_init_grid(m, &grids[k].g, &err) != AMZ_OK)
        fail_msg("init %s: %s", grids[k].name, err.msg);
    if (grids[k].mask > 0) {
        if (!g->masks) {
            amz_maze_deinit(m);
            return false;
        }
        tu_random_mask(m, grids[k].mask, seed);
    }
    if (amz_gen_run(m, g->name, o, NULL, &err) != AMZ_OK)
        fail_msg("%s on %s: %s", g->name, grids[k].name, err.msg);
    return true;
}

/* Perfect, braided and random imperfect mazes of every grid. */
static void test_stats_match_references(void **state)
{
    (void)state;
    int runs = 0;
    for (size_t k = 0; k < NGRIDS; k++)
        for (size_t i = 0; i < amz_gen_count(); i++) {
            const amz_gen_info *g = amz_gen_at(i);
            for (uint64_t seed = 1; seed <= 6; seed++) {
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = seed;
                o.weave = (double)(seed % 3) / 2;
                o.braid = seed > 3 ? 0.5 : 0;
                o.allow_islands = true;
                amz_maze m;
                if (!make(&m, k, g, &o, seed))
                    break;
                char what[160];
                snprintf(what, sizeof what, "%s on %s seed %llu%s", g->name, grids[k].name,
                         (unsigned long long)seed, o.braid > 0 ? " braided" : "");
                check_stats(&m, what);
                amz_maze_deinit(&m);
                runs++;
            }
        }
    /* Random edge sets: many parts, isolated cells, rings. */
    for (size_t k = 0; k < NGRIDS; k++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            amz_maze m;
            amz_maze_init_grid(&m, &grids[k].g, NULL);
            if (grids[k].mask > 0)
                tu_random_mask(&m, grids[k].mask, seed);
            amz_rng rng;
            amz_rng_seed(&rng, seed * 77);
            for (amz_cell c = 0; c < m.ncells; c++)
                for (int d = 0; d < m.ndirs; d++)
                    if (amz_maze_exists(&m, c) && amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL &&
                        (m.weave ? d < AMZ_SQ_N2 : true) && amz_rng_unit(&rng) < 0.3 + 0.05 * (double)seed)
                        amz_maze_set_passage(&m, c, d, true, NULL);
            char what[96];
            snprintf(what, sizeof what, "random edges on %s seed %llu", grids[k].name, (unsigned long long)seed);
            check_stats(&m, what);
            amz_maze_deinit(&m);
        }
    assert_true(runs > 300);
}

/* --goal farthest puts the goal at the largest distance from the start, --longest puts
 * start and goal at the ends of a diameter (lowest farthest index on ties not checked:
 * any farthest cell is right). */
static void test_ends_on_every_grid(void **state)
{
    (void)state;
    const amz_gen_info *g = amz_gen_find("backtracker");
    for (size_t k = 0; k < NGRIDS; k++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            amz_gen_options o;
            amz_gen_options_init(&o);
            o.seed = seed;
            o.weave = 0.5;
            o.ends = seed & 1 ? AMZ_ENDS_FARTHEST : AMZ_ENDS_LONGEST;
            o.allow_islands = true;
            amz_maze m;
            if (!make(&m, k, g, &o, seed))
                break;
            int64_t *dist = malloc((size_t)m.ncells * sizeof *dist), far = tu_distances(&m, m.start, dist), diam = 0;
            if (o.ends == AMZ_ENDS_FARTHEST) {
                if (dist[m.goal] != far)
                    fail_msg("%s seed %llu: goal at %lld moves, farthest cell at %lld", grids[k].name,
                             (unsigned long long)seed, (long long)dist[m.goal], (long long)far);
            } else {
                for (amz_cell c = 0; c < m.ncells; c++)
                    if (amz_maze_exists(&m, c) && tu_reachable(&m, c) > 0) {
                        int64_t e = tu_distances(&m, c, dist);
                        diam = e > diam ? e : diam;
                    }
                if (tu_bfs_distance(&m, m.start, m.goal) != diam)
                    fail_msg("%s seed %llu: start-goal %lld moves, diameter %lld", grids[k].name,
                             (unsigned long long)seed, (long long)tu_bfs_distance(&m, m.start, m.goal),
                             (long long)diam);
            }
            free(dist);
            amz_maze_deinit(&m);
        }
}

/* Weave crossings of m: the under-passages (cell, direction) and whether each crossed
 * cell is still a plain corridor across. Returns their number; fails on a broken one. */
static int check_crossings(const amz_maze *m, const char *what)
{
    int n = 0;
    for (amz_cell c = 0; c < m->ncells && m->weave; c++)
        for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++) {
            if (!amz_maze_passage(m, c, d))
                continue;
            n++;
            amz_cell mid = amz_maze_neighbor(m, c, d - AMZ_SQ_N2);
            unsigned open = amz_maze_cell_mask(m, mid);
            bool ns = d == AMZ_SQ_E2 || d == AMZ_SQ_W2; /* under an E-W passage runs N-S on top */
            unsigned want = ns ? (1u << AMZ_SQ_N) | (1u << AMZ_SQ_S) : (1u << AMZ_SQ_E) | (1u << AMZ_SQ_W);
            if (open != want)
                fail_msg("%s: the cell crossed by %lld's %s has mask %#x", what, (long long)c,
                         amz_dir_name(m->topology, d), open);
        }
    return n / 2; /* each under-passage is seen from both of its ends */
}

/* Braid on every grid: it only opens walls (every passage of the unbraided maze stays),
 * removes dead ends, and on a weave opens no under-passage and never a wall of a
 * crossing cell; the file readers' validation accepts the result. */
static void test_braid_on_every_grid(void **state)
{
    (void)state;
    int crossings = 0;
    for (size_t k = 0; k < NGRIDS; k++)
        for (size_t i = 0; i < amz_gen_count(); i++) {
            const amz_gen_info *g = amz_gen_at(i);
            if (!g->perfect)
                continue;
            for (uint64_t seed = 1; seed <= 5; seed++) {
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = seed;
                o.weave = 1;
                o.allow_islands = true;
                amz_maze a, b;
                if (!make(&a, k, g, &o, seed))
                    break;
                o.braid = seed == 5 ? 1.0 : 0.2 * (double)seed;
                make(&b, k, g, &o, seed);
                char what[160];
                snprintf(what, sizeof what, "%s on %s seed %llu braid %.1f", g->name, grids[k].name,
                         (unsigned long long)seed, o.braid);
                uint64_t ends_a = 0, ends_b = 0, open_ends = 0;
                bool *crossed = calloc((size_t)a.ncells, 1);
                for (amz_cell c = 0; c < a.ncells && a.weave; c++)
                    for (int d = AMZ_SQ_N2; d <= AMZ_SQ_W2; d++)
                        if (amz_maze_passage(&a, c, d))
                            crossed[amz_maze_neighbor(&a, c, d - AMZ_SQ_N2)] = true;
                for (amz_cell c = 0; c < a.ncells; c++) {
                    if (!amz_maze_exists(&a, c))
                        continue;
                    /* a dead end braid may open: a closed one-cell wall to an uncrossed cell */
                    for (int d = 0; d < (a.weave ? AMZ_SQ_N2 : a.ndirs) && ref_degree(&a, c) == 1; d++) {
                        amz_cell nb = amz_maze_neighbor(&a, c, d);
                        if (nb != AMZ_NO_CELL && !amz_maze_passage(&a, c, d) && !crossed[nb]) {
                            open_ends++;
                            break;
                        }
                    }
                    ends_a += ref_degree(&a, c) == 1;
                    ends_b += ref_degree(&b, c) == 1;
                    for (int d = 0; d < a.ndirs; d++) {
                        bool pa = amz_maze_passage(&a, c, d), pb = amz_maze_passage(&b, c, d);
                        if (pa && !pb)
                            fail_msg("%s: braid closed a passage", what);
                        if (d >= AMZ_SQ_N2 && a.weave && pb != pa)
                            fail_msg("%s: braid opened an under-passage", what);
                    }
                }
                free(crossed);
                if (open_ends > 0 && ends_b >= ends_a)
                    fail_msg("%s: %llu dead ends before braiding, %llu after", what, (unsigned long long)ends_a,
                             (unsigned long long)ends_b);
                crossings += check_crossings(&b, what);
                /* The readers' validation (io/validate.c) accepts it. */
                size_t len;
                char *bytes = tu_write_mem(&b, amz_io_write_amz, &len);
                amz_maze r;
                amz_error err;
                amz_error_clear(&err);
                if (tu_amz_read_mem(bytes, len, &r, NULL, &err) != AMZ_OK)
                    fail_msg("%s: the braided maze does not read back: %s", what, err.msg);
                amz_maze_deinit(&r);
                free(bytes);
                check_stats(&b, what);
                amz_maze_deinit(&a);
                amz_maze_deinit(&b);
            }
        }
    assert_true(crossings > 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stats_match_references),
        cmocka_unit_test(test_ends_on_every_grid),
        cmocka_unit_test(test_braid_on_every_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
