/* test_lattice.c — the lattice steps (src/gen/lattice.h) against grid/topo.h, and the
 * random walks' lattice forms against their general forms.
 *
 * 1. On every grid the lattice modes take (square, hex and triangle with levels and
 *    wrap-around, flat octagon; odd and even sides, one row or column), from every cell
 *    in every direction: lattice_step gives the neighbour grid_step_at gives, and the
 *    place it carries is grid_locate's for that neighbour, so a walk that carries its
 *    place never drifts from the cell it is on; the same for grid_step_loc on polar
 *    grids (the general step, which carries ring, band and index).
 * 2. Aldous-Broder and Wilson (src/gen/walk_any.c), which take the lattice form on
 *    such grids (Wilson a table of rings on polar grids), against the same walks through grid/topo.h from the same random
 *    stream: the same maze, edge for edge, the same events in order, with and without
 *    removed cells, and the same partial maze when cancelled a third of the way.
 * 3. Unobserved Wilson on every lattice (its bordered form) and on polar grids (its
 *    byte form) against the general walk.
 * 4. grid_place_next: the place of every cell in order, without a division. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gen/any.h"
#include "gen/gen_impl.h"
#include "gen/lattice.h"
#include "gen/walk.h"
#include "testutil.h"

static const amz_grid grids[] = {
    {AMZ_TOPO_SQUARE, 7, 5, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_SQUARE, 6, 4, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_SQUARE, 3, 3, 1, AMZ_WRAP_Y, false},
    {AMZ_TOPO_SQUARE, 5, 4, 3, 0, false},
    {AMZ_TOPO_SQUARE, 1, 6, 2, 0, false},
    {AMZ_TOPO_SQUARE, 4, 4, 3, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_HEX, 6, 5, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_HEX, 6, 6, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_HEX, 7, 5, 2, 0, false},
    {AMZ_TOPO_TRIANGLE, 8, 5, 1, AMZ_WRAP_X, false},
    {AMZ_TOPO_TRIANGLE, 8, 6, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
    {AMZ_TOPO_TRIANGLE, 7, 4, 3, 0, false},
    {AMZ_TOPO_TRIANGLE, 9, 5, 1, 0, false}, /* flat: the lattice form when masked */
    {AMZ_TOPO_OCTAGON, 6, 5, 1, 0, false},
    {AMZ_TOPO_OCTAGON, 1, 4, 1, 0, false},
    {AMZ_TOPO_OCTAGON, 2, 2, 1, 0, false},
};
enum { NGRIDS = sizeof grids / sizeof grids[0] };

static void init(amz_maze *m, const amz_grid *g, char *what, size_t cap)
{
    amz_status st = amz_maze_init_grid(m, g, NULL);
    amz_grid_format_size(g, what, cap);
    if (st != AMZ_OK)
        fail_msg("%s %s: the grid is refused", amz_topology_name(g->topology), what);
}

static bool same_place(const grid_at *a, const grid_at *b)
{
    return a->x == b->x && a->y == b->y && a->z == b->z;
}

static void test_steps_match_topo(void **state)
{
    (void)state;
    for (int k = 0; k < NGRIDS; k++) {
        amz_maze m;
        char what[64];
        init(&m, &grids[k], what, sizeof what);
        const walk_mode M = walk_mode_of(&m);
        assert_int_not_equal(M, WALK_ANY);
        const lattice g = lattice_of(&m);
        long steps = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            grid_at a, want, got;
            grid_locate(&m, c, &a);
            const int span = grid_span_at(&m, &a);
            for (int d = 0; d < span; d++) {
                amz_cell n = grid_step_at(&m, c, &a, d);
                amz_cell l = M == WALK_SQUARE     ? lattice_step(WALK_SQUARE, &g, &a, d, &got)
                             : M == WALK_HEX      ? lattice_step(WALK_HEX, &g, &a, d, &got)
                             : M == WALK_TRIANGLE ? lattice_step(WALK_TRIANGLE, &g, &a, d, &got)
                                                  : lattice_step(WALK_OCTAGON, &g, &a, d, &got);
                if (n != l)
                    fail_msg("%s %s: cell %lld direction %d: lattice %lld, topo %lld", amz_topology_name(m.topology),
                             what, (long long)c, d, (long long)l, (long long)n);
                if (n == AMZ_NO_CELL)
                    continue;
                grid_locate(&m, n, &want);
                if (!same_place(&got, &want))
                    fail_msg("%s %s: cell %lld direction %d: carried %d,%d,%d, located %d,%d,%d",
                             amz_topology_name(m.topology), what, (long long)c, d, got.x, got.y, got.z, want.x, want.y,
                             want.z);
                steps++;
            }
        }
        assert_true(steps > 0);
        amz_maze_deinit(&m);
    }
}

static bool same_polar_place(const grid_at *a, const grid_at *b)
{
    return a->x == b->x && a->y == b->y && a->z == b->z && a->ring == b->ring && a->band == b->band && a->i == b->i &&
           a->n == b->n;
}

/* Polar grids take the general step, which carries the place too (along, in and out of
 * the rings, across the bands where the rings double): it must be grid_locate's. */
static void test_polar_places(void **state)
{
    (void)state;
    static const amz_grid polar[] = {
        {AMZ_TOPO_POLAR, 6, 20, 1, 0, false}, {AMZ_TOPO_POLAR, 3, 12, 1, 0, false},
        {AMZ_TOPO_POLAR, 12, 9, 1, 0, false}, {AMZ_TOPO_POLAR, 3, 40, 1, 0, false},
        {AMZ_TOPO_POLAR, 6, 2, 1, 0, false},
    };
    for (size_t k = 0; k < sizeof polar / sizeof polar[0]; k++) {
        amz_maze m;
        char what[64];
        init(&m, &polar[k], what, sizeof what);
        long across = 0;
        for (amz_cell c = 0; c < m.ncells; c++) {
            grid_at a, want, got = {0, 0, 0, 0, 0, 0, 0};
            grid_locate(&m, c, &a);
            for (int d = 0; d < grid_span_at(&m, &a); d++) {
                amz_cell n = grid_step_loc(&m, c, &a, d, &got);
                if (n != grid_step_at(&m, c, &a, d))
                    fail_msg("polar %s: cell %lld direction %d: another neighbour", what, (long long)c, d);
                if (n == AMZ_NO_CELL)
                    continue;
                grid_locate(&m, n, &want);
                if (!same_polar_place(&got, &want))
                    fail_msg("polar %s: cell %lld direction %d: carried ring %d band %d index %lld, located ring %d "
                             "band %d index %lld",
                             what, (long long)c, d, got.ring, got.band, (long long)got.i, want.ring, want.band,
                             (long long)want.i);
                across += got.band != a.band;
            }
        }
        if (polar[k].height > 8)
            assert_true(across > 0); /* the band changes were stepped over */
        amz_maze_deinit(&m);
    }
}

/* grid_place_next from cell 0 to the last gives grid_locate's place of every cell, on
 * every kind of grid (the walkers' conversion to passages relies on it). */
static void test_place_next(void **state)
{
    (void)state;
    static const amz_grid more[] = {
        {AMZ_TOPO_POLAR, 6, 20, 1, 0, false}, {AMZ_TOPO_POLAR, 3, 1, 1, 0, false},
        {AMZ_TOPO_POLAR, 12, 9, 1, 0, false}, {AMZ_TOPO_SQUARE, 9, 7, 1, 0, true},
        {AMZ_TOPO_HEX, 5, 4, 1, 0, false},    {AMZ_TOPO_OCTAGON, 5, 1, 1, 0, false},
    };
    const int nmore = (int)(sizeof more / sizeof more[0]);
    for (int k = 0; k < NGRIDS + nmore; k++) {
        amz_maze m;
        char what[64];
        init(&m, k < NGRIDS ? &grids[k] : &more[k - NGRIDS], what, sizeof what);
        grid_at a, want;
        grid_locate(&m, 0, &a);
        for (amz_cell c = 0; c < m.ncells; c++) {
            grid_locate(&m, c, &want);
            if (!same_polar_place(&a, &want))
                fail_msg("%s %s: cell %lld: stepped to %d,%d,%d ring %d band %d index %lld of %lld, located %d,%d,%d "
                         "ring %d band %d index %lld of %lld",
                         amz_topology_name(m.topology), what, (long long)c, a.x, a.y, a.z, a.ring, a.band,
                         (long long)a.i, (long long)a.n, want.x, want.y, want.z, want.ring, want.band,
                         (long long)want.i, (long long)want.n);
            if (c + 1 < m.ncells)
                grid_place_next(&m, &a);
        }
        amz_maze_deinit(&m);
    }
}

/* Which walk a run takes: aldous-broder or wilson, lattice or general form; `third`:
 * aldous-broder (general) first, until a third of the part is in the tree (houston's
 * state), then the walk; `bordered`: wilson's bordered form itself (unobserved runs). */
typedef struct walk_kind {
    bool wilson, general, third, bordered;
} walk_kind;

/* One run; its events into *l, or no observer when l is NULL. */
static amz_status run(amz_maze *m, const amz_grid *g, bool masked, uint64_t seed, walk_kind k, tu_events *l)
{
    char what[64];
    init(m, g, what, sizeof what);
    if (masked)
        tu_random_mask(m, 0.15, seed);
    /* A masked grid's walks are rooted at its start: on polar grids the last cell, so
     * that walks also step out of the centre (by default the start and the root). */
    if (masked && m->topology == AMZ_TOPO_POLAR)
        for (amz_cell c = m->ncells - 1; c > 0; c--)
            if (grid_exists(m, c)) {
                m->start = c;
                break;
            }
    amz_rng rng;
    amz_rng_seed(&rng, seed);
    amz_observer obs = {tu_record_event, l, 0};
    walker w;
    amz_status st = gen_walker_init(&w, m, &rng, l ? &obs : NULL, "walk", NULL);
    if (st != AMZ_OK)
        return st;
    assert_non_null(w.nib); /* the general forms' storage: a lattice grid is not plain */
    if (k.third)
        st = gen_walk_general_aldous_broder(&w, w.total / 3 > 1 ? w.total / 3 : 1);
    if (st == AMZ_OK && k.wilson)
        st = k.general    ? gen_walk_general_wilson(&w)
             : k.bordered ? (g->topology == AMZ_TOPO_POLAR ? gen_wilson_polar(&w) : gen_wilson_lattice(&w))
                          : gen_walk_any_wilson(&w);
    else if (st == AMZ_OK)
        st = k.general ? gen_walk_general_aldous_broder(&w, w.total) : gen_walk_any_aldous_broder(&w, w.total);
    return gen_walker_finish(&w, st, "walk", NULL);
}

/* The walks' grids: the lattices above, and polar grids (Wilson steps them by its ring
 * table, Aldous-Broder through grid/topo.h): one ring, a single band, bands doubling. */
static const amz_grid polar_walks[] = {
    {AMZ_TOPO_POLAR, 6, 1, 1, 0, false},  {AMZ_TOPO_POLAR, 6, 2, 1, 0, false}, {AMZ_TOPO_POLAR, 12, 3, 1, 0, false},
    {AMZ_TOPO_POLAR, 3, 12, 1, 0, false}, {AMZ_TOPO_POLAR, 6, 20, 1, 0, false},
};

static const amz_grid *walk_grid(int k)
{
    return k < NGRIDS ? &grids[k] : &polar_walks[k - NGRIDS];
}

static void test_walks_same_maze(void **state)
{
    (void)state;
    const int n = NGRIDS + (int)(sizeof polar_walks / sizeof polar_walks[0]);
    for (int wil = 0; wil < 2; wil++)
        for (int k = 0; k < n; k++)
            for (uint64_t seed = 1; seed <= (uint64_t)TU_REPS(8); seed++)
                for (int masked = 0; masked < 2; masked++) {
                    const amz_grid *g = walk_grid(k);
                    char what[96], size[64];
                    amz_grid_format_size(g, size, sizeof size);
                    snprintf(what, sizeof what, "%s on %s %s seed %llu%s", wil ? "wilson" : "aldous-broder",
                             amz_topology_name(g->topology), size, (unsigned long long)seed,
                             masked ? " masked" : "");
                    tu_events lat = {0}, gen = {0};
                    amz_maze a, b;
                    const walk_kind fast = {wil, false, false, false}, general = {wil, true, false, false};
                    assert_int_equal(run(&a, g, masked, seed, fast, &lat), AMZ_OK);
                    assert_int_equal(run(&b, g, masked, seed, general, &gen), AMZ_OK);
                    tu_assert_same_maze(&a, &b, what);
                    tu_assert_same_events(&lat, &gen, what);
                    if (lat.n > 3) { /* cancelled a third of the way: the same partial maze */
                        amz_maze_deinit(&a);
                        amz_maze_deinit(&b);
                        tu_events cl = {NULL, 0, 0, lat.n / 3}, cg = {NULL, 0, 0, lat.n / 3};
                        assert_int_equal(run(&a, g, masked, seed, fast, &cl), AMZ_ECANCELED);
                        assert_int_equal(run(&b, g, masked, seed, general, &cg), AMZ_ECANCELED);
                        tu_assert_same_maze(&a, &b, what);
                        free(cl.ev);
                        free(cg.ev);
                    }
                    free(lat.ev);
                    free(gen.ev);
                    amz_maze_deinit(&a);
                    amz_maze_deinit(&b);
                }
}

/* Unobserved Wilson on lattices takes the bordered form (src/gen/wilson_lattice.c), on
 * polar grids the byte form (src/gen/wilson_polar.c): against the general walk, also
 * unobserved, from the same stream; from the root alone and after Aldous-Broder has put
 * a third of the part in the tree (houston's state). */
static void test_wilson_unobserved(void **state)
{
    (void)state;
    /* Grids where the layout fits its 2 bytes a cell (the border outweighs thinner ones). */
    static const amz_grid big[] = {
        {AMZ_TOPO_SQUARE, 20, 15, 1, AMZ_WRAP_X, false},   {AMZ_TOPO_SQUARE, 12, 10, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false},
        {AMZ_TOPO_SQUARE, 16, 16, 6, 0, false},            {AMZ_TOPO_SQUARE, 16, 14, 6, AMZ_WRAP_Y, false},
        {AMZ_TOPO_HEX, 20, 14, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, {AMZ_TOPO_HEX, 14, 12, 5, 0, false},
        {AMZ_TOPO_HEX, 14, 13, 1, AMZ_WRAP_Y, false},      {AMZ_TOPO_TRIANGLE, 20, 12, 1, AMZ_WRAP_X, false},
        {AMZ_TOPO_TRIANGLE, 16, 10, 1, AMZ_WRAP_X | AMZ_WRAP_Y, false}, {AMZ_TOPO_TRIANGLE, 12, 12, 6, 0, false},
        {AMZ_TOPO_OCTAGON, 30, 21, 1, 0, false},           {AMZ_TOPO_OCTAGON, 12, 10, 1, 0, false},
        /* polar: one ring; the widest first ring (the centre's exits up to OUT + 11);
         * bands doubling from 3 cells; many rings */
        {AMZ_TOPO_POLAR, 6, 1, 1, 0, false},               {AMZ_TOPO_POLAR, 12, 4, 1, 0, false},
        {AMZ_TOPO_POLAR, 3, 14, 1, 0, false},              {AMZ_TOPO_POLAR, 6, 24, 1, 0, false},
    };
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++)
        for (uint64_t seed = 1; seed <= (uint64_t)TU_REPS(12); seed++)
            for (int v = 0; v < 4; v++) {
                const amz_grid *g = &big[k];
                const bool masked = v & 1, third = v & 2;
                char what[160], size[64];
                amz_grid_format_size(g, size, sizeof size);
                snprintf(what, sizeof what, "unobserved wilson on %s %s wrap %u seed %llu%s%s",
                         amz_topology_name(g->topology), size, g->wrap, (unsigned long long)seed,
                         masked ? " masked" : "", third ? " after aldous-broder" : "");
                amz_maze a, b;
                const walk_kind bordered = {true, false, third, true}, general = {true, true, third, false};
                assert_int_equal(run(&a, g, masked, seed, bordered, NULL), AMZ_OK);
                assert_int_equal(run(&b, g, masked, seed, general, NULL), AMZ_OK);
                tu_assert_same_maze(&a, &b, what);
                amz_maze_deinit(&a);
                amz_maze_deinit(&b);
            }
    /* A thin grid and a polar one are left to the general walk by the bordered form,
     * untouched (and the polar form takes no lattice). */
    static const amz_grid other[] = {{AMZ_TOPO_SQUARE, 1, 40, 1, AMZ_WRAP_Y, false}, {AMZ_TOPO_POLAR, 6, 8, 1, 0, false}};
    for (size_t k = 0; k < 2; k++) {
        amz_maze m;
        char what[64];
        init(&m, &other[k], what, sizeof what);
        amz_rng rng;
        amz_rng_seed(&rng, 1);
        walker w;
        assert_int_equal(gen_walker_init(&w, &m, &rng, NULL, "walk", NULL), AMZ_OK);
        assert_int_equal(gen_wilson_lattice(&w), AMZ_EINVAL);
        if (m.topology != AMZ_TOPO_POLAR)
            assert_int_equal(gen_wilson_polar(&w), AMZ_EINVAL);
        assert_int_equal(w.in_tree, 1);
        assert_int_equal(gen_walker_finish(&w, AMZ_OK, "walk", NULL), AMZ_OK);
        amz_maze_deinit(&m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_match_topo),
        cmocka_unit_test(test_polar_places),
        cmocka_unit_test(test_place_next),
        cmocka_unit_test(test_walks_same_maze),
        cmocka_unit_test(test_wilson_unobserved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
