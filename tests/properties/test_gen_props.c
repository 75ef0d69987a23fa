/* test_gen_props.c — every registered generator, over many seeds and sizes (1x1 to
 * 200x150, thin strips included) and both topologies: the maze is perfect (connected,
 * passages = cells - 1, checked from scratch), consistent, deterministic by seed, and
 * different seeds give different mazes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static const int sizes[][2] = {
    {1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 37}, {37, 1}, {3, 3}, {5, 4}, {4, 5}, {16, 16}, {31, 7}, {64, 2},
    {2, 64}, {63, 65}, {100, 30}, {200, 150},
};

static void check_generator(const amz_gen_info *g, amz_topology t)
{
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        int seeds = TU_REPS(w * h > 5000 ? 2 : w * h > 1000 ? 4 : 25); /* 13 generators x 2 grids: keep it brisk */
        for (int seed = 0; seed < seeds; seed++) {
            amz_maze m;
            tu_generate(&m, t, w, h, g->name, (uint64_t)seed * 7919u + 1);
            if (!tu_is_perfect(&m) || !tu_edges_consistent(&m))
                fail_msg("%s on %s %dx%d seed %d: not a perfect, consistent maze", g->name, amz_topology_name(t), w,
                         h, seed);
            assert_string_equal(m.algorithm, g->name);
            amz_maze_deinit(&m);
        }
    }
}

static void test_perfect(void **state)
{
    (void)state;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        if (!g->perfect)
            continue;
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
            if (amz_gen_supports(g, (amz_topology)t))
                check_generator(g, (amz_topology)t);
    }
}

static void test_deterministic_and_seed_sensitive(void **state)
{
    (void)state;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            uint64_t hashes[20];
            for (int seed = 0; seed < 20; seed++) {
                amz_maze a, b;
                tu_generate(&a, (amz_topology)t, 40, 30, g->name, (uint64_t)seed);
                tu_generate(&b, (amz_topology)t, 40, 30, g->name, (uint64_t)seed);
                assert_true(amz_maze_equal(&a, &b));
                hashes[seed] = tu_maze_hash(&a);
                amz_maze_deinit(&a);
                amz_maze_deinit(&b);
            }
            /* 20 seeds on 1200 cells: any repeat means the seed is being ignored. */
            for (int x = 0; x < 20; x++)
                for (int y = x + 1; y < 20; y++)
                    if (hashes[x] == hashes[y])
                        fail_msg("%s on %s: seeds %d and %d gave the same maze", g->name,
                                 amz_topology_name((amz_topology)t), x, y);
        }
    }
}

/* Masked grids: a ring-shaped set of cells (connected) must get a perfect maze over
 * exactly the remaining cells, with nothing carved into removed ones. Generators that
 * cannot work around removed cells must say so (AMZ_EUNSUPPORTED, a message naming
 * them) and leave the maze as it was. */
static void test_masked(void **state)
{
    (void)state;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t))
                continue;
            for (int seed = 0; seed < 10; seed++) {
                amz_maze m;
                amz_error err;
                assert_int_equal(amz_maze_init(&m, (amz_topology)t, 21, 17, &err), AMZ_OK);
                for (int y = 5; y < 12; y++)
                    for (int x = 6; x < 15; x++)
                        assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, x, y), false, &err), AMZ_OK);
                const int east = t == AMZ_TOPO_SQUARE ? AMZ_SQ_E : AMZ_HEX_SE;
                assert_int_equal(amz_maze_set_passage(&m, 0, east, true, &err), AMZ_OK); /* survives a refusal */
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = (uint64_t)seed;
                amz_status st = amz_gen_run(&m, g->name, &o, NULL, &err);
                if (!g->masks) {
                    assert_int_equal(st, AMZ_EUNSUPPORTED);
                    assert_non_null(strstr(err.msg, g->name));
                    assert_true(amz_maze_passage(&m, 0, east));
                    amz_maze_deinit(&m);
                    break;
                }
                assert_int_equal(st, AMZ_OK);
                assert_true(tu_is_perfect(&m));
                for (amz_cell c = 0; c < m.ncells; c++)
                    if (!amz_maze_exists(&m, c))
                        assert_int_equal(amz_maze_cell_mask(&m, c), 0);
                amz_maze_deinit(&m);
            }
        }
    }
}

/* Islands: a removed column cuts the grid in two. Every generator that takes masks
 * refuses such a maze by default (naming the island count) and, with allow_islands,
 * carves a spanning tree of each island (the walkers must not wait for cells they
 * cannot reach). */
static void test_islands(void **state)
{
    (void)state;
    for (size_t i = 0; i < amz_gen_count(); i++) {
        const amz_gen_info *g = amz_gen_at(i);
        for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
            if (!amz_gen_supports(g, (amz_topology)t) || !g->masks)
                continue;
            for (int seed = 0; seed < 5; seed++) {
                amz_maze m;
                amz_error err;
                assert_int_equal(amz_maze_init(&m, (amz_topology)t, 15, 9, &err), AMZ_OK);
                for (int y = 0; y < 9; y++)
                    assert_int_equal(amz_maze_set_exists(&m, amz_maze_cell_at(&m, 6, y), false, &err), AMZ_OK);
                m.start = amz_maze_cell_at(&m, 10, 4);
                amz_gen_options o;
                amz_gen_options_init(&o);
                o.seed = (uint64_t)seed;
                assert_int_equal(amz_gen_run(&m, g->name, &o, NULL, &err), AMZ_EINVAL);
                assert_non_null(strstr(err.msg, "2 separate islands"));
                o.allow_islands = true;
                if (amz_gen_run(&m, g->name, &o, NULL, &err) != AMZ_OK)
                    fail_msg("%s on islands: %s", g->name, err.msg);
                int64_t cells, passages;
                tu_part(&m, m.start, &cells, &passages);
                assert_int_equal(cells, 8 * 9); /* the whole right island */
                assert_int_equal(passages, cells - 1);
                tu_part(&m, amz_maze_cell_at(&m, 0, 0), &cells, &passages);
                assert_int_equal(cells, 6 * 9); /* the left island, a tree of its own */
                assert_int_equal(passages, cells - 1);
                amz_maze_deinit(&m);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perfect),
        cmocka_unit_test(test_deterministic_and_seed_sensitive),
        cmocka_unit_test(test_masked),
        cmocka_unit_test(test_islands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
