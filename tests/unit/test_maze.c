/* test_maze.c — the maze model (include/amaze/maze.h, src/grid/maze.c): neighbour
 * tables of both topologies against references written here (hex through cube
 * coordinates, not the library's offset tables), passages against a naive edge-set
 * model, set_passage errors, masks, paths, copy and equality, lifecycle errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

static const int shapes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {2, 3}, {3, 2}, {4, 4},
                                {5, 7}, {7, 5}, {6, 6}, {8, 3}, {3, 8}, {9, 9}};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* Reference neighbour: square by plain offsets; hex ("odd-q", flat-topped columns, odd
 * columns half a cell lower) via axial coordinates q = x, r = y - (x - (x&1)) / 2, in
 * which the six directions are constant vectors. */
static amz_cell ref_neighbor(amz_topology t, int w, int h, int x, int y, int d)
{
    int nx, ny;
    if (t == AMZ_TOPO_SQUARE) {
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        nx = x + dx[d];
        ny = y + dy[d];
    } else {
        /* N, NE, SE, S, SW, NW in axial (dq, dr). */
        static const int dq[6] = {0, 1, 1, 0, -1, -1}, dr[6] = {-1, -1, 0, 1, 1, 0};
        int q = x, r = y - (x - (x & 1)) / 2;
        q += dq[d];
        r += dr[d];
        nx = q;
        ny = r + (q - (q & 1)) / 2;
    }
    if (nx < 0 || ny < 0 || nx >= w || ny >= h)
        return AMZ_NO_CELL;
    return (amz_cell)ny * w + nx;
}

static void test_topology_names(void **state)
{
    (void)state;
    amz_topology t;
    amz_error err;
    assert_int_equal(amz_topology_ndirs(AMZ_TOPO_SQUARE), 4);
    assert_int_equal(amz_topology_ndirs(AMZ_TOPO_HEX), 6);
    assert_int_equal(amz_topology_ndirs(AMZ_TOPO_TRIANGLE), 4);
    assert_int_equal(amz_topology_ndirs(AMZ_TOPO_OCTAGON), 8);
    assert_int_equal(amz_topology_ndirs(AMZ_TOPO_POLAR), 9);
    assert_int_equal(amz_topology_ndirs((amz_topology)AMZ_TOPO_COUNT), 0);
    assert_string_equal(amz_topology_name(AMZ_TOPO_SQUARE), "square");
    assert_string_equal(amz_topology_name(AMZ_TOPO_HEX), "hex");
    assert_null(amz_topology_name((amz_topology)7));
    assert_int_equal(amz_topology_parse("hex", &t, &err), AMZ_OK);
    assert_int_equal(t, AMZ_TOPO_HEX);
    assert_int_equal(amz_topology_parse("square", &t, &err), AMZ_OK);
    assert_int_equal(t, AMZ_TOPO_SQUARE);
    assert_int_equal(amz_topology_parse("Hex", &t, &err), AMZ_ENOTFOUND);
    assert_non_null(strstr(err.msg, "'Hex'"));
    assert_int_equal(amz_topology_parse(NULL, &t, NULL), AMZ_ENOTFOUND);

    static const char *const sq[] = {"N", "E", "S", "W"}, *const hx[] = {"N", "NE", "SE", "S", "SW", "NW"};
    for (int d = 0; d < 4; d++)
        assert_string_equal(amz_dir_name(AMZ_TOPO_SQUARE, d), sq[d]);
    for (int d = 0; d < 6; d++)
        assert_string_equal(amz_dir_name(AMZ_TOPO_HEX, d), hx[d]);
    assert_string_equal(amz_dir_name(AMZ_TOPO_SQUARE, 4), "U");
    assert_string_equal(amz_dir_name(AMZ_TOPO_SQUARE, 10), "?");
    assert_string_equal(amz_dir_name(AMZ_TOPO_POLAR, 4), "OUT2");
    assert_string_equal(amz_dir_name(AMZ_TOPO_HEX, -1), "?");
    assert_string_equal(amz_dir_name((amz_topology)AMZ_TOPO_COUNT, 0), "?");
    /* Opposites spelled out: N<->S, E<->W; N<->S, NE<->SW, SE<->NW. */
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_SQUARE, AMZ_SQ_N), AMZ_SQ_S);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_SQUARE, AMZ_SQ_S), AMZ_SQ_N);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_SQUARE, AMZ_SQ_E), AMZ_SQ_W);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_SQUARE, AMZ_SQ_W), AMZ_SQ_E);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_N), AMZ_HEX_S);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_S), AMZ_HEX_N);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_NE), AMZ_HEX_SW);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_SW), AMZ_HEX_NE);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_SE), AMZ_HEX_NW);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_NW), AMZ_HEX_SE);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, AMZ_HEX_U), AMZ_HEX_D);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_HEX, 8), -1);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_POLAR, AMZ_POLAR_CW), AMZ_POLAR_CCW);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_POLAR, AMZ_POLAR_IN), -1);
    assert_int_equal(amz_dir_opposite(AMZ_TOPO_SQUARE, -1), -1);
    assert_int_equal(amz_dir_opposite((amz_topology)9, 0), -1);
}

static void test_neighbors(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (size_t s = 0; s < NSHAPES; s++) {
            int w = shapes[s][0], h = shapes[s][1];
            amz_maze m;
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
            assert_int_equal(m.ndirs, t == AMZ_TOPO_SQUARE ? 4 : 6);
            assert_int_equal(m.bits, m.ndirs / 2);
            int inner = 0;
            for (amz_cell c = 0; c < m.ncells; c++) {
                int x = (int)(c % w), y = (int)(c / w), count = 0;
                for (int d = 0; d < m.ndirs; d++) {
                    amz_cell nb = amz_maze_neighbor(&m, c, d);
                    if (nb != ref_neighbor((amz_topology)t, w, h, x, y, d))
                        fail_msg("%s %dx%d: neighbour of (%d,%d) to the %s is %lld", amz_topology_name(m.topology), w,
                                 h, x, y, amz_dir_name(m.topology, d), (long long)nb);
                    if (nb == AMZ_NO_CELL)
                        continue;
                    count++;
                    assert_true(nb >= 0 && nb < m.ncells);
                    /* Mutual: going back the opposite way returns to c. */
                    assert_int_equal(amz_maze_neighbor(&m, nb, amz_dir_opposite(m.topology, d)), c);
                }
                inner += count == m.ndirs;
                assert_int_equal(amz_maze_neighbor(&m, c, -1), AMZ_NO_CELL);
                assert_int_equal(amz_maze_neighbor(&m, c, m.ndirs), AMZ_NO_CELL);
            }
            if (w >= 3 && h >= 3)
                assert_true(inner > 0); /* the reference is not vacuous */
            assert_int_equal(amz_maze_neighbor(&m, -1, 0), AMZ_NO_CELL);
            assert_int_equal(amz_maze_neighbor(&m, m.ncells, 0), AMZ_NO_CELL);
            amz_maze_deinit(&m);
        }
}

static void test_init_and_cells(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 7, 3, &err), AMZ_OK);
    assert_int_equal(m.ncells, 21);
    assert_int_equal(m.start, 0);
    assert_int_equal(m.goal, 20);
    assert_true(m.seed == 0 && m.algorithm[0] == '\0' && !m.has_solution && !m.mask);
    assert_true(amz_maze_count_passages(&m) == 0);
    assert_int_equal(amz_maze_count_cells(&m), 21);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 7; x++) {
            amz_cell c = amz_maze_cell_at(&m, x, y);
            assert_int_equal(c, y * 7 + x);
            int32_t cx, cy;
            amz_maze_cell_xy(&m, c, &cx, &cy);
            assert_int_equal(cx, x);
            assert_int_equal(cy, y);
            assert_true(amz_maze_exists(&m, c));
            assert_int_equal(amz_maze_cell_mask(&m, c), 0);
        }
    amz_maze_cell_xy(&m, 9, NULL, NULL); /* NULL outputs allowed */
    assert_int_equal(amz_maze_cell_at(&m, 7, 0), AMZ_NO_CELL);
    assert_int_equal(amz_maze_cell_at(&m, 0, 3), AMZ_NO_CELL);
    assert_int_equal(amz_maze_cell_at(&m, -1, 0), AMZ_NO_CELL);
    assert_int_equal(amz_maze_cell_at(&m, 0, -1), AMZ_NO_CELL);
    assert_false(amz_maze_exists(&m, -1));
    assert_false(amz_maze_exists(&m, 21));
    amz_maze_deinit(&m);
    amz_maze_deinit(&m); /* deinit of a zeroed maze is a no-op */
    amz_maze_deinit(NULL);

    /* Errors leave *m zeroed. */
    static const int64_t bad[][2] = {{0, 5},
                                     {5, 0},
                                     {-1, 5},
                                     {5, -3},
                                     {(int64_t)AMZ_MAX_SIDE + 1, 1},
                                     {1, (int64_t)AMZ_MAX_SIDE + 1},
                                     {INT64_MAX, INT64_MAX},
                                     {(int64_t)1 << 18, ((int64_t)1 << 18) + 1},
                                     {AMZ_MAX_SIDE, AMZ_MAX_SIDE}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&m, 0x5a, sizeof m);
        amz_error_clear(&err);
        assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, bad[i][0], bad[i][1], &err), AMZ_ERANGE);
        assert_non_null(strstr(err.msg, "size"));
        assert_null(m.passages);
        assert_int_equal(m.ncells, 0);
        amz_maze_deinit(&m);
    }
    assert_int_equal(amz_maze_init(&m, (amz_topology)AMZ_TOPO_COUNT, 3, 3, &err), AMZ_EINVAL);
    assert_non_null(strstr(err.msg, "topology"));
    assert_null(m.passages);
}

/* Passages against a naive model: one bool per (cell, direction), kept symmetric here. */
static void test_passages_vs_model(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++)
        for (size_t s = 0; s < NSHAPES; s++) {
            int w = shapes[s][0], h = shapes[s][1];
            amz_maze m;
            assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
            bool *open = calloc((size_t)m.ncells * 6, 1);
            amz_rng r;
            amz_rng_seed(&r, (uint64_t)(t * 100 + s));
            for (int op = 0; op < 400; op++) {
                amz_cell c = (amz_cell)amz_rng_below64(&r, (uint64_t)m.ncells);
                int d = (int)amz_rng_below(&r, (uint32_t)m.ndirs);
                bool v = amz_rng_below(&r, 3) != 0;
                amz_cell nb = amz_maze_neighbor(&m, c, d);
                amz_status st = amz_maze_set_passage(&m, c, d, v, NULL);
                if (nb == AMZ_NO_CELL) {
                    assert_int_equal(st, AMZ_ERANGE);
                    continue;
                }
                assert_int_equal(st, AMZ_OK);
                open[c * 6 + d] = v;
                open[nb * 6 + amz_dir_opposite(m.topology, d)] = v;
            }
            uint64_t total = 0;
            for (amz_cell c = 0; c < m.ncells; c++) {
                unsigned mask = 0;
                for (int d = 0; d < m.ndirs; d++) {
                    assert_int_equal(amz_maze_passage(&m, c, d), open[c * 6 + d]);
                    mask |= (unsigned)open[c * 6 + d] << d;
                    total += open[c * 6 + d];
                }
                assert_int_equal(amz_maze_cell_mask(&m, c), mask);
                assert_int_equal(amz_maze_degree(&m, c), __builtin_popcount(mask));
            }
            assert_true(amz_maze_count_passages(&m) == total / 2);
            assert_true(tu_edges_consistent(&m));
            /* clear closes everything and keeps the shape. */
            amz_maze_clear(&m);
            assert_true(amz_maze_count_passages(&m) == 0);
            for (amz_cell c = 0; c < m.ncells; c++)
                assert_int_equal(amz_maze_cell_mask(&m, c), 0);
            free(open);
            amz_maze_deinit(&m);
        }
}

static void test_set_passage_errors(void **state)
{
    (void)state;
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 4, 3, NULL), AMZ_OK);
    amz_error_clear(&err);
    assert_int_equal(amz_maze_set_passage(&m, 0, AMZ_SQ_N, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell (0,0) has no neighbour to the N");
    assert_int_equal(amz_maze_set_passage(&m, 11, AMZ_SQ_E, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell (3,2) has no neighbour to the E");
    assert_int_equal(amz_maze_set_passage(&m, 8, AMZ_SQ_S, true, &err), AMZ_ERANGE);
    assert_int_equal(amz_maze_set_passage(&m, 4, AMZ_SQ_W, true, &err), AMZ_ERANGE);
    assert_int_equal(amz_maze_set_passage(&m, -1, AMZ_SQ_E, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell -1 is outside the grid (12 cells)");
    assert_int_equal(amz_maze_set_passage(&m, 12, AMZ_SQ_W, true, &err), AMZ_ERANGE);
    assert_int_equal(amz_maze_set_passage(&m, 5, -1, true, &err), AMZ_ERANGE);
    assert_int_equal(amz_maze_set_passage(&m, 5, 4, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell (1,1) has no neighbour to the U");
    assert_int_equal(amz_maze_set_passage(&m, 5, 12, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell (1,1) has no neighbour to the ?");
    assert_true(amz_maze_count_passages(&m) == 0); /* nothing changed */
    /* Towards a removed cell. */
    assert_int_equal(amz_maze_set_exists(&m, 6, false, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(&m, 5, AMZ_SQ_E, true, &err), AMZ_ERANGE);
    assert_int_equal(amz_maze_set_passage(&m, 6, AMZ_SQ_W, true, &err), AMZ_ERANGE);
    assert_false(amz_maze_passage(&m, 5, AMZ_SQ_E));
    amz_maze_deinit(&m);

    /* Hex: the top of an even column has no NE/NW, an odd column does. */
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_HEX, 4, 3, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_passage(&m, 0, AMZ_HEX_NE, true, &err), AMZ_ERANGE);
    assert_string_equal(err.msg, "cell (0,0) has no neighbour to the NE");
    assert_int_equal(amz_maze_set_passage(&m, 1, AMZ_HEX_NW, true, &err), AMZ_OK);
    assert_true(amz_maze_passage(&m, 0, AMZ_HEX_SE));
    assert_int_equal(amz_maze_set_passage(&m, 9, AMZ_HEX_SE, true, &err), AMZ_ERANGE); /* odd column, last row */
    amz_maze_deinit(&m);
}

static void test_masks(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze m;
        amz_error err;
        const int w = 7, h = 5; /* 35 cells: the mask's last byte is partial */
        assert_int_equal(amz_maze_init(&m, (amz_topology)t, w, h, NULL), AMZ_OK);
        for (amz_cell c = 0; c < m.ncells; c++)
            for (int d = 1; d <= m.bits; d++)
                if (amz_maze_neighbor(&m, c, d) != AMZ_NO_CELL)
                    amz_maze_set_passage(&m, c, d, true, NULL);
        uint64_t before = amz_maze_count_passages(&m);
        /* Removing an interior cell closes all of its edges, seen from both sides. */
        amz_cell mid = amz_maze_cell_at(&m, 3, 2);
        int deg = amz_maze_degree(&m, mid);
        assert_int_equal(deg, m.ndirs);
        assert_null(m.mask);
        assert_int_equal(amz_maze_set_exists(&m, mid, true, NULL), AMZ_OK);
        assert_null(m.mask); /* "exists" on an unmasked maze allocates nothing */
        assert_int_equal(amz_maze_set_exists(&m, mid, false, &err), AMZ_OK);
        assert_non_null(m.mask);
        assert_false(amz_maze_exists(&m, mid));
        assert_true(amz_maze_count_passages(&m) == before - (uint64_t)deg);
        assert_int_equal(amz_maze_cell_mask(&m, mid), 0);
        assert_int_equal(amz_maze_count_cells(&m), m.ncells - 1);
        for (int d = 0; d < m.ndirs; d++) {
            assert_int_equal(amz_maze_neighbor(&m, mid, d), AMZ_NO_CELL);
            amz_cell nb = ref_neighbor(m.topology, w, h, 3, 2, d);
            assert_int_equal(amz_maze_neighbor(&m, nb, amz_dir_opposite(m.topology, d)), AMZ_NO_CELL);
            assert_false(amz_maze_passage(&m, nb, amz_dir_opposite(m.topology, d)));
        }
        assert_true(tu_edges_consistent(&m));
        /* Start and goal move off removed cells (start to the first existing cell, goal
         * to the last), and only the one removed moves. */
        m.start = 3;
        m.goal = 30;
        assert_int_equal(amz_maze_set_exists(&m, 3, false, NULL), AMZ_OK);
        assert_int_equal(m.start, 0);
        assert_int_equal(m.goal, 30);
        assert_int_equal(amz_maze_set_exists(&m, 0, false, NULL), AMZ_OK);
        assert_int_equal(m.start, 1);
        assert_int_equal(amz_maze_set_exists(&m, 30, false, NULL), AMZ_OK);
        assert_int_equal(m.goal, m.ncells - 1);
        assert_int_equal(amz_maze_set_exists(&m, m.ncells - 1, false, NULL), AMZ_OK);
        assert_int_equal(m.goal, m.ncells - 2);
        /* Bringing a cell back: it exists again, with all walls closed. */
        assert_int_equal(amz_maze_set_exists(&m, mid, true, NULL), AMZ_OK);
        assert_true(amz_maze_exists(&m, mid));
        assert_int_equal(amz_maze_cell_mask(&m, mid), 0);
        assert_int_equal(amz_maze_set_passage(&m, mid, 1, true, NULL), AMZ_OK);
        /* Out of range. */
        assert_int_equal(amz_maze_set_exists(&m, m.ncells, false, &err), AMZ_ERANGE);
        assert_non_null(strstr(err.msg, "outside"));
        assert_int_equal(amz_maze_set_exists(&m, -1, true, &err), AMZ_ERANGE);
        /* Removing a cell drops a solution (it may have run through the cell). */
        amz_path p = {m.start, 0, NULL};
        m.goal = m.start;
        assert_int_equal(amz_maze_set_solution(&m, &p, &err), AMZ_OK);
        assert_true(m.has_solution);
        assert_int_equal(amz_maze_set_exists(&m, 20, false, NULL), AMZ_OK);
        assert_false(m.has_solution);
        /* Removing every cell: both ends stay put, default_ends reports the emptiness. */
        for (amz_cell c = 0; c < m.ncells; c++)
            assert_int_equal(amz_maze_set_exists(&m, c, false, NULL), AMZ_OK);
        assert_int_equal(amz_maze_count_cells(&m), 0);
        assert_true(amz_maze_count_passages(&m) == 0);
        assert_int_equal(amz_maze_default_ends(&m, &err), AMZ_EINVAL);
        assert_non_null(strstr(err.msg, "no cells"));
        assert_int_equal(amz_maze_set_exists(&m, 12, true, NULL), AMZ_OK);
        assert_int_equal(amz_maze_set_exists(&m, 17, true, NULL), AMZ_OK);
        assert_int_equal(amz_maze_default_ends(&m, &err), AMZ_OK);
        assert_int_equal(m.start, 12);
        assert_int_equal(m.goal, 17);
        amz_maze_deinit(&m);
    }
}

static void test_paths(void **state)
{
    (void)state;
    /* A 3x2 square maze:  S . .      path E, E, S (cells 0 1 2 5)
     *                     x x G      with a wall between 1 and 4 */
    amz_maze m;
    amz_error err;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 3, 2, NULL), AMZ_OK);
    amz_maze_set_passage(&m, 0, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(&m, 1, AMZ_SQ_E, true, NULL);
    amz_maze_set_passage(&m, 2, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(&m, 3, AMZ_SQ_E, true, NULL);
    uint8_t good[] = {AMZ_SQ_E, AMZ_SQ_E, AMZ_SQ_S};
    amz_path p = {0, 3, good};
    assert_int_equal(amz_path_check(&m, &p, 0, 5, &err), AMZ_OK);
    amz_cell cells[4];
    assert_int_equal(amz_path_cells(&m, &p, cells), AMZ_OK);
    assert_int_equal(cells[0], 0);
    assert_int_equal(cells[1], 1);
    assert_int_equal(cells[2], 2);
    assert_int_equal(cells[3], 5);

    assert_int_equal(amz_path_check(&m, &p, 1, 5, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "path starts at cell 0, not at 1");
    assert_int_equal(amz_path_check(&m, &p, 0, 4, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "path ends at cell 5, not at 4");
    uint8_t wall[] = {AMZ_SQ_E, AMZ_SQ_S};
    amz_path q = {0, 2, wall};
    assert_int_equal(amz_path_check(&m, &q, 0, 4, &err), AMZ_EFORMAT);
    assert_string_equal(err.msg, "move 2 of the path goes S from (1,0) through a wall");
    uint8_t off[] = {AMZ_SQ_N};
    amz_path o = {0, 1, off};
    assert_int_equal(amz_path_check(&m, &o, 0, 0, &err), AMZ_EFORMAT);
    assert_int_equal(amz_path_cells(&m, &o, cells), AMZ_EFORMAT); /* off the grid */
    uint8_t baddir[] = {9};
    amz_path b = {0, 1, baddir};
    assert_int_equal(amz_path_check(&m, &b, 0, 1, &err), AMZ_EFORMAT);
    amz_path outside = {17, 0, NULL};
    assert_int_equal(amz_path_check(&m, &outside, 17, 17, &err), AMZ_EFORMAT);
    assert_non_null(strstr(err.msg, "outside"));
    /* path_cells does not check walls, only the grid. */
    assert_int_equal(amz_path_cells(&m, &q, cells), AMZ_OK);
    assert_int_equal(cells[2], 4);

    /* Copy is deep. */
    amz_path c;
    assert_int_equal(amz_path_copy(&c, &p), AMZ_OK);
    assert_ptr_not_equal(c.dirs, p.dirs);
    good[0] = AMZ_SQ_S;
    assert_int_equal(c.dirs[0], AMZ_SQ_E);
    good[0] = AMZ_SQ_E;
    amz_path_deinit(&c);
    assert_null(c.dirs);
    assert_int_equal(c.len, 0);
    amz_path_deinit(&c);
    amz_path_deinit(NULL);
    amz_path empty = {4, 0, NULL};
    assert_int_equal(amz_path_copy(&c, &empty), AMZ_OK);
    assert_int_equal(c.start, 4);
    assert_null(c.dirs);

    /* Solutions go from start to goal, are copied, replace earlier ones. */
    assert_int_equal(amz_maze_set_solution(&m, &q, &err), AMZ_EFORMAT);
    assert_false(m.has_solution);
    assert_int_equal(amz_maze_set_solution(&m, &p, &err), AMZ_OK);
    assert_true(m.has_solution);
    assert_ptr_not_equal(m.solution.dirs, p.dirs);
    assert_int_equal(m.solution.len, 3);
    amz_maze_set_passage(&m, 1, AMZ_SQ_S, true, NULL);
    amz_maze_set_passage(&m, 4, AMZ_SQ_E, true, NULL);
    uint8_t other[] = {AMZ_SQ_E, AMZ_SQ_S, AMZ_SQ_E};
    amz_path p2 = {0, 3, other};
    assert_int_equal(amz_maze_set_solution(&m, &p2, &err), AMZ_OK);
    assert_int_equal(m.solution.dirs[1], AMZ_SQ_S);
    amz_maze_clear_solution(&m);
    assert_false(m.has_solution);
    assert_null(m.solution.dirs);
    amz_maze_clear_solution(&m);
    assert_int_equal(amz_maze_set_solution(&m, &p, &err), AMZ_OK);
    amz_maze_clear(&m); /* drops the solution with the passages */
    assert_false(m.has_solution);
    amz_maze_deinit(&m);
}

static void test_copy_and_equal(void **state)
{
    (void)state;
    for (int t = AMZ_TOPO_SQUARE; t <= AMZ_TOPO_HEX; t++) {
        amz_maze a, b;
        amz_error err;
        tu_generate(&a, (amz_topology)t, 13, 9, "backtracker", 3);
        assert_int_equal(amz_maze_set_exists(&a, 50, false, NULL), AMZ_OK);
        a.goal = 40;
        assert_int_equal(amz_solve_maze(&a, "bfs", NULL, NULL, NULL, &err) == AMZ_OK ||
                             err.code == AMZ_ENOPATH,
                         true);
        assert_int_equal(amz_maze_copy(&b, &a, &err), AMZ_OK);
        assert_true(amz_maze_equal(&a, &b));
        tu_assert_same_maze_full(&a, &b, "copy");
        assert_ptr_not_equal(a.passages, b.passages);
        assert_ptr_not_equal(a.mask, b.mask);
        if (a.has_solution && a.solution.len)
            assert_ptr_not_equal(a.solution.dirs, b.solution.dirs);
        /* Each compared field is really compared. */
        amz_cell c = 7;
        int d = 1;
        while (amz_maze_neighbor(&b, c, d) == AMZ_NO_CELL)
            c++;
        bool was = amz_maze_passage(&b, c, d);
        amz_maze_set_passage(&b, c, d, !was, NULL);
        assert_false(amz_maze_equal(&a, &b));
        assert_true(amz_maze_passage(&a, c, d) == was); /* the copy is deep */
        amz_maze_set_passage(&b, c, d, was, NULL);
        assert_true(amz_maze_equal(&a, &b));
        b.start++;
        assert_false(amz_maze_equal(&a, &b));
        b.start--;
        b.goal--;
        assert_false(amz_maze_equal(&a, &b));
        b.goal++;
        assert_int_equal(amz_maze_set_exists(&b, 3, false, NULL), AMZ_OK);
        assert_false(amz_maze_equal(&a, &b));
        amz_maze_deinit(&b);
        /* Not compared: seed, algorithm, solution. */
        assert_int_equal(amz_maze_copy(&b, &a, NULL), AMZ_OK);
        amz_maze_set_origin(&b, "other", 99);
        amz_maze_clear_solution(&b);
        assert_true(amz_maze_equal(&a, &b));
        amz_maze_deinit(&b);
        /* Different shape or topology. */
        assert_int_equal(amz_maze_init(&b, (amz_topology)t, 9, 13, NULL), AMZ_OK);
        assert_false(amz_maze_equal(&a, &b));
        amz_maze_deinit(&b);
        assert_int_equal(amz_maze_init(&b, (amz_topology)(1 - t), 13, 9, NULL), AMZ_OK);
        assert_false(amz_maze_equal(&a, &b));
        amz_maze_deinit(&b);
        amz_maze_deinit(&a);
    }
}

/* A mask that removes nothing describes the same cells as no mask at all. */
static void test_equal_ignores_trivial_mask(void **state)
{
    (void)state;
    amz_maze a, b;
    tu_generate(&a, AMZ_TOPO_SQUARE, 5, 3, "backtracker", 1);
    assert_int_equal(amz_maze_copy(&b, &a, NULL), AMZ_OK);
    amz_maze_clear(&a);
    amz_maze_clear(&b);
    assert_int_equal(amz_maze_set_exists(&b, 4, false, NULL), AMZ_OK);
    assert_int_equal(amz_maze_set_exists(&b, 4, true, NULL), AMZ_OK);
    assert_non_null(b.mask);
    assert_true(amz_maze_equal(&a, &b));
    assert_true(amz_maze_equal(&b, &a));
    amz_maze_deinit(&a);
    amz_maze_deinit(&b);
}

static void test_origin(void **state)
{
    (void)state;
    amz_maze m;
    assert_int_equal(amz_maze_init(&m, AMZ_TOPO_SQUARE, 2, 2, NULL), AMZ_OK);
    amz_maze_set_origin(&m, "backtracker", 42);
    assert_string_equal(m.algorithm, "backtracker");
    assert_true(m.seed == 42);
    char longname[200];
    memset(longname, 'n', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    amz_maze_set_origin(&m, longname, UINT64_MAX);
    assert_int_equal(strlen(m.algorithm), AMZ_ALGO_MAX - 1);
    assert_true(m.seed == UINT64_MAX);
    amz_maze_set_origin(&m, NULL, 0);
    assert_string_equal(m.algorithm, "");
    amz_maze_deinit(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_topology_names),     cmocka_unit_test(test_neighbors),
        cmocka_unit_test(test_init_and_cells),     cmocka_unit_test(test_passages_vs_model),
        cmocka_unit_test(test_set_passage_errors), cmocka_unit_test(test_masks),
        cmocka_unit_test(test_paths),              cmocka_unit_test(test_copy_and_equal),
        cmocka_unit_test(test_equal_ignores_trivial_mask), cmocka_unit_test(test_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
