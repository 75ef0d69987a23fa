/* test_parents.c — the conversion of a parent-direction tree into passages
 * (src/gen/parents.c): the whole-grid fast forms (square 32 cells a step, hex 21 cells
 * a step) against the general row-by-row form, on random spanning trees of plain
 * square and hex grids of many widths (below, at and past a step's 21 or 32 cells, odd
 * and even, one row or one column) with the root anywhere: the same bits, and exactly
 * the tree's edges (one per cell but the root). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaze/rng.h"
#include "gen/parents.h"
#include "testutil.h"

static const int sizes[][2] = {{1, 1},   {1, 6},  {6, 1},   {2, 2},  {3, 5},  {20, 3}, {21, 4},  {22, 5},
                               {23, 2},  {31, 3}, {32, 4},  {33, 3}, {41, 2}, {42, 3}, {43, 7},  {63, 3},
                               {64, 3},  {65, 4}, {100, 7}, {7, 90}, {127, 9}, {128, 5}, {300, 11}};

/* A random spanning tree held as parent directions in m->passages (the field of the
 * root random too: it must be ignored). Grown from the root by attaching a random
 * unvisited neighbour of a random tree cell. Returns the root. */
static amz_cell random_tree(amz_maze *m, amz_rng *rng)
{
    const int32_t w = m->width, h = m->height;
    const int nd = m->ndirs, bits = nd / 2;
    const amz_cell n = m->ncells, root = (amz_cell)amz_rng_below(rng, (uint32_t)n);
    amz_cell *tree = malloc((size_t)n * sizeof *tree);
    uint8_t *in = calloc((size_t)n, 1);
    assert_non_null(tree);
    assert_non_null(in);
    int64_t size = 0, done = 0;
    tree[size++] = root;
    in[root] = 1;
    set_parent(m->passages, bits, root, (unsigned)amz_rng_below(rng, (uint32_t)nd));
    while (done < size) {
        /* A random tree cell; cells with no unvisited neighbour leave the pool. */
        int64_t i = done + (int64_t)amz_rng_below(rng, (uint32_t)(size - done));
        amz_cell c = tree[i];
        int32_t x = (int32_t)(c % w), y = (int32_t)(c / w);
        int free[AMZ_MAX_DIRS], k = 0;
        for (int d = 0; d < nd; d++) {
            amz_cell nb = grid_neighbor_xy(m->topology, w, h, c, x, y, d);
            if (nb != AMZ_NO_CELL && !in[nb])
                free[k++] = d;
        }
        if (!k) {
            tree[i] = tree[done];
            tree[done++] = c;
            continue;
        }
        int d = free[amz_rng_below(rng, (uint32_t)k)];
        amz_cell nb = grid_neighbor_xy(m->topology, w, h, c, x, y, d);
        in[nb] = 1;
        set_parent(m->passages, bits, nb, (unsigned)grid_plain_opposite(m->topology, d));
        tree[size++] = nb;
    }
    assert_int_equal(size, n);
    free(tree);
    free(in);
    return root;
}

static void test_fast_forms(void **state)
{
    (void)state;
    const amz_topology topos[] = {AMZ_TOPO_SQUARE, AMZ_TOPO_HEX};
    int64_t trees = 0;
    for (size_t t = 0; t < 2; t++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (uint64_t seed = 0; seed < (uint64_t)TU_REPS(12); seed++) {
                amz_maze fast, general;
                const int w = sizes[s][0], h = sizes[s][1];
                assert_int_equal(amz_maze_init(&fast, topos[t], w, h, NULL), AMZ_OK);
                assert_int_equal(amz_maze_init(&general, topos[t], w, h, NULL), AMZ_OK);
                amz_rng rng;
                amz_rng_seed(&rng, seed * 1000 + s);
                const amz_cell root = random_tree(&fast, &rng);
                const size_t words = (size_t)bits_words((uint64_t)fast.ncells * (uint64_t)fast.bits);
                memcpy(general.passages, fast.passages, words * sizeof *fast.passages);
                /* The general form reads "has a parent" from a bitmap: every cell. */
                uint64_t *marked = malloc((size_t)bits_words((uint64_t)fast.ncells) * 8);
                assert_non_null(marked);
                memset(marked, 0xff, (size_t)bits_words((uint64_t)fast.ncells) * 8);
                assert_int_equal(gen_parents_to_passages(&fast, NULL, marked, root, true), AMZ_OK);
                assert_int_equal(gen_parents_to_passages(&general, NULL, marked, root, false), AMZ_OK);
                char what[96];
                snprintf(what, sizeof what, "%s %dx%d seed %llu root %lld", amz_topology_name(topos[t]), w, h,
                         (unsigned long long)seed, (long long)root);
                tu_assert_same_maze(&fast, &general, what);
                /* Bit for bit too: no edge out of the grid may be left set. */
                for (amz_cell c = 0; c < fast.ncells; c++)
                    if (parent_of(fast.passages, fast.bits, c) != parent_of(general.passages, general.bits, c))
                        fail_msg("%s: cell %lld's field %u, not %u", what, (long long)c,
                                 parent_of(fast.passages, fast.bits, c), parent_of(general.passages, general.bits, c));
                if (!tu_is_perfect(&fast))
                    fail_msg("%s: not the tree's edges", what);
                free(marked);
                amz_maze_deinit(&fast);
                amz_maze_deinit(&general);
                trees++;
            }
    assert_int_equal(trees, 2 * (int64_t)(sizeof sizes / sizeof sizes[0]) * TU_REPS(12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
